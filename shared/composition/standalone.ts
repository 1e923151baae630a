import type { Config } from '../config.js';
import { BASE_PORTS } from './base.js';
import { keys } from './keys.js';
import { checkpointSigner } from './checkpoint-signer.js';
import { lazyDeps, type DepsOf } from './deps.js';

export { makeDynamoClient } from '../adapters/dynamodb/dynamo-client.js';

/**
 * The deps of the code that runs outside a function: the scripts (scripts/bootstrap-operator.ts), the benchmarks and
 * the tests that read or seed the table beside the functions they call. The same factories as the functions' own
 * (shared/composition/), built on first use from the process's settings; no function imports this module (a
 * function's deps are its entry's `ports`).
 */
const PORTS = { ...BASE_PORTS, keys, checkpointSigner };
export type Services = DepsOf<typeof PORTS>;

const given: Partial<{ -readonly [K in keyof Services]: Services[K] }> = {};
let current: Services | undefined;

export function services(): Services {
  current ??= lazyDeps(PORTS, given);
  return current;
}

/** Replaces some of them (a benchmark's capacity-tracking store; a test's tracing store or settings). */
export function overrideServices(partial: Partial<Services> & { config?: Config }): Services {
  Object.assign(given, partial);
  return services();
}
