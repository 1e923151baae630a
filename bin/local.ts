/**
 * `npm start`: the embedded local stack (DynamoDB Local, the API on http://localhost:3000, the stream router, the
 * in-process queues and workers, the schedules, and a dev chain node unless `CUSTODY_NODE_RPC_URL` is set). Flags:
 * `--port <n>` (or `PORT`), `--in-memory` (a throwaway store), `--data-dir <dir>` (default `.local`), `--host <addr>`
 * (default 127.0.0.1). Settings are the `CUSTODY_*` environment variables; a start that cannot succeed stops with one
 * line and exit code 1. Ctrl-C stops everything.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../shared/config.js';
import { freePort } from '../shared/adapters/local/dynamodb-local.js';
import { localEnvironment } from '../shared/adapters/local/local-environment.js';
import type { LocalStack } from '../shared/adapters/local/local-stack.js';
import { runtimeSummary } from '../shared/crypto/ml-dsa.js';
import { useLocalObservability } from '../shared/observability/local-output.js';

const USAGE = 'usage: npm start -- [--port <n>] [--in-memory] [--data-dir <dir>] [--host <addr>]';

function fail(message: string): never {
  console.error(`error: ${message.split('\n')[0]}`);
  process.exit(1);
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A path as the user would type it: relative when inside the working directory. */
function shown(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

function parseOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'in-memory': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail(`${(e as Error).message} (${USAGE})`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const rawPort = values.port ?? process.env.PORT ?? '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65_535) fail(`invalid port ${JSON.stringify(rawPort)}: give a number 0..65535 with --port or PORT`);
  return { port, inMemory: values['in-memory'], dataDir: path.resolve(values['data-dir'] ?? '.local'), host: values.host ?? process.env.HOST ?? '127.0.0.1' };
}

async function main() {
  const opts = parseOptions();
  console.log(`custody local stack: starting (${opts.inMemory ? 'in memory' : `state in ${shown(opts.dataDir)}`})`);
  console.log(`  runtime: ${runtimeSummary()}`);
  useLocalObservability();

  // Settings are checked before anything starts, and fixed before anything reads them: the store is the DynamoDB
  // Local started here, on a port chosen now.
  try {
    readConfig(localEnvironment(process.env, 'http://127.0.0.1:8000'));
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  // The local stack talks to no AWS service: the SDK's notice about future Node versions is only noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynamoPort = await freePort();
  // The chain node: the one CUSTODY_NODE_RPC_URL names, else a dev chain the stack starts on a port chosen now.
  const chainPort = process.env.CUSTODY_NODE_RPC_URL ? undefined : await freePort();
  if (chainPort !== undefined) process.env.CUSTODY_NODE_RPC_URL = `http://127.0.0.1:${chainPort}`;
  Object.assign(process.env, localEnvironment(process.env, `http://127.0.0.1:${dynamoPort}`));
  console.log(`  configuration: ok (CUSTODY_ENV=${process.env.CUSTODY_ENV}, table ${process.env.CUSTODY_TABLE_NAME})`);

  let stack: LocalStack | undefined;
  let stopping: Promise<void> | undefined;
  let signalled = false;
  const shutdown = (code: number, reason: string) => {
    if (stopping) return stopping;
    console.log(`stopping (${reason})...`);
    stopping = (async () => {
      try {
        await stack?.stop();
      } catch (e) {
        console.error(`error while stopping: ${(e as Error).message}`);
        code = 1;
      }
      process.exit(code);
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      console.error('forced stop'); // the exit handler still kills DynamoDB Local
      process.exit(1);
    }
    signalled = true;
    if (stack) void shutdown(0, signal);
    else console.log(`${signal}: stopping as soon as the start completes...`);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, onSignal);
  process.on('uncaughtException', (e) => {
    console.error(`error: ${e.message}`);
    void shutdown(1, 'uncaught exception');
  });
  process.on('unhandledRejection', (e) => {
    console.error(`error: ${messageOf(e)}`);
    void shutdown(1, 'unhandled rejection');
  });

  try {
    const { startLocalStack } = await import('../shared/adapters/local/local-stack.js');
    stack = await startLocalStack({
      port: opts.port,
      host: opts.host,
      inMemory: opts.inMemory,
      dataDir: opts.dataDir,
      dynamoPort,
      devChain: chainPort === undefined ? null : { port: chainPort },
      env: process.env,
      log: (line) => console.log(`  ${line}`),
      onFatal: (e) => {
        console.error(`error: ${e.message}`);
        void shutdown(1, 'fatal error');
      },
    });
  } catch (e) {
    fail(messageOf(e)); // a StartupError or ConfigError says what to do in its first line
  }
  if (signalled) return void shutdown(0, 'signal during start');

  const url = stack.baseUrl;
  const op = stack.operator;
  console.log(`ready: ${url}`);
  console.log(`  health:   ${url}/v1/health/ready`);
  console.log(`  docs:     ${url}/docs`);
  console.log(`  openapi:  ${url}/v1/openapi.json`);
  if (op?.file) console.log(`  operator: ${shown(op.file)} (key ${op.keyId}; use "Authorization: Bearer <key_id>:<secret>")`);
  else if (op) console.log(`  operator: key ${op.keyId} (in memory: the secret was shown above, once)`);
  else console.log('  operator: credential file missing (see above)');
  console.log('Ctrl-C stops it.');
}

main().catch((e) => fail(messageOf(e)));
