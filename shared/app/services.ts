import { config, type Config } from '../config.js';
import { logger } from './logger.js';
import { DynamoDbStore } from '../adapters/dynamodb/dynamodb-store.js';
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { ChainPort } from '../ports/chain.js';
import type { Signer } from '../ports/signer.js';
import type { ChainProfile } from '../domain/chain/chain-profile.js';
import type { KeyProvider } from '../ports/key-provider.js';
import type { CheckpointSigner } from '../ports/checkpoint-signer.js';
import { loadOnce } from '../domain/load-once.js';
import { RECORD_MAC_PURPOSE, useRecordMacKey } from '../domain/audit/record-mac.js';

/**
 * The composition root of a function: builds the adapters once per process (module scope in Lambda), from the
 * configuration. Handlers and use cases receive these ports; nothing below here knows whether it runs on AWS or in
 * the local stack.
 */
export type Services = {
  config: Config;
  store: Store;
  clock: Clock;
  /** The chain's nodes over JSON-RPC (failover and circuit breakers inside); 503 1500 when none answers. */
  chain: ChainPort;
  /** The chain's details that change between releases (parameter set, context, addresses). */
  profile: ChainProfile;
  /** The external signer: key generation (503 1500 when unconfigured or down) and signing (a SignOutcome). */
  signer: Signer;
  /** The service's own keys (list cursors, the audit record MAC): KMS on AWS, the local key file otherwise. */
  keys: KeyProvider;
  /** The key that signs audit checkpoints: KMS (ML-DSA-65) on AWS, an Ed25519 key from the local key file otherwise. */
  checkpointSigner: CheckpointSigner;
};

let current: Services | undefined;

let signerFactory: ((cfg: Config) => Promise<Signer>) | undefined;

/**
 * Installs the signer adapters (HTTPS, and gRPC with protobuf and connect: about 150 KiB of bundle). Only the
 * functions that call the signer import `shared/app/signer-wiring.ts`, which calls this; every other function's
 * bundle holds no signer code at all.
 */
export function provideSigner(factory: (cfg: Config) => Promise<Signer>): void {
  signerFactory = factory;
}

/**
 * The signer of `services()`: built on its first call from the installed factory, so the order in which a process
 * loads its entry and first asks for its services does not matter, and a cold start does not evaluate the signer
 * adapters (the gRPC stack builds its protobuf descriptors when loaded). A function whose entry lacks the wiring import
 * fails loudly (a programming error, never a 503).
 */
function wiredSigner(cfg: Config): Signer {
  let built: Promise<Signer> | undefined;
  const get = (): Promise<Signer> => {
    if (!signerFactory)
      return Promise.reject(new Error('no signer in this function: import shared/app/signer-wiring.ts in its entry'));
    return (built ??= signerFactory(cfg));
  };
  return { generateKey: async (req) => (await get()).generateKey(req), sign: async (req) => (await get()).sign(req) };
}

/**
 * The capabilities that only some functions use, each installed by its wiring module, which the entry of a function
 * that uses it imports (for its effect): `chain-wiring.ts` (the chain's nodes over JSON-RPC), `profile-wiring.ts`
 * (the chain profile: ML-DSA, addresses, the transaction format), `checkpoint-wiring.ts` (the audit checkpoint
 * signer). So a function's bundle holds only the adapters it uses (`npm run bundle-sizes`): the tenants function
 * carries no ML-DSA, no JSON-RPC client and no Ed25519.
 */
type Wired = { chain: ChainPort; profile: ChainProfile; checkpointSigner: CheckpointSigner };
const WIRING: { [K in keyof Wired]: string } = {
  chain: 'chain-wiring.ts',
  profile: 'profile-wiring.ts',
  checkpointSigner: 'checkpoint-wiring.ts',
};
const factories: { [K in keyof Wired]?: (cfg: Config, keys: KeyProvider) => Wired[K] } = {};

export function provide<K extends keyof Wired>(what: K, factory: (cfg: Config, keys: KeyProvider) => Wired[K]): void {
  factories[what] = factory as (typeof factories)[K];
}

/**
 * The capability of `services()`, built on its first use (a property read or a method call), so the order in which a
 * process loads its entry and first asks for its services does not matter. A function whose entry lacks the wiring
 * import fails loudly on first use (a programming error, never a catalog answer).
 */
function wired<K extends keyof Wired>(what: K, cfg: Config, keys: KeyProvider): Wired[K] {
  let built: Wired[K] | undefined;
  const target = (): Wired[K] => {
    if (built) return built;
    const factory = factories[what];
    if (!factory) throw new Error(`no ${what} in this function: import shared/app/${WIRING[what]} in its entry`);
    return (built = factory(cfg, keys));
  };
  // Methods are bound to the built object (its private fields), once per name so that they stay the same function.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy({} as Wired[K], {
    get: (_, prop) => {
      const t = target();
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value !== 'function') return value;
      if (!bound.has(prop)) bound.set(prop, (value as (...a: unknown[]) => unknown).bind(t));
      return bound.get(prop);
    },
    has: (_, prop) => Reflect.has(target(), prop),
  });
}

