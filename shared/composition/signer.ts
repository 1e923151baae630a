import type { Config } from '../config.js';
import type { Signer } from '../ports/signer.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The external signer: key generation (503 1500 when unconfigured or down) and signing (a SignOutcome). Declared by
 * the functions that call it: wallets (key generation) and the transaction worker (signing); no other bundle holds
 * signer code (`npm run bundle-sizes`). The adapters and the Secrets Manager client are a lazy chunk
 * (make-signer.ts), loaded by the first signer call; the gRPC stack is a further chunk, loaded by the first gRPC call
 * (grpc-signer.ts). A failed load is not kept.
 */
export const signer = (d: { config: Config }): Signer => {
  const get = loadOnce(async () => (await import('../adapters/signer/make-signer.js')).makeSigner(d.config));
  return { generateKey: async (req) => (await get()).generateKey(req), sign: async (req) => (await get()).sign(req) };
};
