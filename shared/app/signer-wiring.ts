import { provideSigner } from './services.js';
import { makeSigner } from '../adapters/signer/make-signer.js';

/**
 * Imported (for its effect) by the entry of every function that calls the signer: wallets (key generation) and the
 * transaction worker (signing). Keeping the signer adapters out of `services.ts` keeps them, and the gRPC stack they
 * load, out of every other function's bundle (`npm run bundle-sizes`). The adapters are imported statically; only
 * the gRPC stack is loaded at the first gRPC call (grpc-signer.ts), because it shares no module with the rest of the
 * bundle: a dynamic import of make-signer.ts (which reaches the logger, the settings and the Secrets Manager client)
 * made esbuild wrap those and the whole AWS SDK core in lazy initialisers, parsed twice at every cold start (wallets:
 * 103 ms of cold import against 80 ms now, docs/benchmarks.md).
 */
provideSigner(async (cfg) => makeSigner(cfg));
