import path from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readConfig, type Config } from '../../shared/config.js';
import { makeDynamoClient } from '../../shared/adapters/dynamodb/dynamo-client.js';
import { keys } from '../../shared/composition/keys.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { KeyProvider } from '../../shared/ports/key-provider.js';
import { DynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { StartupError } from '../../shared/adapters/local/dynamodb-local.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { applySettings } from '../../shared/composition/base.js';
import { localEnvironment } from '../environment.js';
import type { Runtime } from './runtime.js';

export type Wired = {
  cfg: Config;
  client: DynamoDBClient;
  store: DynamoDbStore;
  /** The service keys (also among `ports`), typed. */
  keys: KeyProvider;
  table: 'created' | 'exists';
  streamArn: string;
  /** What the store calls after each committed write: set once the stream is polled (local/steps/stream.ts). */
  afterWrite: { wake: () => void };
  /**
   * The ports the stack gives every function in place of its own (shared/composition/deps.ts): one store, the
   * stack's clock, the service's keys, one chain client and profile (ML-DSA at hand), the signer, one set of
   * DAILY_LIMIT leases (one process, one container: shared by the functions that submit and the dry run); the
   * background step adds its queues and scheduler. A function's other ports are built from the same settings by its
   * own factories.
   */
  ports: LocalPorts;
};

export type LocalPorts = Record<string, unknown>;

/**
 * The service's settings as the handlers will read them (the caller's, plus the endpoints of what the stack started),
 * the services built from them, and the table from the same definition as CDK, with its stream.
 */
export async function wireServices(
  rt: Runtime,
  o: {
    env: Record<string, string | undefined>;
    endpoints: Record<string, string>;
    dynamoEndpoint: string;
    clock: Clock;
    trackCapacity: boolean;
    dataDir: string;
  },
): Promise<Wired> {
  // The functions get these settings as a port, not through the composition root's `config()`: applied here as there.
  const cfg = applySettings(readConfig(localEnvironment({ ...o.env, ...o.endpoints }, o.dynamoEndpoint)));
  const client = makeDynamoClient(cfg);
  const afterWrite = { wake: () => undefined as void };
  const store = new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, client, o.trackCapacity, () => afterWrite.wake());
  const chain = makeChain(cfg, o.clock);
  const profile = chainProfileFromConfig(cfg);
  // The stack's own writes (the operator's bootstrap) are audited too, their record MAC key from the same keys.
  const serviceKeys = keys({ config: cfg });
  const ports: LocalPorts = {
    config: cfg,
    store,
    clock: o.clock,
    keys: serviceKeys,
    chain,
    loadChain: async () => chain,
    profile,
    loadProfile: async () => profile,
    signer: makeSigner(cfg),
    spendAllowances: spendAllowancesFrom({ config: cfg }),
  };
  const table = await ensureTable(client, cfg.CUSTODY_TABLE_NAME);
  rt.log(`table: ${cfg.CUSTODY_TABLE_NAME} ${table === 'created' ? 'created with its indexes and stream' : 'exists'}`);
  const streamArn = (await client.send(new DescribeTableCommand({ TableName: cfg.CUSTODY_TABLE_NAME }))).Table
    ?.LatestStreamArn;
  if (!streamArn)
    throw new StartupError(
      `table ${cfg.CUSTODY_TABLE_NAME} has no stream: delete ${path.join(o.dataDir, 'dynamodb')} to recreate it`,
    );
  return { cfg, client, store, keys: serviceKeys, table, streamArn, afterWrite, ports };
}
