import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from './local-api.js';
import { config, resetConfig } from '../../shared/config.js';
import {
  chainProfileFromConfig,
  deriveAddress,
  ML_DSA,
  toHex,
  type ChainProfile,
} from '../../shared/domain/chain/chain-profile.js';
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
  /** A key pair and a registration body whose ownership proof is signed for (tenant, vault) at `ts` (defaults: the fixture's, now). */
  registration(opts?: RegistrationOptions): { keys: KeyPair; body: RegistrationBody };
  close(): Promise<void>;
};

type KeyPair = { publicKey: Uint8Array; secretKey: Uint8Array };
export type RegistrationOptions = { tenant?: string; vault?: string; ts?: number; keys?: KeyPair; label?: string };
type RegistrationBody = {
  address: string;
  public_key: string;
  label: string;
  proof_signature: string;
  proof_timestamp: number;
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
  const vaultId = (await api.call('POST', '/v1/vault/accounts', { key: t.admin, body: { name: 'main' } })).body
    .id as string;
  const profile = chainProfileFromConfig(config());
  const tenantId = t.tenant.id as string;
  return {
    api,
    signer,
    signerDir,
    profile,
    admin: t.admin,
    tenantId,
    vaultId,
    registration(opts = {}) {
      const keys = opts.keys ?? ML_DSA[profile.algorithm].keygen();
      const address = deriveAddress(keys.publicKey);
      const ts = opts.ts ?? Math.floor(Date.now() / 1000);
      const proof_signature = profile.sign(
        keys.secretKey,
        profile.ownershipProofMessage({
          tenantId: opts.tenant ?? tenantId,
          vaultId: opts.vault ?? vaultId,
          address,
          timestamp: ts,
        }),
      );
      return {
        keys,
        body: {
          address,
          public_key: toHex(keys.publicKey),
          label: opts.label ?? 'hot wallet',
          proof_signature,
          proof_timestamp: ts,
        },
      };
    },
    async close() {
      await api.close();
      await signer.close();
      await rm(signerDir, { recursive: true, force: true });
    },
  };
}
