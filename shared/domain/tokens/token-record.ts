import type { Store, VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString, versioned } from '../../store/stored-schema.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { TokenTemplateId } from './templates.js';

/**
 * A token (Beta, docs/tokens.md, "Shapes"): stored snake_case in the tenant partition (`TOKEN#<id>`); the API shows it camelCase
 * (`tokenView`). Its id is also the id of its asset once deployed, so a policy's `asset_id` names the
 * token before and after deployment and DAILY_LIMIT counts one asset.
 */
export const TOKEN_STATUSES = ['PENDING_DEPLOYMENT', 'ACTIVE', 'PAUSED', 'DEPLOYMENT_FAILED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];
/** A token on chain (deployed, paused or not): the statuses in which operations are taken and PAUSE/UNPAUSE move it. */
export const isDeployed = (status: TokenStatus): status is 'ACTIVE' | 'PAUSED' =>
  status === 'ACTIVE' || status === 'PAUSED';

export type TokenRecord = {
  id: string;
  tenant_id: string;
  template_id: TokenTemplateId;
  standard: 'ERC20';
  name: string;
  symbol: string;
  decimals: number;
  initial_supply: string;
  admin_vault_account_id: string;
  admin_wallet_id: string;
  /** The admin wallet's address: the deployer, holder of every role at deployment. */
  admin_address: string;
  approval_policy_id: string | null;
  contract_address: string | null;
  /** The block of the deployment receipt: where log scans (the allowlist) start. */
  deployed_block: number | null;
  status: TokenStatus;
  deploy_transaction_id: string;
  created_at: string;
  updated_at: string;
  version: number;
};

export const tokenItem = (t: TokenRecord): VersionedItem => ({
  ...keys.token(t.tenant_id, t.id),
  entity: 'token',
  ...t,
});
const TokenItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    template_id: z.enum(['ERC20', 'ERC20_PERMISSIONED']),
    standard: z.enum(['ERC20']),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number(),
    initial_supply: z.string(),
    admin_vault_account_id: z.string(),
    admin_wallet_id: z.string(),
    admin_address: z.string(),
    approval_policy_id: optionalString(),
    contract_address: optionalString(),
    deployed_block: z.optional(z.nullable(z.number())),
    status: z.enum(TOKEN_STATUSES),
    deploy_transaction_id: z.string(),
    ...versioned(),
  }),
);
const decodeToken = schemaDecoder<TokenRecord>('token', TokenItem);
export const asToken = (item: Record<string, unknown>): TokenRecord => {
  const r = decodeToken(item);
  return { ...r, deployed_block: r.deployed_block ?? null };
};

/** A token of the tenant; unknown (or another tenant's) is 404 1400 (resource `token`), revealing nothing. */
export async function loadToken(
  store: Store,
  tenantId: string,
  tokenId: string,
  opts: { consistent?: boolean } = {},
): Promise<TokenRecord> {
  const item = await store.get(keys.token(tenantId, tokenId), opts);
  if (!item) throw new NotFoundError('token');
  return asToken(item);
}

/** The template of a token (for decoding its reverts and logs); undefined when the token is gone. */
export async function tokenTemplateOf(
  store: Store,
  tenantId: string,
  tokenId: string,
): Promise<TokenTemplateId | undefined> {
  const item = await store.get(keys.token(tenantId, tokenId));
  return item ? asToken(item).template_id : undefined;
}

/** The API shape (camelCase, docs/tokens.md, "Shapes"). */
export function tokenView(t: TokenRecord) {
  return {
    id: t.id,
    templateId: t.template_id,
    standard: t.standard,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    initialSupply: t.initial_supply,
    contractAddress: t.contract_address,
    status: t.status,
    adminVaultAccountId: t.admin_vault_account_id,
    adminWalletId: t.admin_wallet_id,
    adminAddress: t.admin_address,
    approvalPolicyId: t.approval_policy_id,
    assetId: t.contract_address ? t.id : null,
    deployTransactionId: t.deploy_transaction_id,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}
export type TokenView = ReturnType<typeof tokenView>;
