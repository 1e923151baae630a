import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { config, type Config } from '../config.js';
import { logger } from './logger.js';
import { DynamoDbStore } from '../adapters/dynamodb/dynamodb-store.js';
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { ChainPort } from '../ports/chain.js';
import { makeChain } from '../adapters/chain/json-rpc-chain.js';
import type { Signer } from '../ports/signer.js';
import { makeSigner } from '../adapters/signer/make-signer.js';
import { chainProfileFromConfig, type ChainProfile } from '../domain/chain/chain-profile.js';
import { mlDsaVerifier } from '../crypto/ml-dsa.js';

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
};

let current: Services | undefined;

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
      signer: makeSigner(cfg),
    };
    logger.setLogLevel(cfg.CUSTODY_LOG_LEVEL);
    // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
    logger.info('runtime', { node_version: process.versions.node, ml_dsa_verifier: mlDsaVerifier().name });
  }
  return current;
}

/** Replace some services (the local stack's fake clock, a benchmark's capacity-tracking store). */
export function overrideServices(partial: Partial<Services>): Services {
  current = { ...services(), ...partial };
  if (partial.config) logger.setLogLevel(partial.config.CUSTODY_LOG_LEVEL);
  return current;
}
