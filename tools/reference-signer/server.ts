import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { KeyStore } from './key-store.js';
import { createSignerHttpServer } from './http-api.js';
import { startGrpcSignerServer, type ServerTls } from './grpc-api.js';
import { CallbackWorker } from './callback-worker.js';
import { policyKeysFrom, type PolicyKey } from './receipt-check.js';

/**
 * The reference signer: a small program that holds ML-DSA keys for the custody service (which never holds one).
 * It serves the three signer modes of docs/signer.md over one key store:
 *   - `remote`: HTTPS-style JSON API (always on; bearer token),
 *   - `grpc`: signer.v1.Signer over HTTP/2 with mutual TLS (with --grpc-port and --tls-*),
 *   - `callback`: a worker that polls the custody API and posts signatures (with --callback-api-url).
 *
 *   REFERENCE_SIGNER_TOKEN=... npx tsx tools/reference-signer/server.ts [--port 8700] [--host 127.0.0.1] [--dir .local/signer]
 *     [--grpc-port 8701 --tls-ca ca.pem --tls-cert server.pem --tls-key server.key]
 *     [--callback-api-url http://127.0.0.1:8080 --callback-interval-ms 1000]   (credential: REFERENCE_SIGNER_API_CREDENTIAL=key_id:secret)
 *
 * Tests call `startReferenceSigner` on port 0.
 */
export type ReferenceSigner = {
  url: string;
  port: number;
  /** `https://host:port` of the gRPC server, when started. */
  grpcUrl: string | null;
  /** The callback worker, when started (tests call `runOnce`). */
  worker: CallbackWorker | null;
  keys: KeyStore;
  close: () => Promise<void>;
};

export type ReferenceSignerOptions = {
  port?: number;
  host?: string;
  dir: string;
  token: string;
  grpc?: { port?: number; tls: ServerTls };
  /**
   * The policy keys receipts must be signed with (as `GET /v1/keys/policy` publishes them, handed over at start, never
   * fetched while signing). Given, every signing request must carry a receipt that passes `checkReceipt`; absent, the
   * signer signs without one (development against a service without receipts).
   */
  policyKeys?: readonly PolicyKey[];
  /** The time receipts' expiry is judged against (default: the system clock; a local stack on a fake clock passes its own). */
  now?: () => Date;
  /** `intervalMs` 0: the worker is made but not scheduled (tests drive it with `runOnce`). */
  callback?: { apiUrl: string; credential: string; intervalMs: number };
};

export async function startReferenceSigner(opts: ReferenceSignerOptions): Promise<ReferenceSigner> {
  if (opts.token.length < 16) throw new Error('the signer token must be at least 16 characters');
  const keys = await KeyStore.open(opts.dir);
  const policy = opts.policyKeys ? { policyKeys: opts.policyKeys, ...(opts.now ? { now: opts.now } : {}) } : {};
  const server = createSignerHttpServer({ keys, token: opts.token, ...policy });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const grpc = opts.grpc
    ? await startGrpcSignerServer({
        keys,
        tls: opts.grpc.tls,
        host,
        ...policy,
        ...(opts.grpc.port !== undefined ? { port: opts.grpc.port } : {}),
      })
    : null;
  const worker = opts.callback
    ? new CallbackWorker({ keys, apiUrl: opts.callback.apiUrl, credential: opts.callback.credential, ...policy })
    : null;
  if (worker && opts.callback!.intervalMs > 0) worker.start(opts.callback!.intervalMs);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    grpcUrl: grpc?.url ?? null,
    worker,
    keys,
    close: async () => {
      await worker?.stop();
      await grpc?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8700' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: '.local/signer' },
      'grpc-port': { type: 'string' },
      'tls-ca': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'callback-api-url': { type: 'string' },
      'callback-interval-ms': { type: 'string', default: '1000' },
      'policy-keys': { type: 'string' },
    },
  });
  const token = process.env.REFERENCE_SIGNER_TOKEN;
  if (!token)
    throw new Error(
      'set REFERENCE_SIGNER_TOKEN (at least 16 characters): the bearer token the custody service presents',
    );
  let grpc: ReferenceSignerOptions['grpc'];
  if (values['grpc-port']) {
    const [ca, cert, key] = [values['tls-ca'], values['tls-cert'], values['tls-key']];
    if (!ca || !cert || !key)
      throw new Error(
        '--grpc-port needs --tls-ca (the CA of client certificates), --tls-cert and --tls-key (PEM files)',
      );
    grpc = {
      port: Number(values['grpc-port']),
      tls: { ca: readFileSync(ca, 'utf8'), cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') },
    };
  }
  let callback: ReferenceSignerOptions['callback'];
  if (values['callback-api-url']) {
    const credential = process.env.REFERENCE_SIGNER_API_CREDENTIAL;
    if (!credential)
      throw new Error(
        '--callback-api-url needs REFERENCE_SIGNER_API_CREDENTIAL=<key_id>:<secret> (an API key allowed to sign)',
      );
    callback = { apiUrl: values['callback-api-url'], credential, intervalMs: Number(values['callback-interval-ms']) };
  }
  // The policy keys: a file holding the answer of GET /v1/keys/policy ({"keys": [...]}), read once at start.
  const policyKeys = values['policy-keys']
    ? policyKeysFrom(
        (JSON.parse(readFileSync(values['policy-keys'], 'utf8')) as { keys: Parameters<typeof policyKeysFrom>[0] })
          .keys,
      )
    : undefined;
  if (!policyKeys) console.warn('reference signer: no --policy-keys: signing WITHOUT checking policy receipts');
  const signer = await startReferenceSigner({
    port: Number(values.port),
    host: values.host,
    dir: values.dir!,
    token,
    ...(grpc ? { grpc } : {}),
    ...(callback ? { callback } : {}),
    ...(policyKeys ? { policyKeys } : {}),
  });
  console.log(`reference signer listening on ${signer.url} (keys in ${values.dir})`);
  if (signer.grpcUrl) console.log(`reference signer gRPC (mutual TLS) on ${signer.grpcUrl}`);
  if (callback)
    console.log(`reference signer callback worker polling ${callback.apiUrl} every ${callback.intervalMs} ms`);
  const stop = () => void signer.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
