import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { config, type Config } from '../config.js';
import { logger } from './logger.js';
import { DynamoDbStore } from '../adapters/dynamodb/dynamodb-store.js';
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { ChainPort } from '../ports/chain.js';
import { makeChain } from '../adapters/chain/json-rpc-chain.js';
import type { Signer } from '../ports/signer.js';
import { chainProfileFromConfig, type ChainProfile } from '../domain/chain/chain-profile.js';
import { mlDsaVerifier } from '../crypto/ml-dsa.js';
import { KMSClient } from '@aws-sdk/client-kms';
import type { KeyProvider } from '../ports/key-provider.js';
import { KmsKeyProvider } from '../adapters/keys/kms-key-provider.js';
import { LocalKeyProvider } from '../adapters/keys/local-key-provider.js';
import type { CheckpointSigner } from '../ports/checkpoint-signer.js';
import { KmsCheckpointSigner } from '../adapters/kms/kms-checkpoint-signer.js';
import { LocalCheckpointSigner } from '../adapters/keys/local-checkpoint-signer.js';

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
  /** The service's own keys (list cursors): KMS on AWS, the local key file otherwise. */
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
    if (!signerFactory) return Promise.reject(new Error('no signer in this function: import shared/app/signer-wiring.ts in its entry'));
    return (built ??= signerFactory(cfg));
  };
  return { generateKey: async (req) => (await get()).generateKey(req), sign: async (req) => (await get()).sign(req) };
}

export function makeDynamoClient(cfg: Config): DynamoDBClient {
  return new DynamoDBClient({
    region: cfg.CUSTODY_REGION,
    ...(cfg.CUSTODY_DYNAMODB_ENDPOINT
      ? { endpoint: cfg.CUSTODY_DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 4,
  });
}

export function services(): Services {
  if (!current) {
    const cfg = config();
    current = {
      config: cfg,
      store: new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, makeDynamoClient(cfg)),
      clock: systemClock,
      chain: makeChain(cfg),
      profile: chainProfileFromConfig(cfg),
      signer: wiredSigner(cfg),
      keys: makeKeyProvider(cfg),
      checkpointSigner: undefined as unknown as CheckpointSigner,
    };
    current.checkpointSigner = makeCheckpointSigner(cfg, current.keys);
    logger.setLogLevel(cfg.CUSTODY_LOG_LEVEL);
    // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
    logger.info('runtime', { node_version: process.versions.node, ml_dsa_verifier: mlDsaVerifier().name });
  }
  return current;
}

/**
 * KMS when `CUSTODY_MAC_KEY_ID` is set (the stack sets it on the API functions), else the local key file, which
 * production refuses when a key is first asked for (functions that never list need no key).
 */
export function makeKeyProvider(cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_MAC_KEY_ID' | 'CUSTODY_LOCAL_KEY_FILE' | 'CUSTODY_REGION'>): KeyProvider {
  if (cfg.CUSTODY_MAC_KEY_ID) return new KmsKeyProvider(new KMSClient({ region: cfg.CUSTODY_REGION }), cfg.CUSTODY_MAC_KEY_ID);
  if (cfg.CUSTODY_ENV === 'production') return { derivedKey: () => Promise.reject(new Error('CUSTODY_MAC_KEY_ID is required when CUSTODY_ENV=production')) };
  return new LocalKeyProvider(cfg.CUSTODY_LOCAL_KEY_FILE);
}

/** KMS when `CUSTODY_AUDIT_KEY_ID` is set, else the local key file's Ed25519 key (refused in production). */
export function makeCheckpointSigner(cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_AUDIT_KEY_ID' | 'CUSTODY_REGION'>, keys: KeyProvider): CheckpointSigner {
  if (cfg.CUSTODY_AUDIT_KEY_ID) return new KmsCheckpointSigner(new KMSClient({ region: cfg.CUSTODY_REGION }), cfg.CUSTODY_AUDIT_KEY_ID);
  if (cfg.CUSTODY_ENV === 'production') {
    const refuse = () => Promise.reject(new Error('CUSTODY_AUDIT_KEY_ID is required when CUSTODY_ENV=production'));
    return { sign: refuse, publicKey: refuse };
  }
  return new LocalCheckpointSigner(keys);
}

/** Replace some services (the local stack's fake clock, a benchmark's capacity-tracking store). */
export function overrideServices(partial: Partial<Services>): Services {
  current = { ...services(), ...partial };
  if (partial.config) logger.setLogLevel(partial.config.CUSTODY_LOG_LEVEL);
  return current;
}
