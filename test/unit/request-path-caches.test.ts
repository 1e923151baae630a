import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../shared/domain/bounded-map.js';
import { CredentialOwners } from '../../shared/domain/identity/credential-owners.js';
import { PolicyCache, policyVersionOf } from '../../shared/domain/policies/policy-cache.js';
import type { PolicyRecord } from '../../shared/domain/policies/policy-store.js';

describe('BoundedMap', () => {
  it('holds at most its capacity, dropping the least recently used entry', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // 'a' is now the most recently used
    m.set('c', 3);
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe(1);
    expect(m.get('c')).toBe(3);
    expect(m.size).toBe(2);
    m.set('c', 4); // replacing does not grow it
    expect(m.size).toBe(2);
    m.delete('a');
    expect(m.get('a')).toBeUndefined();
    expect(() => new BoundedMap(0)).toThrow();
  });
});

describe('CredentialOwners', () => {
  it('keeps only the tenant and user ids of a key, forgets on request, and is bounded', () => {
    const owners = new CredentialOwners(2);
    const owner = { tenantId: 't1', userId: 'u1', secret_hash: 'not kept' } as { tenantId: string; userId: string };
    owners.learn('k1', owner);
    expect(owners.get('k1')).toEqual({ tenantId: 't1', userId: 'u1' });
    owners.learn('k2', { tenantId: 't1', userId: 'u2' });
    owners.learn('k3', { tenantId: 't2', userId: 'u3' });
    expect(owners.get('k1')).toBeUndefined();
    owners.forget('k2');
    expect(owners.get('k2')).toBeUndefined();
    expect(owners.get('k3')).toEqual({ tenantId: 't2', userId: 'u3' });
  });
});

describe('PolicyCache', () => {
  const policy = (id: string): PolicyRecord => ({
    id,
    tenant_id: 't',
    vault_id: 'v',
    name: id,
    rules: [],
    created_at: '',
    updated_at: '',
    version: 1,
  });

  it('answers only at the version the policies were kept at, per tenant and vault', () => {
    const cache = new PolicyCache(10);
    cache.set('t', 'v', 3, [policy('p1')]);
    expect(cache.get('t', 'v', 3)?.map((p) => p.id)).toEqual(['p1']);
    expect(cache.get('t', 'v', 4)).toBeUndefined();
    expect(cache.get('t', 'v', 2)).toBeUndefined();
    expect(cache.get('t', 'w', 3)).toBeUndefined();
    expect(cache.get('u', 'v', 3)).toBeUndefined();
    cache.set('t', 'v', 4, []);
    expect(cache.get('t', 'v', 3)).toBeUndefined();
    expect(cache.get('t', 'v', 4)).toEqual([]);
  });

  it('keeps a frozen copy (no request can edit what the next one reads) and is bounded', () => {
    const cache = new PolicyCache(1);
    const list = [policy('p1')];
    cache.set('t', 'v', 1, list);
    list.push(policy('p2'));
    const kept = cache.get('t', 'v', 1)!;
    expect(kept).toHaveLength(1);
    expect(Object.isFrozen(kept)).toBe(true);
    cache.set('t', 'w', 1, []);
    expect(cache.get('t', 'v', 1)).toBeUndefined();
  });

  it('reads a missing version item as 0, and a stored number as it is (number or bigint)', () => {
    expect(policyVersionOf(undefined)).toBe(0);
    expect(policyVersionOf({ pk: 'p', sk: 's' })).toBe(0);
    expect(policyVersionOf({ pk: 'p', sk: 's', policy_version: 7 })).toBe(7);
    expect(policyVersionOf({ pk: 'p', sk: 's', policy_version: 8n })).toBe(8);
  });
});
