import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideServices, services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import type { Store } from '../../shared/ports/store.js';
import { keys } from '../../shared/store/keys.js';
import { commit, UnitOfWork } from '../../shared/domain/unit-of-work.js';
import { createPolicy } from '../../shared/domain/policies/policies.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import { policyVersionOf } from '../../shared/domain/policies/policy-cache.js';
import { credentialOwners } from '../../shared/domain/identity/credential-owners.js';
import type { UseCaseContext } from '../../shared/domain/context.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { callKinds, tracingStore } from '../support/tracing-store.js';
import { audited } from '../support/audited.js';

/**
 * The two per-container caches of the request path (identity/credential-owners.ts, policies/policy-cache.ts) against
 * DynamoDB Local over real HTTP: what they keep never lets a change answered before a request go unseen by it.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let admin: Key;
let adminUserId: string;
let tenantId: string;
let vaultId: string;
let walletId: string;
let real: Store;

beforeAll(async () => {
  api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  ({ admin, adminUserId } = t);
  tenantId = t.tenant.id;
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, tenantId, vaultId, Math.floor(clock.now().getTime() / 1000))).wallet.id;
  real = services().store;
});
afterAll(async () => {
  overrideServices({ store: real });
  await api?.close();
});

const submit = (amount: string) =>
  api.call('POST', '/v1/transactions', {
    key: admin,
    body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

/** The store calls `run` makes, through a tracing store. */
async function traced<T>(run: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
  const t = tracingStore(real);
  overrideServices({ store: t.store });
  try {
    return { result: await run(), calls: callKinds(t.calls) };
  } finally {
    overrideServices({ store: real });
  }
}

const denied = (res: { status: number; body: any }) => res.status === 422 && res.body.error.code === 1200;

