import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { KeyStore } from './key-store.js';
import { createSignerHttpServer } from './http-api.js';

/**
 * The reference signer: a small program that holds ML-DSA keys for the custody service (which never holds one).
 *
 *   REFERENCE_SIGNER_TOKEN=... npx tsx tools/reference-signer/server.ts [--port 8700] [--host 127.0.0.1] [--dir .local/signer]
 *
 * then run the service with CUSTODY_SIGNER_URL=http://127.0.0.1:8700 and CUSTODY_SIGNER_TOKEN=<the same token>.
 * Tests call `startReferenceSigner` on port 0. See docs/signer.md.
 */
export type ReferenceSigner = { url: string; port: number; close: () => Promise<void> };

export async function startReferenceSigner(opts: { port?: number; host?: string; dir: string; token: string }): Promise<ReferenceSigner> {
  if (opts.token.length < 16) throw new Error('the signer token must be at least 16 characters');
  const keys = await KeyStore.open(opts.dir);
  const server = createSignerHttpServer({ keys, token: opts.token });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8700' }, host: { type: 'string', default: '127.0.0.1' }, dir: { type: 'string', default: '.local/signer' } },
  });
  const token = process.env.REFERENCE_SIGNER_TOKEN;
  if (!token) throw new Error('set REFERENCE_SIGNER_TOKEN (at least 16 characters): the bearer token the custody service presents');
  const signer = await startReferenceSigner({ port: Number(values.port), host: values.host, dir: values.dir!, token });
  console.log(`reference signer listening on ${signer.url} (keys in ${values.dir})`);
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
