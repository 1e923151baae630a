import { defineRoutes } from '../route.js';
import { VaultIdParam } from '../../schemas/vaults.js';
import { BalanceList, BalanceListQuery, DepositList, DepositListQuery } from '../../schemas/deposits.js';
import { ArchiveWalletBody, GenerateWalletBody, RegisterWalletBody, RegisterWalletWithVaultBody, Wallet, WalletIdParam, WalletList, WalletListQuery } from '../../schemas/wallets.js';

const REGISTER_ERRORS = ['INVALID_ADDRESS', 'OWNERSHIP_PROOF', 'VALIDATION', 'VAULT_NOT_FOUND', 'TX_INVALID_STATE', 'DUPLICATE_EXTERNAL_ID'] as const;
const REGISTER_DESCRIPTION =
  'The key proves ownership: `proof_signature` is the ML-DSA signature (configured parameter set and FIPS 204 context) of the UTF-8 message ' +
  '`custody-ownership-proof:v1:{chain_id}:{tenant_id}:{vault_id}:{address in lowercase}:{proof_timestamp}`. The address must be `0x` + the last ' +
  '20 bytes of Keccak-256 of the public key. An address is registered once per tenant (409 1104).';

export const walletRoutes = defineRoutes({
  registerVaultWallet: {
    operationId: 'registerVaultWallet', family: 'wallets', method: 'POST', path: '/v1/vault/accounts/{vaultAccountId}/wallets', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:create'], summary: 'Register a wallet in a vault',
    description: `Register a wallet (address and post-quantum public key, with an ownership proof) in a vault. ${REGISTER_DESCRIPTION}`,
    params: VaultIdParam, body: RegisterWalletBody, success: { status: 201, schema: Wallet }, errors: REGISTER_ERRORS,
  },
  registerWallet: {
    operationId: 'registerWallet', family: 'wallets', method: 'POST', path: '/v1/wallets', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:create'], summary: 'Register a wallet',
    description: `Register a wallet in the vault named by \`vault_id\`. ${REGISTER_DESCRIPTION}`,
    body: RegisterWalletWithVaultBody, success: { status: 201, schema: Wallet }, errors: REGISTER_ERRORS,
  },
  generateWallet: {
    operationId: 'generateWallet', family: 'wallets', method: 'POST', path: '/v1/vault/accounts/{vaultAccountId}/wallets/generate', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:create'], summary: 'Generate a wallet', description: 'Have the signer create a key pair for a new wallet (400 1100 when CUSTODY_SIGNER_KEYGEN_MODE=local).',
    params: VaultIdParam, body: GenerateWalletBody, success: { status: 201, schema: Wallet }, errors: ['VALIDATION', 'VAULT_NOT_FOUND', 'TX_INVALID_STATE', 'NODE_UNAVAILABLE'],
  },
  listVaultWallets: {
    operationId: 'listVaultWallets', family: 'wallets', method: 'GET', path: '/v1/vault/accounts/{vaultAccountId}/wallets', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:read'], summary: 'List a vault\'s wallets', description: 'List the wallets of a vault (without public keys).',
    params: VaultIdParam, query: WalletListQuery, success: { status: 200, schema: WalletList }, errors: ['VAULT_NOT_FOUND', 'INVALID_PAGINATION'],
  },
  getWallet: {
    operationId: 'getWallet', family: 'wallets', method: 'GET', path: '/v1/wallets/{id}', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:read'], summary: 'Get a wallet', description: 'Get a wallet, with its public key.',
    params: WalletIdParam, success: { status: 200, schema: Wallet }, errors: ['VAULT_NOT_FOUND'],
  },
  archiveWallet: {
    operationId: 'archiveWallet', family: 'wallets', method: 'POST', path: '/v1/wallets/{id}/archive', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:delete'], summary: 'Archive a wallet', description: 'Archive a wallet; transactions already in flight complete normally.',
    params: WalletIdParam, body: ArchiveWalletBody, success: { status: 200, schema: Wallet }, errors: ['VAULT_NOT_FOUND'],
  },
  getWalletBalances: {
    operationId: 'getWalletBalances', family: 'wallets', method: 'GET', path: '/v1/wallets/{id}/balances', tag: 'wallets', auth: 'credential',
    permissions: ['wallets:read'], summary: 'Get a wallet\'s balances',
    description: 'A wallet\'s balances read from the chain now: the native asset and every token of the asset registry, paged like the registry. One entry per asset, native first then tokens in registration order, paged like `GET /v1/assets` (default 50, at most 200). Tokens are read with `balanceOf` (`eth_call`): a token whose call fails has `amount` null and a per-entry `error` (1501), the others are answered. No node answering is 503 1500 for the whole answer.',
    params: WalletIdParam, query: BalanceListQuery, success: { status: 200, schema: BalanceList }, errors: ['VAULT_NOT_FOUND', 'INVALID_PAGINATION', 'NODE_UNAVAILABLE', 'CHAIN_ERROR'],
  },
  listDeposits: {
    operationId: 'listDeposits', family: 'wallets', method: 'GET', path: '/v1/deposits', tag: 'deposits', auth: 'credential',
    permissions: ['transactions:read'], summary: 'List deposits',
    description: 'List deposits (native and token transfers received by the tenant\'s wallets), newest block first. Found by the deposit scanner (docs/deposits.md): `DETECTED` when seen, `CONFIRMED` at `CUSTODY_CONFIRMATION_DEPTH`, `REORGED` when its block left the chain. A `wallet_id` or `vault_id` the tenant does not have matches nothing (empty list).',
    query: DepositListQuery, success: { status: 200, schema: DepositList }, errors: ['INVALID_PAGINATION'],
  },
});
