import { config } from '../../shared/config.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { nativeAssetId } from '../../shared/domain/assets/assets.js';
import type { RoleName } from '../../shared/domain/permissions/matrix.js';
import type { Key, TestApi } from './local-api.js';
import { freshTestKey, type TestKey } from './pq-chain.js';

/** Building blocks for tests that need real vaults, wallets (with real ML-DSA ownership proofs) and users. */

export async function createVault(api: TestApi, key: Key, name = `vault-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await api.call('POST', '/v1/vault/accounts', { key, body: { name } });
  if (res.status !== 201) throw new Error(`vault create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
}

/**
 * Registers a wallet whose key the test holds (a new one, or `holder`: a key the test also signs chain transactions
 * with), proving ownership as a wallet holder would.
 */
export async function registerWallet(
  api: TestApi,
  key: Key,
  tenantId: string,
  vaultId: string,
  now = Math.floor(Date.now() / 1000),
  holder?: TestKey,
) {
  const profile = chainProfileFromConfig(config());
  const own = holder ?? freshTestKey();
  const proof = profile.sign(
    own.secretKey,
    profile.ownershipProofMessage({ tenantId, vaultId, address: own.address, timestamp: now }),
  );
  const res = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, {
    key,
    body: {
      address: own.address,
      public_key: own.publicKey,
      label: 'test wallet',
      proof_signature: proof,
      proof_timestamp: now,
    },
  });
  if (res.status !== 201) throw new Error(`wallet register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { wallet: res.body as { id: string; address: string }, secretKey: own.secretKey };
}

/**
 * registerWallet, then the wallet funded on a dev chain (`chain()`, read at each call: test-chain.ts), whose balance a
 * transfer's signing step checks.
 */
export const registerFundedWallet =
  (chain: () => { fund: (address: string) => Promise<unknown> }) =>
  async (...args: Parameters<typeof registerWallet>) => {
    const w = await registerWallet(...args);
    await chain().fund(w.wallet.address);
    return w;
  };

export type TenantWithVault = { id: string; admin: Key; vaultId: string };

/** A new tenant (through the platform operator's `api`) and a vault of it. */
export async function createTenantWithVault(api: TestApi, name: string): Promise<TenantWithVault> {
  const t = await api.call('POST', '/v1/tenants', {
    body: { name, admin_email: `admin@${name}.example`, admin_name: 'Admin' },
  });
  if (t.status !== 201) throw new Error(`tenant create failed: ${t.status} ${JSON.stringify(t.body)}`);
  const admin: Key = { keyId: t.body.admin_credential.key_id, secret: t.body.admin_credential.secret };
  return { id: t.body.id as string, admin, vaultId: (await createVault(api, admin)).id };
}

/** Creates a user with the given roles in the tenant of `adminKey`, and a credential for it, through the API. */
export async function createUserWithKey(
  api: TestApi,
  adminKey: Key,
  roleIds: string[],
  label = Math.random().toString(36).slice(2, 10),
) {
  const created = await api.call('POST', '/v1/users', {
    key: adminKey,
    body: { email: `${label}@users.example`, name: `User ${label}`, role_ids: roleIds },
  });
  if (created.status !== 201) throw new Error(`user create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const cred = await api.call('POST', '/v1/credentials', {
    key: adminKey,
    body: { user_id: created.body.id, name: `key of ${label}` },
  });
  if (cred.status !== 201) throw new Error(`credential create failed: ${cred.status} ${JSON.stringify(cred.body)}`);
  return {
    user: created.body as { id: string; email: string; name: string },
    key: { keyId: cred.body.key_id as string, secret: cred.body.secret as string },
  };
}

/** A user of the tenant holding exactly `role`, with a credential. */
export async function createUserWithRole(api: TestApi, adminKey: Key, role: RoleName) {
  const { user, key } = await createUserWithKey(
    api,
    adminKey,
    [`role_${role}`],
    `${role}-${Math.random().toString(36).slice(2, 8)}`,
  );
  return { userId: user.id, key };
}

export const nativeAsset = () => nativeAssetId(config().CUSTODY_CHAIN_ID);

export const randomAddress = () =>
  `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;
