import { provideSigner } from './services.js';

/**
 * Imported (for its effect) by the entry of every function that calls the signer: wallets (key generation) and the
 * transaction worker (signing). Keeping the signer adapters out of `services.ts` keeps them, and the gRPC stack they
 * load, out of every other function's bundle (`npm run bundle-sizes`); the dynamic import keeps them out of these
 * functions' cold start (esbuild inlines the module, evaluated on the first signer call).
 */
provideSigner(async (cfg) => (await import('../adapters/signer/make-signer.js')).makeSigner(cfg));
