import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { config } from '../../shared/config.js';
import { makeDynamoClient, services } from '../../shared/composition/standalone.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import { CONFLICT_RETRY_ATTEMPTS } from '../../shared/domain/retry.js';
import { ConcurrentModificationError } from '../../shared/errors/domain-errors.js';
import { audited } from '../support/audited.js';

/** runInUnitOfWork's one retry rule (retry.ts `retryAfterConflict`), against DynamoDB Local. */
beforeAll(async () => {
  await ensureTable(makeDynamoClient(config()), config().CUSTODY_TABLE_NAME);
});

const meta = () => ({
  actor: { type: 'system' as const, user_id: null, key_id: null },
  requestId: null,
  now: new Date(),
});

describe('runInUnitOfWork', () => {
  it('builds the change again when the build itself meets a concurrent change, and commits it once', async () => {
    const store = services().store;
    const key = { pk: `UOW#${randomUUID()}`, sk: 'X' };
    let builds = 0;
    const out = await runInUnitOfWork(audited(store), meta(), async (uow) => {
      builds++;
      if (builds === 1) throw new ConcurrentModificationError('a counter in another change');
      uow.create({ ...key, n: builds });
      return builds;
    });
    expect(out).toBe(2);
    expect((await store.get(key))?.n).toBe(2);
  });

  it('does not build again after any other error, and gives up after the retry budget', async () => {
    const store = services().store;
    let builds = 0;
    await expect(
      runInUnitOfWork(audited(store), meta(), async () => {
        builds++;
        throw new Error('not a conflict');
      }),
    ).rejects.toThrow('not a conflict');
    expect(builds).toBe(1);
    builds = 0;
    await expect(
      runInUnitOfWork(audited(store), meta(), async () => {
        builds++;
        throw new ConcurrentModificationError();
      }),
    ).rejects.toBeInstanceOf(ConcurrentModificationError);
    expect(builds).toBe(CONFLICT_RETRY_ATTEMPTS);
  });
});
