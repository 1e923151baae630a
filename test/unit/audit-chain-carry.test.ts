import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store.js';
import { UnitOfWork, commit } from '../../shared/domain/unit-of-work.js';
import { GENESIS_HASH } from '../../shared/domain/audit/audit-record.js';
import { keys } from '../../shared/store/keys.js';
import { audited } from '../support/audited.js';

/**
 * An entity's chain end (`audit_hash`) lives on its item. A bookkeeping update that writes the item through a record
 * mapper that does not carry `audit_hash`, and records nothing (the chain poller's confirmations), must keep it:
 * otherwise the entity's next audited change restarts its chain at genesis and verification reports an insertion.
 */
const now = new Date('2026-11-23T12:00:00.000Z');
const meta = { actor: { type: 'system' as const, user_id: null, key_id: null }, requestId: null, now };
const vault = (version: number, name: string) => ({
  ...keys.vault('t1', 'v1'),
  entity: 'vault',
  id: 'v1',
  tenant_id: 't1',
  name,
  version,
});

describe('audit chain end on the entity item', () => {
  it('survives an unaudited replace of the item, so the next audited change links to the last record', async () => {
    const store = new MemoryStore();
    const created = new UnitOfWork(() => now).create(vault(1, 'a'));
    created.audit({
      tenantId: 't1',
      action: 'vault.created',
      resourceType: 'vault',
      resourceId: 'v1',
      change: { name: 'a' },
    });
    const [first] = await commit(audited(store), created, meta);
    expect(first!.previous_hash).toBe(GENESIS_HASH);

    // No audit draft, and the item as a mapper without `audit_hash` would build it.
    await commit(audited(store), new UnitOfWork(() => now).replace(vault(1, 'b')), meta);
    expect((await store.get(keys.vault('t1', 'v1')))!.audit_hash).toBe(first!.hash);

    const renamed = new UnitOfWork(() => now).replace(vault(2, 'c'));
    renamed.audit({
      tenantId: 't1',
      action: 'vault.updated',
      resourceType: 'vault',
      resourceId: 'v1',
      change: { name: 'c' },
    });
    const [second] = await commit(audited(store), renamed, meta);
    expect(second!.chain).toBe(first!.chain);
    expect(second!.previous_hash).toBe(first!.hash);
    expect((await store.get(keys.vault('t1', 'v1')))!.audit_hash).toBe(second!.hash);
  });
});
