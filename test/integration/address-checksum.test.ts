import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../shared/config.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { checksumAddress } from '../../shared/domain/chain/address.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { freshTestKey } from '../support/pq-chain.js';

/*
 * Every place an address comes in refuses mixed case whose EIP-55 checksum is wrong (a typo the checksum exists to
 * catch) with 400 1102, and takes all-lowercase, all-uppercase and correctly checksummed spellings. Inside a policy's
 * rules the refusal is 1100 with the member's path, as for every other bad member of a rule (docs/policies.md).
 */
let api: TestApi;
let tenantId: string;
let admin: Key;
let vaultId: string;
let walletId: string;

/** The checksummed spelling of an address with the case of one letter flipped (the typo), if that leaves it mixed case. */
function typoOf(good: string): string | undefined {
  const i = [...good].findIndex((c, n) => n >= 2 && /[a-fA-F]/.test(c));
  if (i < 0) return undefined;
  const c = good[i]!;
  const typo = good.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + good.slice(i + 1);
  const digits = typo.slice(2);
  return digits !== digits.toLowerCase() && digits !== digits.toUpperCase() ? typo : undefined;
}

function withTypo(): { good: string; typo: string } {
  for (;;) {
    const good = checksumAddress(randomAddress());
    const typo = typoOf(good);
    if (typo) return { good, typo };
  }
}

beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, tenantId, vaultId)).wallet.id;
});
afterAll(async () => {
  await api?.close();
});

const expectBadAddress = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ code: 1102, type: 'INVALID_ADDRESS', details: { field } });
  expect(res.body.error.message).toContain('EIP-55 checksum');
};

describe('addresses with a wrong EIP-55 checksum', () => {
  it('refuses one as a transfer destination (1102) and takes the checksummed and uppercase spellings', async () => {
    const { good, typo } = withTypo();
    const transfer = (destinationAddr: string) =>
      api.call('POST', '/v1/transactions', {
        key: admin,
        body: { sourceWalletId: walletId, destinationAddr, assetId: nativeAsset(), amount: '1' },
      });
    expectBadAddress(await transfer(typo), 'destinationAddr');
    expect((await transfer(good)).status).toBe(201);
    expect((await transfer(`0x${good.slice(2).toUpperCase()}`)).status).toBe(201);
  });

  it('refuses one on the screening list, in the body and in the path (1102)', async () => {
    const { good, typo } = withTypo();
    expectBadAddress(
      await api.call('POST', '/v1/screening/entries', { key: admin, body: { address: typo, list: 'blocked' } }),
      'address',
    );
    expectBadAddress(await api.call('DELETE', `/v1/screening/entries/${typo}`, { key: admin }), 'address');
    expect(
      (await api.call('POST', '/v1/screening/entries', { key: admin, body: { address: good, list: 'blocked' } }))
        .status,
    ).toBe(201);
    const list = await api.call('GET', '/v1/screening/entries', { key: admin });
    expect(JSON.stringify(list.body).toLowerCase()).toContain(good.toLowerCase());
  });

  it('refuses one as a token contract of the asset registry (1102)', async () => {
    const { good, typo } = withTypo();
    const asset = (contract_address: string, symbol: string) =>
      api.call('POST', '/v1/assets', {
        key: admin,
        body: { type: 'token', contract_address, symbol, name: symbol, decimals: 6 },
      });
    expectBadAddress(await asset(typo, 'TYPO'), 'contract_address');
    expect((await asset(good, 'GOOD')).status).toBe(201);
  });

  it('refuses one as a wallet address at registration (1102), and registers the checksummed spelling', async () => {
    const profile = chainProfileFromConfig(config());
    let own = freshTestKey();
    while (!typoOf(checksumAddress(own.address))) own = freshTestKey();
    const good = checksumAddress(own.address);
    const typo = typoOf(good)!;
    const now = Math.floor(Date.now() / 1000);
    const proof = profile.sign(
      own.secretKey,
      profile.ownershipProofMessage({ tenantId, vaultId, address: own.address, timestamp: now }),
    );
    const register = (address: string) =>
      api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, {
        key: admin,
        body: { address, public_key: own.publicKey, proof_signature: proof, proof_timestamp: now },
      });
    const refused = await register(typo);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 1102, details: { field: 'address' } });
    const registered = await register(good);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  });

  it('refuses one on a token allowlist, in the body and in the path (1102)', async () => {
    const { typo } = withTypo();
    const token = '00000000-0000-4000-8000-000000000000';
    expectBadAddress(
      await api.call('POST', `/v1/tokens/${token}/allowlist`, { key: admin, body: { address: typo } }),
      'address',
    );
    expectBadAddress(await api.call('DELETE', `/v1/tokens/${token}/allowlist/${typo}`, { key: admin }), 'address');
  });

  it('refuses one in a policy rule, as every bad rule member (1100 at its path), and takes the checksummed spelling', async () => {
    const { good, typo } = withTypo();
    const policy = (addresses: string[]) =>
      api.call('POST', '/v1/policies', {
        key: admin,
        body: { vault_id: vaultId, name: 'list', rules: [{ type: 'BLACKLIST_ADDRESS', addresses }] },
      });
    const refused = await policy([good, typo]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 1100, details: { field: 'rules.0.addresses.1' } });
    expect(refused.body.error.message).toContain('EIP-55 checksum');
    const created = await policy([good]);
    expect(created.status).toBe(201);
    expect(created.body.rules[0].addresses).toEqual([good.toLowerCase()]);
  });
});
