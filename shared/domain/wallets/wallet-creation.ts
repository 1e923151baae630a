import { DuplicateExternalIdError, ValidationError } from '../../errors/domain-errors.js';
import { SignerUnavailableError, type Signer } from '../../ports/signer.js';
import type { UseCaseContext } from '../context.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { newId } from '../ids.js';
import { fromHex, isHexOfBytes, type ChainProfile, type PqAlgorithm } from '../chain/chain-profile-rules.js';
import { keccak256Hex } from '../chain/keccak.js';
import { loadActiveVault, stageWalletAdded } from '../vaults/vault-record.js';
import { checkOwnershipProof } from './ownership-proof.js';
import {
  walletAddressItem,
  walletAtAddressItem,
  walletItem,
  walletView,
  type WalletOrigin,
  type WalletRecord,
} from './wallet-record.js';

/*
 * Registering and generating a wallet: the only wallet use cases that need the chain profile (an address derived
 * from the public key with Keccak-256, the ownership proof, the key fingerprint in the audit). The wallets function
 * loads this module with its profile wiring as a lazy chunk (functions/wallets/creation.ts) at the first
 * registration or generation; its reads, archive, balances and deposits never load it (./wallets.ts).
 */

type NewWallet = {
  tenantId: string;
  vaultId: string;
  address: string;
  publicKey: string;
  algorithm: PqAlgorithm;
  label: string | null;
  origin: WalletOrigin;
  signerKeyRef: string | null;
};

/**
 * Stages a new wallet with its guards: its address is registered once per tenant (409 1104), and its vault is still
 * active when the change commits (409 1301; the vault's version and wallet count move, `stageWalletAdded`). Audited as `wallet.registered` or `wallet.generated`, with the public
 * key's Keccak-256 fingerprint rather than the key itself.
 */
function stageNewWallet(uow: UnitOfWork, n: NewWallet, now: Date): WalletRecord {
  const ts = now.toISOString();
  const wallet: WalletRecord = {
    id: newId(),
    tenant_id: n.tenantId,
    vault_id: n.vaultId,
    address: n.address.toLowerCase(),
    public_key: n.publicKey.toLowerCase(),
    algorithm: n.algorithm,
    label: n.label,
    origin: n.origin,
    signer_key_ref: n.signerKeyRef,
    status: 'active',
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  uow.create(walletItem(wallet));
  uow.create(
    walletAddressItem(wallet),
    () => new DuplicateExternalIdError('a wallet with this address is already registered in this tenant'),
  );
  uow.create(walletAtAddressItem(wallet));
  stageWalletAdded(uow, n.tenantId, n.vaultId);
  uow.audit({
    tenantId: n.tenantId,
    action: n.origin === 'generated' ? 'wallet.generated' : 'wallet.registered',
    resourceType: 'wallet',
    resourceId: wallet.id,
    change: {
      vault_id: wallet.vault_id,
      address: wallet.address,
      algorithm: wallet.algorithm,
      label: wallet.label,
      origin: wallet.origin,
      signer_key_ref: wallet.signer_key_ref,
      public_key_keccak256: keccak256Hex(fromHex(wallet.public_key)),
    },
  });
  return wallet;
}

export type RegisterWalletInput = {
  address: string;
  public_key: string;
  label?: string;
  proof_signature: string;
  proof_timestamp: number;
};

/**
 * Registers a wallet whose key is held outside (non-custodial): the caller proves it holds the key by signing the
 * ownership-proof message of the chain profile. 404 1400 for an unknown vault, 409 1301 for an archived one.
 */
export async function registerWallet(
  ctx: UseCaseContext,
  profile: ChainProfile,
  vaultId: string,
  input: RegisterWalletInput,
) {
  const tenantId = ctx.principal.tenantId;
  await loadActiveVault(ctx.store, tenantId, vaultId);
  await checkOwnershipProof(
    profile,
    {
      tenantId,
      vaultId,
      address: input.address,
      publicKey: input.public_key,
      proofSignature: input.proof_signature,
      proofTimestamp: input.proof_timestamp,
    },
    ctx.now,
  );
  const wallet = stageNewWallet(
    ctx.uow,
    {
      tenantId,
      vaultId,
      address: input.address,
      publicKey: input.public_key,
      algorithm: profile.algorithm,
      label: input.label ?? null,
      origin: 'registered',
      signerKeyRef: null,
    },
    ctx.now,
  );
  return walletView(wallet);
}

export type GenerateDeps = { profile: ChainProfile; signer: Signer; keygenMode: 'signer' | 'local' };

/**
 * Asks the signer to create a key pair for a new wallet in the vault (the private key never reaches the service).
 * Refused with 400 1100 when `CUSTODY_SIGNER_KEYGEN_MODE=local`; a signer that fails answers 503 1500.
 */
export async function generateWallet(
  ctx: UseCaseContext,
  deps: GenerateDeps,
  vaultId: string,
  input: { label?: string },
) {
  if (deps.keygenMode === 'local') {
    throw new ValidationError(
      'wallet generation is disabled (CUSTODY_SIGNER_KEYGEN_MODE=local): register the wallet with its public key and an ownership proof',
    );
  }
  const tenantId = ctx.principal.tenantId;
  await loadActiveVault(ctx.store, tenantId, vaultId);
  const label = input.label ?? null;
  const key = await deps.signer.generateKey({
    tenantId,
    vaultId,
    walletLabel: label,
    algorithm: deps.profile.algorithm,
  });
  if (!isHexOfBytes(key.publicKey, deps.profile.sizes.publicKey)) {
    throw new SignerUnavailableError('the signer returned a key of another parameter set');
  }
  const wallet = stageNewWallet(
    ctx.uow,
    {
      tenantId,
      vaultId,
      address: deps.profile.deriveAddress(key.publicKey),
      publicKey: key.publicKey,
      algorithm: deps.profile.algorithm,
      label,
      origin: 'generated',
      signerKeyRef: key.keyRef,
    },
    ctx.now,
  );
  return walletView(wallet);
}
