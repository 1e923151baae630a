import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { listPage, type PageRequest, type PagingContext } from '../pagination.js';
import { accessPatterns } from '../../store/access-patterns.js';

import { ChainVerifier, type AuditEntry, type VerifyResult } from './audit-chain.js';
import { stripKeys } from '../../store/keys.js';

/** Reading and verifying a tenant's audit chain. */
const VERIFY_PAGE = 500;

export function auditEntryView(item: Record<string, unknown>) {
  const e = stripKeys(item) as AuditEntry & { change?: unknown };
  return e;
}

/** Recomputes the whole chain from the first entry, page by page, and compares the end with the stored head. */
export async function verifyChain(store: Store, tenantId: string): Promise<VerifyResult> {
  const verifier = new ChainVerifier();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({ pattern: accessPatterns.auditEntriesOfTenant(tenantId), limit: VERIFY_PAGE, startKey, consistent: true });
    for (const item of page.items) {
      const { change: _change, ...entry } = stripKeys(item) as AuditEntry & { change?: unknown };
      // The sort key is the authority on position: an entry whose sequence field was edited is caught by its hash.
      verifier.step({ ...entry, sequence: typeof entry.sequence === 'number' ? entry.sequence : keys.auditSeqFromSk(item.sk) });
    }
    startKey = page.lastKey;
  } while (startKey);
  const head = await store.get(keys.auditHead(tenantId), { consistent: true });
  return verifier.result(head ? { sequence: head.sequence as number, hash: head.hash as string } : undefined);
}

export async function listEntries(ctx: PagingContext, tenantId: string, page: PageRequest & { order?: 'asc' | 'desc' }) {
  const out = await listPage(ctx, { name: 'audit-entries', pattern: accessPatterns.auditEntriesOfTenant(tenantId), newestFirst: page.order === 'desc' }, page);
  return { entries: out.items.map(auditEntryView), next_cursor: out.next_cursor };
}