export { makeDynamoClient } from '../adapters/dynamodb/dynamo-client.js';
import { makeDynamoClient } from '../adapters/dynamodb/dynamo-client.js';

const settingsReaders: ((cfg: Config) => void)[] = [];

/**
 * Hands the configuration to a module that keeps process-wide state outside `services()` (the DAILY_LIMIT spend
 * allowances: `spend-wiring.ts`): `apply` runs when the services are built and whenever their configuration is
 * replaced (`overrideServices`), and at once when they are built already. Installed by a wiring module, so only the
 * functions that use that state load it.
 */
export function readSettings(apply: (cfg: Config) => void): void {
  settingsReaders.push(apply);
  if (current) apply(current.config);
}

export function services(): Services {
  if (!current) {
    const cfg = config();
    const keys = makeKeyProvider(cfg);
    // The audit record MAC key (record-mac.ts): asked for by every commit, derived once per process.
    useRecordMacKey(() => keys.derivedKey(RECORD_MAC_PURPOSE));
    current = {
      config: cfg,
      store: new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, makeDynamoClient(cfg)),
      clock: systemClock,
      chain: wired('chain', cfg, keys),
      profile: wired('profile', cfg, keys),
      signer: wiredSigner(cfg),
      keys,
      checkpointSigner: wired('checkpointSigner', cfg, keys),
    };
    logger.setLogLevel(cfg.CUSTODY_LOG_LEVEL);
    for (const apply of settingsReaders) apply(cfg);
    logger.info('runtime', { node_version: process.versions.node });
  }
  return current;
}

let kmsKeyProvider: ((region: string, macKeyId: string) => KeyProvider) | undefined;

/**
 * Installs the KMS key provider (the KMS client: about 27 KiB of bundle and a few ms of every cold import). Only the
 * API functions use the service's keys (list cursors, sealed idempotent answers: every request), and
 * `shared/http/api-handler.ts` imports `shared/app/keys-wiring.ts`, which calls this; the background functions'
 * bundles hold no KMS client for keys.
 */
export function provideKmsKeys(factory: (region: string, macKeyId: string) => KeyProvider): void {
  kmsKeyProvider = factory;
}

/**
 * KMS when `CUSTODY_MAC_KEY_ID` is set (the stack sets it on the API functions), else the local key file, which
 * production refuses when a key is first asked for (functions that never list need no key). A function whose bundle
 * lacks the KMS wiring refuses too, when a key is first asked for (a programming error).
 */
export function makeKeyProvider(
  cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_MAC_KEY_ID' | 'CUSTODY_LOCAL_KEY_FILE' | 'CUSTODY_REGION'>,
): KeyProvider {
  if (cfg.CUSTODY_MAC_KEY_ID) {
    if (kmsKeyProvider) return kmsKeyProvider(cfg.CUSTODY_REGION, cfg.CUSTODY_MAC_KEY_ID);
    return {
      derivedKey: () =>
        Promise.reject(
          new Error('no KMS key provider in this function: import shared/app/keys-wiring.ts in its entry'),
        ),
    };
  }
  if (cfg.CUSTODY_ENV === 'production')
    return {
      derivedKey: () => Promise.reject(new Error('CUSTODY_MAC_KEY_ID is required when CUSTODY_ENV=production')),
    };
  return localKeyProvider(cfg.CUSTODY_LOCAL_KEY_FILE);
}

/**
 * The local key file's provider, a lazy chunk loaded by the first key asked for: a function on AWS has
 * `CUSTODY_MAC_KEY_ID` and never loads it. A failed load is not kept (the next key asked for tries again).
 */
function localKeyProvider(file: string): KeyProvider {
  const get = loadOnce(() =>
    import('../adapters/keys/local-key-provider.js').then((m) => new m.LocalKeyProvider(file)),
  );
  return { derivedKey: async (purpose) => (await get()).derivedKey(purpose) };
}

/** Replace some services (the local stack's fake clock, a benchmark's capacity-tracking store). */
export function overrideServices(partial: Partial<Services>): Services {
  current = { ...services(), ...partial };
  if (partial.keys) {
    const keys = partial.keys;
    useRecordMacKey(() => keys.derivedKey(RECORD_MAC_PURPOSE));
  }
  if (partial.config) {
    logger.setLogLevel(partial.config.CUSTODY_LOG_LEVEL);
    for (const apply of settingsReaders) apply(partial.config);
  }
  return current;
}
