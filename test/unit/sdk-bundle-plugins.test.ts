import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_FILE, functionBuildOptions, REPO_ROOT } from '../../lib/function-bundle.js';

/*
 * The SDK plugins of the function bundles (lib/bundling/sdk-barrel-imports.ts, sdk-package-json.ts), on a real
 * build: an entry with the SQS, KMS and DynamoDB clients and, behind a dynamic import, the EventBridge Scheduler
 * client (the webhook worker's shape), run in Node against a local HTTP server that answers as SQS and DynamoDB
 * (JSON 1.0), KMS (JSON 1.1) and Scheduler (REST-JSON) do.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-plugins-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const ENTRY = `import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { DecryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
export async function handler(endpoint) {
  const sqs = new SQSClient({ region: 'eu-west-1', endpoint, credentials });
  const sent = await sqs.send(new SendMessageBatchCommand({ QueueUrl: endpoint + '/123456789012/q', Entries: [{ Id: '0', MessageBody: 'hello' }] }));
  const kms = new KMSClient({ region: 'eu-west-1', endpoint, credentials });
  const opened = await kms.send(new DecryptCommand({ KeyId: 'k', CiphertextBlob: new Uint8Array([1, 2, 3]) }));
  const dynamo = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials });
  const item = await dynamo.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }));
  const { SchedulerClient, CreateScheduleCommand } = await import('@aws-sdk/client-scheduler');
  const scheduler = new SchedulerClient({ region: 'eu-west-1', endpoint, credentials });
  const created = await scheduler.send(new CreateScheduleCommand({ Name: 'wh-1', ScheduleExpression: 'at(2026-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: 'arn:aws:sqs:eu-west-1:123456789012:q', RoleArn: 'arn:aws:iam::123456789012:role/r' } }));
  return { messageId: sent.Successful[0].MessageId, plaintext: Buffer.from(opened.Plaintext).toString(), item: item.Item.v.N, scheduleArn: created.ScheduleArn };
}
`;

async function bundle(
  name: string,
  change: (o: BuildOptions) => BuildOptions = (o) => o,
): Promise<{ outfile: string; loaded: Set<string> }> {
  const outdir = path.join(tmp, name);
  const options = functionBuildOptions('(stdin)', outdir);
  const result = await build(
    change({
      ...options,
      entryPoints: undefined,
      stdin: { contents: ENTRY, resolveDir: REPO_ROOT, sourcefile: 'entry.js', loader: 'js' },
      entryNames: 'index',
    }),
  );
  const meta: Metafile = result.metafile!;
  const outputs = new Set<string>();
  const todo = [path.relative(REPO_ROOT, path.join(outdir, ENTRY_FILE))];
  while (todo.length) {
    const o = todo.pop()!;
    if (outputs.has(o)) continue;
    outputs.add(o);
    for (const i of meta.outputs[o]!.imports) if (i.kind === 'import-statement' && !i.external) todo.push(i.path);
  }
  return {
    outfile: path.join(outdir, ENTRY_FILE),
    loaded: new Set([...outputs].flatMap((o) => Object.keys(meta.outputs[o]!.inputs))),
  };
}

const REST_JSON = 'node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsRestJsonProtocol.js';

describe('SDK imports pointed past its re-export modules (sdk-barrel-imports)', () => {
  it("keep the lazy Scheduler client's REST-JSON protocol out of the cold start (esbuild alone puts it there)", async () => {
    const withPlugin = await bundle('with');
    const without = await bundle('without', (o) => ({
      ...o,
      plugins: o.plugins!.filter((p) => p.name !== 'sdk-barrel-imports'),
    }));
    expect(without.loaded.has(REST_JSON)).toBe(true);
    expect(withPlugin.loaded.has(REST_JSON)).toBe(false);
    // The module whose evaluation registers the AWS endpoint functions is still there.
    expect(withPlugin.loaded.has('node_modules/@aws-sdk/core/dist-es/submodules/client/util-endpoints/aws.js')).toBe(
      true,
    );
  });

  it('make a bundle whose SQS, KMS, DynamoDB and Scheduler calls work: signed, serialised, parsed, MD5 checked, the version in the user agent', async () => {
    const { outfile } = await bundle('run');
    const seen: { target?: string; path?: string; agent?: string; auth?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({
          target: req.headers['x-amz-target'] as string | undefined,
          path: req.url,
          agent: req.headers['user-agent'],
          auth: req.headers.authorization,
          body,
        });
        if (req.headers['x-amz-target'] === 'AmazonSQS.SendMessageBatch') {
          const md5 = createHash('md5').update('hello').digest('hex');
          res
            .writeHead(200, { 'content-type': 'application/x-amz-json-1.0' })
            .end(JSON.stringify({ Successful: [{ Id: '0', MessageId: 'm-1', MD5OfMessageBody: md5 }], Failed: [] }));
        } else if (req.headers['x-amz-target'] === 'TrentService.Decrypt') {
          res
            .writeHead(200, { 'content-type': 'application/x-amz-json-1.1' })
            .end(JSON.stringify({ KeyId: 'k', Plaintext: Buffer.from('secret text').toString('base64') }));
        } else if (req.headers['x-amz-target'] === 'DynamoDB_20120810.GetItem') {
          res
            .writeHead(200, { 'content-type': 'application/x-amz-json-1.0' })
            .end(JSON.stringify({ Item: { pk: { S: 'a' }, v: { N: '42' } } }));
        } else {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ ScheduleArn: 'arn:aws:scheduler:eu-west-1:123456789012:schedule/default/wh-1' }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const script = `const m = await import(${JSON.stringify(outfile)}); console.log(JSON.stringify(await m.handler(${JSON.stringify(endpoint)})));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: os.tmpdir(),
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
        messageId: 'm-1',
        plaintext: 'secret text',
        item: '42',
        scheduleArn: 'arn:aws:scheduler:eu-west-1:123456789012:schedule/default/wh-1',
      });
    } finally {
      server.close();
    }
    const version = (pkg: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    expect(seen.map((s) => s.target ?? s.path)).toEqual([
      'AmazonSQS.SendMessageBatch',
      'TrentService.Decrypt',
      'DynamoDB_20120810.GetItem',
      '/schedules/wh-1',
    ]);
    const [sqs, kms, dynamo, scheduler] = seen as [
      (typeof seen)[0],
      (typeof seen)[0],
      (typeof seen)[0],
      (typeof seen)[0],
    ];
    expect(JSON.parse(sqs.body)).toMatchObject({
      QueueUrl: `${endpoint}/123456789012/q`,
      Entries: [{ Id: '0', MessageBody: 'hello' }],
    });
    expect(JSON.parse(kms.body)).toEqual({ KeyId: 'k', CiphertextBlob: Buffer.from([1, 2, 3]).toString('base64') });
    expect(JSON.parse(dynamo.body)).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } });
    expect(JSON.parse(scheduler.body)).toMatchObject({
      ScheduleExpression: 'at(2026-01-01T00:00:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    expect(sqs.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request/);
    expect(kms.auth).toMatch(/\/eu-west-1\/kms\/aws4_request/);
    expect(dynamo.auth).toMatch(/\/eu-west-1\/dynamodb\/aws4_request/);
    expect(scheduler.auth).toMatch(/\/eu-west-1\/scheduler\/aws4_request/);
    for (const [s, client] of [
      [sqs, 'sqs'],
      [kms, 'kms'],
      [dynamo, 'dynamodb'],
      [scheduler, 'scheduler'],
    ] as const)
      expect(s.agent).toContain(`api/${client}#${version(`@aws-sdk/client-${client}`)}`);
  }, 60_000);

  it('keep a re-export module whose package says a module it re-exports has side effects', async () => {
    const pkg = path.join(tmp, 'fixture', 'node_modules', '@aws-sdk', 'fixture');
    fs.mkdirSync(path.join(pkg, 'dist-es'), { recursive: true });
    const write = (file: string, text: string) => fs.writeFileSync(path.join(pkg, file), text);
    write(
      'package.json',
      JSON.stringify({
        name: '@aws-sdk/fixture',
        version: '1.0.0',
        module: './dist-es/index.js',
        sideEffects: ['./dist-es/registers.js'],
      }),
    );
    write('dist-es/pure.js', 'export const pure = "pure";\n');
    write('dist-es/registers.js', 'globalThis.__registered = true;\nexport const registered = "registered";\n');
    write('dist-es/unused.js', 'export const unused = "unused";\n');
    write('dist-es/plain.js', 'export { pure } from "./pure";\nexport { unused } from "./unused";\n');
    write(
      'dist-es/effects.js',
      'export { registered } from "./registers";\nexport { pure as alsoPure } from "./pure";\n',
    );
    write(
      'dist-es/index.js',
      'import { pure } from "./plain";\nimport { alsoPure } from "./effects";\nexport const both = [pure, alsoPure];\n',
    );
    const result = await build({
      ...functionBuildOptions(path.join(tmp, 'fixture', 'entry.js'), path.join(tmp, 'fixture-out')),
      sourcemap: false,
      stdin: {
        contents:
          'import { both } from "@aws-sdk/fixture"; export const handler = () => [both, globalThis.__registered];',
        resolveDir: path.join(tmp, 'fixture'),
        loader: 'js',
      },
      entryPoints: undefined,
      entryNames: 'index',
    });
    const inputs = Object.keys(result.metafile!.inputs).map((i) => path.basename(i));
    expect(inputs).not.toContain('plain.js'); // pointed past: `pure` comes from pure.js
    expect(inputs).toContain('effects.js'); // kept: it re-exports registers.js, which has side effects
    expect(inputs).toContain('registers.js');
    const out = await import(path.join(tmp, 'fixture-out', ENTRY_FILE));
    expect((out as { handler: () => unknown }).handler()).toEqual([['pure', 'pure'], true]);
  });
});

describe("SDK clients' package.json bundled as { name, version } (sdk-package-json)", () => {
  it('is safe: the SDK reads no other field of the package.json it imports', () => {
    const root = path.join(REPO_ROOT, 'node_modules', '@aws-sdk');
    const files = fs
      .readdirSync(root)
      .flatMap((p) =>
        fs.existsSync(path.join(root, p, 'dist-es'))
          ? (fs.readdirSync(path.join(root, p, 'dist-es'), { recursive: true }) as string[]).map((f) =>
              path.join(root, p, 'dist-es', f),
            )
          : [],
      );
    const fields = new Set<string>();
    let importers = 0;
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import (\w+) from "(?:\.\.\/)+package\.json"/g)) {
        importers++;
        for (const use of text.matchAll(new RegExp(`\\b${m[1]}\\b(\\.\\w+)?`, 'g')))
          if (use.index !== m.index + 'import '.length) fields.add(use[1] ?? '(whole)');
      }
    }
    expect(importers).toBeGreaterThan(5);
    expect([...fields]).toEqual(['.version']);
  });
});
