import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { config } from '../../shared/config.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { nativeAssetId } from '../../shared/domain/assets/assets.js';
import type { RoleName } from '../../shared/domain/permissions/matrix.js';
import type { Key, TestApi } from './local-api.js';

/** Building blocks for tests that need real vaults, wallets (with real ML-DSA ownership proofs) and users. */
const ML_DSA = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;

export async function createVault(api: TestApi, key: Key, name = `vault-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await api.call('POST', '/v1/vault/accounts', { key, body: { name } });
  if (res.status !== 201) throw new Error(`vault create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
}

/** Registers a wallet whose key the test holds, proving ownership as a wallet holder would. */
export async function registerWallet(api: TestApi, key: Key, tenantId: string, vaultId: string, now = Math.floor(Date.now() / 1000)) {
  const profile = chainProfileFromConfig(config());
  const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen();
  const address = profile.deriveAddress(publicKey);
  const proof = profile.sign(secretKey, profile.ownershipProofMessage({ tenantId, vaultId, address, timestamp: now }));
  const res = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, {
    key,
    body: { address, public_key: `0x${Buffer.from(publicKey).toString('hex')}`, label: 'test wallet', proof_signature: proof, proof_timestamp: now },
  });
  if (res.status !== 201) throw new Error(`wallet register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { wallet: res.body as { id: string; address: string }, secretKey };
}

/** A user of the tenant holding exactly `role`, with a credential. */
export async function createUserWithRole(api: TestApi, adminKey: Key, role: RoleName) {
  const tag = Math.random().toString(36).slice(2, 8);
  const user = await api.call('POST', '/v1/users', { key: adminKey, body: { email: `${role}-${tag}@example.com`, name: `${role} ${tag}` } });
  if (user.status !== 201) throw new Error(`user create failed: ${user.status} ${JSON.stringify(user.body)}`);
  const assign = await api.call('POST', `/v1/users/${user.body.id}/roles`, { key: adminKey, body: { role_id: `role_${role}` } });
  if (assign.status >= 300) throw new Error(`role assign failed: ${assign.status} ${JSON.stringify(assign.body)}`);
  const cred = await api.call('POST', '/v1/credentials', { key: adminKey, body: { user_id: user.body.id, name: role } });
  if (cred.status !== 201) throw new Error(`credential create failed: ${cred.status} ${JSON.stringify(cred.body)}`);
  return { userId: user.body.id as string, key: { keyId: cred.body.key_id as string, secret: cred.body.secret as string } };
}

export const nativeAsset = () => nativeAssetId(config().CUSTODY_CHAIN_ID);

export const randomAddress = () => `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;
