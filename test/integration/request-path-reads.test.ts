import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideServices, services } from '../../shared/composition/standalone.js';
import type { Store } from '../../shared/ports/store.js';
import { callKinds, tracingStore as tracing } from '../support/tracing-store.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { coalescingReads, readKeyId } from '../../shared/http/request-store.js';
import { keys } from '../../shared/store/keys.js';
import { sha256Hex } from '../../shared/crypto/hashing.js';
import { dynamoItemBytes } from '../../bench/support/item-size.js';

/**
 * What one request asks of the store, traced through a counting wrapper around the real store (DynamoDB Local):
 * the request path reads as little as it must.
 */
let api: TestApi;
let admin: Key;
let walletId: string;
let tenantId: string;
let real: Store;

beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  tenantId = t.tenant.id;
  const vaultId = (await createVault(api, admin)).id;
  await api.call('POST', '/v1/policies', {
    key: admin,
    body: {
      vault_id: vaultId,
      name: 'limits',
      rules: [
        { type: 'MAX_AMOUNT', value: '1000000' },
        { type: 'DAILY_LIMIT', value: '1000000000' },
      ],
    },
  });
  walletId = (await registerWallet(api, admin, t.tenant.id, vaultId)).wallet.id;
  real = services().store;
});
afterAll(async () => {
  overrideServices({ store: real });
  await api?.close();
});

describe('the request path of POST /v1/transactions', () => {
  it('makes two store calls once the container knows the key and the policies and holds a DAILY_LIMIT lease: one batch, the write', async () => {
    const submit = () =>
      api.call('POST', '/v1/transactions', {
        key: admin,
        body: {
          sourceWalletId: walletId,
          destinationAddr: randomAddress(),
          assetId: nativeAsset(),
          amount: '1000',
          externalId: crypto.randomUUID(),
        },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    // The first submission of the container takes the rate-limit leases and reads the vault's policies (the admin's key
    // id was learnt while setting up: an unknown key id reads its credential alone first, request-path-caches.test.ts).
    const first = tracing(real);
    overrideServices({ store: first.store });
    expect((await submit()).status).toBe(201);
    overrideServices({ store: real });
    expect(callKinds(first.calls)).toEqual([
      // The credential, its tenant and user in one batch with the idempotency record and what the route reads first:
      // the tenant's policy version, the source wallet and the external id's constraint (the native asset is not
      // stored) ...
      'getMany CRED TENANT USER IDEM POLICYVERSION WALLET TXEXT',
      // ... then the policies of the wallet's vault (the vault itself is neither read nor checked: an active wallet's
      // vault is active).
      'query policiesOfVault',
      // The DAILY_LIMIT reservation: a lease for this container, one transaction with a capped add on the vault's
      // counter (not read first: the add checks the total) of the amount and an allowance ahead, outside the
      // submission's transaction; the submission's transaction consumes the amount from the lease.
      'write SPEND LEASE',
      'write LEASE WALLET TX TXEXT IDEM REC',
    ]);
    const { store, calls } = tracing(real);
    overrideServices({ store });
    const res = await submit();
    overrideServices({ store: real });
    expect(res.status).toBe(201);
    expect(callKinds(calls)).toEqual([
      // A key id this container authenticated: the credential, its tenant and user and the route's items in ONE
      // batch; the policy version read there is the one the vault's policies were kept at (no query).
      'getMany CRED TENANT USER IDEM POLICYVERSION WALLET TXEXT',
      // The DAILY_LIMIT reservation comes from this container's lease (no counter write): the transaction consumes
      // it, checks the wallet is active, writes the transaction and its external id, stores the idempotency record and
      // the audit record. Rate limits are served from this container's leases (no counter write).
      'write LEASE WALLET TX TXEXT IDEM REC',
    ]);
    // Nothing is read twice.
    const reads = calls.filter((c) => c.method === 'get' || c.method === 'getMany').flatMap((c) => c.keys);
    expect(reads.filter((k, i) => reads.indexOf(k) !== i)).toEqual([]);
  });
});

describe('the items a submission writes', () => {
  it('are each under 1 KiB (a write unit per started KiB, doubled in a transaction): the transaction and the stored answer', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' };
    const first = await api.call('POST', '/v1/transactions', { key: admin, body, headers });
    expect(first.status).toBe(201);
    const tx = await real.get(keys.transaction(tenantId, first.body.id as string), { consistent: true });
    const record = await real.get(keys.idempotency(tenantId, sha256Hex(headers['Idempotency-Key'])), {
      consistent: true,
    });
    expect(dynamoItemBytes(tx!)).toBeLessThan(1024);
    expect(dynamoItemBytes(record!)).toBeLessThan(1024);
    // The stored answer is sealed, as binary, and still replays the first answer.
    expect(record!.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(record!.body as Uint8Array).includes(first.body.id as string)).toBe(false);
    const again = await api.call('POST', '/v1/transactions', { key: admin, body, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('checks a wallet stored with its public key as binary (the check costs by the item size), shown as hex', async () => {
    const stored = await real.get(keys.wallet(tenantId, walletId), { consistent: true });
    expect(stored!.public_key).toBeInstanceOf(Uint8Array);
    const shown = await api.call('GET', `/v1/wallets/${walletId}`, { key: admin });
    expect(shown.status).toBe(200);
    expect(shown.body.public_key).toBe(`0x${Buffer.from(stored!.public_key as Uint8Array).toString('hex')}`);
    expect(dynamoItemBytes(stored!)).toBeLessThan(2 * (stored!.public_key as Uint8Array).length);
  });
});

describe("the use case's store (coalescingReads)", () => {
  it('sends single-item reads started together as one batch, hands an item read with authentication over once, and caches nothing', async () => {
    const { store: traced, calls } = tracing(real);
    const tenantKey = { pk: `TENANT#${tenantId}`, sk: 'TENANT' };
    const walletKey = { pk: `TENANT#${tenantId}`, sk: `WALLET#${walletId}` };
    const missing = { pk: `TENANT#${tenantId}`, sk: 'WALLET#none' };
    const seeded = { ...(await real.get(walletKey))!, name: 'as read with authentication' };
    const store = coalescingReads(traced, new Map([[readKeyId(walletKey), seeded]]));
    const [tenant, wallet, none] = await Promise.all([store.get(tenantKey), store.get(walletKey), store.get(missing)]);
    expect(wallet).toBe(seeded);
    expect(tenant?.id).toBe(tenantId);
    expect(none).toBeUndefined();
    // The next read of the wallet asks the table: the seed is handed over once.
    expect((await store.get(walletKey))?.name).not.toBe('as read with authentication');
    await store.get(tenantKey, { consistent: false });
    expect(calls.map((c) => `${c.method} ${c.keys.length}`)).toEqual(['getMany 2', 'get 1', 'get 1']);
  });
});
