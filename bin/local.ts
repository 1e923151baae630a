/**
 * `npm start`: the embedded local stack (DynamoDB Local, the API on http://localhost:3000, the stream router, the
 * in-process queues and workers, the schedules, and a dev chain node unless `CUSTODY_NODE_RPC_URL` is set). Flags:
 * `--port <n>` (or `PORT`), `--in-memory` (a throwaway store and dev chain; the operator credential goes to a temporary folder,
 * printed, removed on stop), `--data-dir <dir>` (default `.local`; one stack per folder, locked), `--host <addr>` (or
 * `HOST`, default 127.0.0.1), `--with-idp` (also a development OpenID provider and SAML IdP, and a demo tenant signed in
 * through both: local/dev-idp.ts; refused with CUSTODY_ENV=production). Settings are the `CUSTODY_*` environment variables; a start that cannot succeed stops
 * with one line and exit code 1. Ctrl-C (or SIGTERM) stops gracefully; a third signal forces the stop.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../shared/config.js';
import { freePort } from '../shared/adapters/local/dynamodb-local.js';
import { localEnvironment } from '../local/environment.js';
import type { LocalStack } from '../local/stack.js';
import { runtimeSummary } from '../shared/crypto/ml-dsa.js';
import { useLocalObservability } from '../shared/observability/local-output.js';
import type { DevIdentityProviders } from '../local/dev-idp.js';

const USAGE = 'usage: npm start -- [--port <n>] [--in-memory] [--data-dir <dir>] [--host <addr>] [--with-idp]';

function fail(message: string): never {
  console.error(`error: ${message.split('\n')[0]}`);
  process.exit(1);
}

/** A graceful stop longer than this is forced. */
const STOP_TIMEOUT_MS = 30_000;

/** Scheme, host and port of a URL (no credentials, path or query in the terminal). */
function hostOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(unparsable URL)';
  }
}

/** Null when the readiness probe answers 200; else which checks failed and why. */
async function readinessProblem(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url.replace('localhost', '127.0.0.1')}/v1/health/ready`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => ({}))) as { checks?: Record<string, { ok: boolean; error?: string }> };
    const failed = Object.entries(body.checks ?? {}).filter(([, c]) => !c.ok);
    return failed.length
      ? failed.map(([name, c]) => `${name}: ${c.error ?? 'failed'}`).join('; ')
      : `status ${res.status}`;
  } catch (e) {
    return `the readiness probe did not answer (${messageOf(e)})`;
  }
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
        'with-idp': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail(`${(e as Error).message} (${USAGE})`);
  }
  if (values.help) {
    console.log(`${USAGE}

  --port <n>        HTTP port (default 3000, or PORT; 0 picks a free one)
  --host <addr>     interface to listen on (default 127.0.0.1, or HOST; 0.0.0.0 exposes the API to the network)
  --data-dir <dir>  local state (default .local): DynamoDB data, the dev chain, operator.json, stack.json,
                    signer keys; one stack per folder (stack.lock)
  --in-memory       throwaway store and dev chain; operator.json and stack.json go to a temporary folder,
                    removed on stop
  --with-idp        also start a development OpenID provider and SAML IdP with one user per role, and a demo
                    tenant connected to both (never with CUSTODY_ENV=production)
