import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { stripKeys } from '../../store/keys.js';

/** The tenant's own screening list, read by the built-in screening provider. Addresses are kept in lowercase. */
type Entry = { address: string; list: 'blocked' | 'flagged'; reason: string | null; created_at: string };

const view = (item: Record<string, unknown>): Entry => {
  const { address, list, reason, created_at } = stripKeys(item) as Entry;
  return { address, list, reason, created_at };
};

export async function addScreeningEntry(
  ctx: UseCaseContext,
  input: { address: string; list: Entry['list']; reason?: string },
) {
  const entry: Entry = {
    address: input.address.toLowerCase(),
    list: input.list,
    reason: input.reason ?? null,
    created_at: ctx.now.toISOString(),
  };
  ctx.uow.put({ ...keys.screeningEntry(ctx.principal.tenantId, entry.address), entity: 'screening_entry', ...entry });
  ctx.uow.audit({
    tenantId: ctx.principal.tenantId,
    action: 'screening.entry_set',
    resourceType: 'screening_entry',
    resourceId: entry.address,
    change: entry,
  });
  return entry;
}

export async function listScreeningEntries(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  page: PageRequest,
) {
  const out = await listPage(
    ctx,
    { name: 'screening-entries', pattern: accessPatterns.screeningEntriesOfTenant(ctx.principal.tenantId) },
    page,
  );
  return { entries: out.items.map(view), next_cursor: out.next_cursor };
}

export async function deleteScreeningEntry(ctx: UseCaseContext, address: string) {
  const key = keys.screeningEntry(ctx.principal.tenantId, address);
  const item = await ctx.store.get(key);
  if (!item) throw new NotFoundError('screening entry');
  ctx.uow.delete(key, { type: 'exists' });
  ctx.uow.audit({
    tenantId: ctx.principal.tenantId,
    action: 'screening.entry_removed',
    resourceType: 'screening_entry',
    resourceId: address.toLowerCase(),
    change: null,
  });
  return view(item);
}