describe('the policies a container keeps', () => {
  it('are used while the policy version stands: a submission without a DAILY_LIMIT makes two store calls', async () => {
    expect((await submit('1000')).status).toBe(201); // learns the key and keeps the vault's (no) policies
    const { result, calls } = await traced(() => submit('1000'));
    expect(result.status).toBe(201);
    expect(calls).toEqual(['getMany CRED TENANT USER IDEM POLICYVERSION WALLET', 'write WALLET TX IDEM REC']);
  });

  it('read a token asset in the same batch: a token transfer makes two store calls too', async () => {
    const symbol = `T${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const asset = await api.call('POST', '/v1/assets', {
      key: admin,
      body: { type: 'token', contract_address: randomAddress(), symbol, name: `${symbol} Token`, decimals: 6 },
    });
    expect(asset.status).toBe(201);
    const body = { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: asset.body.id, amount: '1000' };
    const send = () =>
      api.call('POST', '/v1/transactions', { key: admin, body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await send()).status).toBe(201);
    const { result, calls } = await traced(send);
    expect(result.status).toBe(201);
    expect(calls).toEqual(['getMany CRED TENANT USER IDEM POLICYVERSION WALLET ASSET', 'write WALLET TX IDEM REC']);
  });

  it('give way to a policy created, edited or deleted through the API: enforced on the very next submission', async () => {
    expect((await submit('1000')).status).toBe(201);
    const created = await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: vaultId, name: 'cap', rules: [{ type: 'MAX_AMOUNT', value: '10' }] },
    });
    expect(created.status).toBe(201);
    const next = await traced(() => submit('1000'));
    expect(denied(next.result)).toBe(true);
    expect(next.calls).toContain('query policiesOfVault'); // the version moved: the policies are read again
    expect((await traced(() => submit('5'))).calls).not.toContain('query policiesOfVault'); // and kept at the new one

    const raised = await api.call('PUT', `/v1/policies/${created.body.id}`, {
      key: admin,
      body: { rules: [{ type: 'MAX_AMOUNT', value: '100000' }] },
    });
    expect(raised.status).toBe(200);
    expect((await submit('1000')).status).toBe(201);
    const lowered = await api.call('PUT', `/v1/policies/${created.body.id}`, {
      key: admin,
      body: { rules: [{ type: 'MAX_AMOUNT', value: '10' }] },
    });
    expect(lowered.status).toBe(200);
    expect(denied(await submit('1000'))).toBe(true);
    expect((await api.call('DELETE', `/v1/policies/${created.body.id}`, { key: admin })).status).toBe(204);
    expect((await submit('1000')).status).toBe(201);
  });

  it('give way to a policy another container wrote (straight to the table, nothing in this process told)', async () => {
    expect((await submit('1000')).status).toBe(201);
    const before = policyVersionOf(await real.get(keys.policyVersion(tenantId), { consistent: true }));
    // What another container's createPolicy commits: the policy, its pointer, the version's move and the audit record.
    const uow = new UnitOfWork(() => clock.now());
    const ctx = { store: real, uow, now: clock.now(), principal: { tenantId } } as unknown as UseCaseContext;
    await createPolicy(ctx, nativeProfileFromConfig(services().config), {
      vault_id: vaultId,
      name: 'elsewhere',
      rules: [{ type: 'MAX_AMOUNT', value: '10' }],
    });
    await commit(audited(real), uow, {
      actor: { type: 'system', user_id: null, key_id: null },
      requestId: null,
      now: clock.now(),
    });
    expect(policyVersionOf(await real.get(keys.policyVersion(tenantId), { consistent: true }))).toBe(before + 1);
    expect(denied(await submit('1000'))).toBe(true);
    expect((await submit('5')).status).toBe(201);
  });
});

describe('the key ids a container knows', () => {
  const credential = async (name: string) => {
    const res = await api.call('POST', '/v1/credentials', { key: admin, body: { user_id: adminUserId, name } });
    expect(res.status).toBe(201);
    const key = { keyId: res.body.key_id as string, secret: res.body.secret as string };
    expect((await api.call('GET', '/v1/me', { key })).status).toBe(200);
    expect(credentialOwners.get(key.keyId)).toEqual({ tenantId, userId: adminUserId }); // learnt
    return key;
  };
  const me = (key: Key) => api.call('GET', '/v1/me', { key });
  const refused = (res: { status: number; body: any }, code: number) => {
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
  };

  it('authenticate with one batch read; an unknown key id still reads its credential alone', async () => {
    const key = await credential('one-batch');
    const known = await traced(() => me(key));
    expect(known.result.status).toBe(200);
    expect(known.calls[0]).toBe('getMany CRED TENANT USER');
    const unknown = await traced(() => me({ keyId: 'pqck_0000000000000000000002', secret: key.secret }));
    refused(unknown.result, 1000);
    expect(unknown.calls).toEqual(['get CRED']);
  });

  it('refuse a wrong secret (1000) and still take the right one', async () => {
    const key = await credential('wrong-secret');
    refused(
      await me({ keyId: key.keyId, secret: key.secret.slice(0, -1) + (key.secret.endsWith('x') ? 'y' : 'x') }),
      1000,
    );
    expect((await me(key)).status).toBe(200);
  });

  it('refuse a key revoked, from the next request (1002)', async () => {
    const key = await credential('revoked');
    expect((await api.call('DELETE', `/v1/credentials/${key.keyId}`, { key: admin })).status).toBe(200);
    refused(await me(key), 1002);
  });

  it('refuse a key rotated past its grace period (1002)', async () => {
    const key = await credential('rotated');
    expect(
      (
        await api.call('POST', '/v1/credentials/rotate', {
          key: admin,
          body: { key_id: key.keyId, grace_period_seconds: 60 },
        })
      ).status,
    ).toBe(201);
    expect((await me(key)).status).toBe(200);
    clock.advance(61_000);
    refused(await me(key), 1002);
  });

  it('refuse a key whose credential item is gone (1000), and forget it', async () => {
    const key = await credential('deleted');
    await real.write([{ op: 'delete', key: keys.credential(key.keyId) }]);
    refused(await me(key), 1000);
    expect(credentialOwners.get(key.keyId)).toBeUndefined();
  });

  it('take the long path when the credential read names another owner than the one kept', async () => {
    const key = await credential('moved');
    const item = (await real.get(keys.credential(key.keyId), { consistent: true }))!;
    await real.write([{ op: 'put', item: { ...item, user_id: 'not-a-user' } }]);
    const res = await traced(() => me(key));
    refused(res.result, 1000); // the credential's (new) user does not exist
    expect(res.calls).toEqual(['getMany CRED TENANT USER', 'get CRED', 'getMany TENANT USER']);
    expect(credentialOwners.get(key.keyId)).toBeUndefined();
  });
});
