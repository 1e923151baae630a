import { defineRoutes } from '../route.js';
import { ArchiveVaultBody, CreateVaultBody, UpdateVaultBody, Vault, VaultIdParam, VaultList, VaultListQuery } from '../../schemas/vaults.js';

export const vaultRoutes = defineRoutes({
  createVault: {
    operationId: 'createVault', family: 'vaults', method: 'POST', path: '/v1/vault/accounts', tag: 'vaults', auth: 'credential',
    permissions: ['vaults:create'], summary: 'Create a vault', description: 'Create a vault; its name is unique in the tenant whatever the letter case (409 1401).',
    body: CreateVaultBody, success: { status: 201, schema: Vault }, errors: ['VAULT_DUPLICATE', 'MISSING_FIELD', 'STRING_TOO_LONG'],
  },
  listVaults: {
    operationId: 'listVaults', family: 'vaults', method: 'GET', path: '/v1/vault/accounts', tag: 'vaults', auth: 'credential',
    permissions: ['vaults:read'], summary: 'List vaults', description: 'List the tenant\'s vaults, oldest first.',
    query: VaultListQuery, success: { status: 200, schema: VaultList }, errors: ['INVALID_PAGINATION'],
  },
  getVault: {
    operationId: 'getVault', family: 'vaults', method: 'GET', path: '/v1/vault/accounts/{vaultAccountId}', tag: 'vaults', auth: 'credential',
    permissions: ['vaults:read'], summary: 'Get a vault', description: 'Get a vault (archived vaults stay readable).',
    params: VaultIdParam, success: { status: 200, schema: Vault }, errors: ['VAULT_NOT_FOUND'],
  },
  updateVault: {
    operationId: 'updateVault', family: 'vaults', method: 'PUT', path: '/v1/vault/accounts/{vaultAccountId}', tag: 'vaults', auth: 'credential',
    permissions: ['vaults:update'], summary: 'Update a vault', description: 'Update name and metadata of an active vault.',
    params: VaultIdParam, body: UpdateVaultBody, success: { status: 200, schema: Vault }, errors: ['VAULT_NOT_FOUND', 'VAULT_DUPLICATE', 'TX_INVALID_STATE'],
  },
  archiveVault: {
    operationId: 'archiveVault', family: 'vaults', method: 'POST', path: '/v1/vault/accounts/{vaultAccountId}/archive', tag: 'vaults', auth: 'credential',
    permissions: ['vaults:delete'], summary: 'Archive a vault', description: 'Archive a vault and all its wallets, permanently; it then takes no new wallet or transaction.',
    params: VaultIdParam, body: ArchiveVaultBody, success: { status: 200, schema: Vault }, errors: ['VAULT_NOT_FOUND'],
  },
});
