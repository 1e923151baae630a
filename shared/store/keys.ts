/**
 * Every key of the single table is built here (pk/sk and the gsi pairs), so the layout is readable in one place.
 *
 * Tenant-owned items carry the tenant id inside their partition key: a read with the caller's tenant id can only
 * ever find that tenant's items, which makes isolation structural rather than a check that could be forgotten.
 */
export type Key = { pk: string; sk: string };

const pad = (n: number | bigint, width = 20) => n.toString().padStart(width, '0');

export const keys = {
  platform: (): Key => ({ pk: 'PLATFORM', sk: 'PLATFORM' }),

  tenant: (tenantId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: 'TENANT' }),
  tenantList: () => ({ gsi1pk: 'TENANTS' }),
  tenantListSort: (tenantId: string) => ({ gsi1sk: tenantId }),
  userStatusPartition: (tenantId: string, status: string) => ({ gsi1pk: `TENANT#${tenantId}#USERS#${status}` }),

  user: (tenantId: string, userId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `USER#${userId}` }),
  userPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'USER#' }),
  userStatusIndex: (tenantId: string, status: string, userId: string) => ({ gsi1pk: `TENANT#${tenantId}#USERS#${status}`, gsi1sk: userId }),
  userExternalId: (tenantId: string, externalId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `USEREXT#${externalId}` }),
  userEmail: (tenantId: string, email: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `USEREMAIL#${email.toLowerCase()}` }),

  credential: (keyId: string): Key => ({ pk: `CRED#${keyId}`, sk: 'CRED' }),
  credentialTenantIndex: (tenantId: string, createdAt: string, keyId: string) => ({ gsi1pk: `TENANT#${tenantId}#CREDS`, gsi1sk: `${createdAt}#${keyId}` }),
  credentialTenantPartition: (tenantId: string) => ({ gsi1pk: `TENANT#${tenantId}#CREDS` }),

  idempotency: (tenantId: string, keyHash: string): Key => ({ pk: `IDEM#${tenantId}#${keyHash}`, sk: 'IDEM' }),

  auditHead: (tenantId: string): Key => ({ pk: `TENANT#${tenantId}#AUDIT`, sk: 'HEAD' }),
  auditEntry: (tenantId: string, seq: number): Key => ({ pk: `TENANT#${tenantId}#AUDIT`, sk: `SEQ#${pad(seq)}` }),
  auditEntryPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#AUDIT`, skPrefix: 'SEQ#' }),
  auditSeqFromSk: (sk: string): number => Number(sk.slice('SEQ#'.length)),

  rateCounter: (scope: string, id: string, window: number, shard: number): Key => ({ pk: `RATE#${scope}#${id}#${window}#${shard}`, sk: 'RATE' }),

  event: (tenantId: string, eventId: string): Key => ({ pk: `TENANT#${tenantId}#EVENTS`, sk: `EVT#${eventId}` }),
  eventPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#EVENTS`, skPrefix: 'EVT#' }),
} as const;

/** Item attributes that only the store layout needs; stripped before an item becomes a domain record. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'ttl', 'entity'] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}
