import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from './local-api.js';
import { config, resetConfig } from '../../shared/config.js';
import { chainProfileFromConfig, type ChainProfile } from '../../shared/domain/chain/chain-profile.js';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';

export const SIGNER_TOKEN = 'test-signer-token-0123456789';

export type WalletsFixture = {
  api: TestApi;
  signer: ReferenceSigner;
  /** Where the reference signer keeps its keys. */
  signerDir: string;
  /** The chain profile of the configuration, with ML-DSA at hand (to sign proofs as a wallet holder would). */
  profile: ChainProfile;
  admin: Key;
  tenantId: string;
  vaultId: string;
  close(): Promise<void>;
};

/**
 * What the wallets tests start from: the reference signer on its own HTTP server (keys in a temporary folder), its
 * URL and token set before the service's first configuration read, the test API, and one tenant with a vault.
 */
export async function startWalletsFixture(): Promise<WalletsFixture> {
  const signerDir = await mkdtemp(join(tmpdir(), 'reference-signer-'));
  const signer = await startReferenceSigner({ port: 0, dir: signerDir, token: SIGNER_TOKEN });
  process.env.CUSTODY_SIGNER_URL = signer.url;
  process.env.CUSTODY_SIGNER_TOKEN = SIGNER_TOKEN;
  resetConfig();
  const api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  const vaultId = (await api.call('POST', '/v1/vault/accounts', { key: t.admin, body: { name: 'main' } })).body.id as string;
  return {
    api,
    signer,
    signerDir,
    profile: chainProfileFromConfig(config()),
    admin: t.admin,
    tenantId: t.tenant.id as string,
    vaultId,
    async close() {
      await api.close();
      await signer.close();
      await rm(signerDir, { recursive: true, force: true });
    },
  };
}
