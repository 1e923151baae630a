import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { services } from '../../shared/app/services.js';
import { DynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store.js';
import { keys } from '../../shared/store/keys.js';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('audit chain', () => {
  it('records each change of a tenant with actor, request id and linked hashes', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const upd = await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name: 'audited' } });
    const entries = await api.call('GET', '/v1/audit/entries', { key: admin });
    expect(entries.status).toBe(200);
    const actions = entries.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['tenant.created', 'user.created', 'credential.created', 'tenant.updated']);
    const last = entries.body.entries.at(-1);
    expect(last.request_id).toBe(upd.headers.get('x-request-id'));
    expect(last.actor.key_id).toBe(admin.keyId);
    expect(last.previous_hash).toBe(entries.body.entries.at(-2).hash);
    expect(entries.body.entries.map((e: { sequence: number }) => e.sequence)).toEqual([1, 2, 3, 4]);
  });

  it('never forks under concurrent changes of one tenant', async () => {
    const { admin, adminUserId } = await createTenantWithAdmin(api);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api.call('POST', '/v1/credentials', { key: admin, body: { user_id: adminUserId, name: `k${i}` } })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const verify = await api.call('GET', '/v1/audit/verify', { key: admin });
    expect(verify.body).toMatchObject({ valid: true, entries_checked: 11, first_invalid_sequence: null });
  });

  it('names exactly the sequence of an entry edited directly in DynamoDB', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    for (const name of ['one', 'two', 'three']) await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name } });
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
    const store = services().store as DynamoDbStore;
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.auditEntry(tenant.id, 5),
        UpdateExpression: 'SET #a = :a',
        ExpressionAttributeNames: { '#a': 'action' },
        ExpressionAttributeValues: { ':a': 'tenant.nothing_to_see' },
      }),
    );
    const verify = await api.call('GET', '/v1/audit/verify', { key: admin });
    expect(verify.body).toMatchObject({ valid: false, first_invalid_sequence: 5, entries_checked: 6 });
  });

  it('records nothing when a change fails', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const before = (await api.call('GET', '/v1/audit/verify', { key: admin })).body.entries_checked;
    await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { ip_allowlist: ['not-a-cidr'] } });
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.entries_checked).toBe(before);
  });
});
