import { DynamoDbStore } from '../adapters/dynamodb/dynamodb-store.js';
import { makeDynamoClient } from '../adapters/dynamodb/dynamo-client.js';
import { config as readSettings, type Config } from '../config.js';
import { logger } from '../logger.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/**
 * The ports every function declares: its settings (read from the environment once; they set the log level), the
 * clock, and the table. Each is a factory of shared/composition/deps.ts.
 */
export const config = (): Config => {
  const cfg = applySettings(readSettings());
  logger.info('runtime', { node_version: process.versions.node });
  return cfg;
};

/** What settings do to the process once read: they set the log level (also for the local stack's given settings). */
export function applySettings(cfg: Config): Config {
  logger.setLogLevel(cfg.CUSTODY_LOG_LEVEL);
  return cfg;
}
export const clock = (): Clock => systemClock;
export const store = (d: { config: Config }): Store =>
  new DynamoDbStore(d.config.CUSTODY_TABLE_NAME, makeDynamoClient(d.config));

export const BASE_PORTS = { config, clock, store };
