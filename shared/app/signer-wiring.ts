import { provideSigner } from './services.js';

/**
 * Imported (for its effect) by the entry of every function that calls the signer: wallets (key generation) and the
 * transaction worker (signing). Keeping the signer adapters out of `services.ts` keeps them, and the gRPC stack they
 * load, out of every other function's bundle (`npm run bundle-sizes`). The adapters and the Secrets Manager client
 * are a lazy chunk (make-signer.ts), loaded by the first signer call; the gRPC stack is a further chunk, loaded by
 * the first gRPC call (grpc-signer.ts). With code splitting this costs the cold start nothing: the modules they share
 * with the rest of the function (the logger, the settings, the AWS SDK core) sit in chunks the entry imports, not
 * wrapped in lazy initialisers as they were in one file (lib/function-bundle.ts, docs/deploy.md "Function bundles").
 */
provideSigner(async (cfg) => (await import('../adapters/signer/make-signer.js')).makeSigner(cfg));