Settings: the CUSTODY_* environment variables (README.md, "Settings").`);
    process.exit(0);
  }
  const rawPort = values.port ?? process.env.PORT ?? '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65_535)
    fail(`invalid port ${JSON.stringify(rawPort)}: give a number 0..65535 with --port or PORT`);
  return {
    port,
    inMemory: values['in-memory'],
    dataDir: path.resolve(values['data-dir'] ?? '.local'),
    host: values.host ?? process.env.HOST ?? '127.0.0.1',
    withIdp: values['with-idp'],
  };
}

async function main() {
  const opts = parseOptions();
  console.log(`custody local stack: starting (${opts.inMemory ? 'in memory' : `state in ${shown(opts.dataDir)}`})`);
  console.log(`  runtime: ${runtimeSummary()}`);
  useLocalObservability();

  // Settings are checked before anything starts, and fixed before anything reads them: the store is the DynamoDB
  // Local started here, on a port chosen now.
  // The development identity providers (and their libraries) are loaded only when asked for.
  const devIdp = opts.withIdp ? await import('../local/dev-idp.js') : undefined;
  try {
    const cfg = readConfig(localEnvironment(process.env, 'http://127.0.0.1:8000'));
    devIdp?.assertDevIdpAllowed(cfg.CUSTODY_ENV);
  } catch (e) {
    if (e instanceof ConfigError || (devIdp && e instanceof devIdp.DevIdpRefusedError)) fail(e.message);
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
  let idps: DevIdentityProviders | undefined;
  let stopping: Promise<void> | undefined;
  let signals = 0;
  const shutdown = (code: number, reason: string) => {
    if (stopping) return stopping;
    console.log(`stopping (${reason})...`);
    // A stop that hangs is cut short: the exit handlers still stop DynamoDB Local and release the data folder.
    setTimeout(() => {
      console.error(`forced stop: the graceful stop took more than ${STOP_TIMEOUT_MS / 1000} s`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    stopping = (async () => {
      try {
        await idps?.stop();
        await stack?.stop();
      } catch (e) {
        console.error(`error while stopping: ${(e as Error).message}`);
        code = 1;
      }
      process.exit(code);
    })();
    return stopping;
  };
  // A process manager signals the whole process group, so node may see one Ctrl-C twice (from the terminal and
  // from npm): the second signal does not force the stop; a third does.
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals >= 3) {
      console.error('forced stop'); // the exit handlers still stop DynamoDB Local and release the data folder
      process.exit(1);
    }
    if (signals === 2) return void console.log(`${signal}: already stopping (send it once more to force)`);
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

  const externalSigner = process.env.CUSTODY_SIGNER_URL ? hostOf(process.env.CUSTODY_SIGNER_URL) : null;
  try {
    const { startLocalStack } = await import('../local/stack.js');
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
  if (signals > 0) return void shutdown(0, 'signal during start');

  const url = stack.baseUrl;
  const op = stack.operator;
  const problem = await readinessProblem(url);
  if (problem) console.log(`warning: started, but not ready (${url}/v1/health/ready answers 503): ${problem}`);
  else console.log(`ready: ${url}`);
  console.log(`  health:   ${url}/v1/health/ready`);
  console.log(`  docs:     ${url}/docs`);
  console.log(`  console:  ${url}/console`);
  console.log(`  openapi:  ${url}/v1/openapi.json`);
  if (op?.file)
    console.log(
      `  operator: ${shown(op.file)} (key ${op.keyId}; use "Authorization: Bearer <key_id>:<secret>")${opts.inMemory ? ', removed on stop' : ''}`,
    );
  else console.log('  operator: credential file missing (see above)');
  if (externalSigner)
    console.log(
      `  signer:   ${externalSigner} (CUSTODY_SIGNER_URL, key generation mode ${stack.config.CUSTODY_SIGNER_KEYGEN_MODE})`,
    );
  console.log(
    `  stack:    ${shown(path.join(stack.stateDir, 'stack.json'))} (base_url, chain_rpc_url, chain_id, signer_url)`,
  );
  if (devIdp) {
    if (!op) fail('--with-idp needs the platform operator credential (operator.json) to create the demo tenant');
    try {
      idps = await devIdp.startDevIdentityProviders({
        baseUrl: url,
        operator: op,
        stateDir: stack.stateDir,
        env: stack.config.CUSTODY_ENV,
      });
    } catch (e) {
      console.error(`error: ${messageOf(e)}`);
      return void shutdown(1, 'development identity providers failed');
    }
    console.log('development sign-in (--with-idp; never in production):');
    console.log(
      `  tenant:   ${idps.tenantId} (demo; its admin key in ${shown(path.join(stack.stateDir, 'dev-idp.json'))})`,
    );
    console.log(`  console:  ${idps.consoleUrl} -> "Sign in with SSO" (OIDC) or "Sign in with SAML"`);
    console.log(`  OIDC:     ${idps.oidcIssuer} (development OpenID provider)`);
    console.log(`            ${idps.oidcLoginUrl} (JSON session, for curl)`);
    console.log(`  SAML:     ${idps.samlMetadataUrl} (development SAML IdP)`);
    console.log(`            ${idps.samlLoginUrl} (JSON session, for curl)`);
    console.log(`  users:    ${idps.users.map((u) => u.email).join(', ')} (pick one at the provider; no password)`);
  }
  console.log('Ctrl-C stops it.');
}

main().catch((e) => fail(messageOf(e)));
