import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { ApiError } from '../../errors/catalog.js';
import { DuplicateExternalIdError, InvalidStateError, ValidationError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import type { ChainProfile } from '../chain/chain-profile.js';
import { loadWallet, type WalletRecord } from '../wallets/wallet-record.js';
import { loadActiveVault } from '../vaults/vault-record.js';
import { findPolicy, loadPolicy, type PolicyRecord } from '../policies/policy-store.js';
import { vaultPolicies } from '../policies/policy-cache.js';
import { stageSubmission, type SubmissionContext } from '../transactions/submit-transfer.js';
import { TOKEN_TEMPLATES, tokenTemplate, type TokenOperation } from './templates.js';
import { TokenCallError, type Hex } from './call-params.js';
import { ADDRESS_MESSAGES, addressProblem } from '../chain/address.js';
import { AMOUNT_OPERATIONS, operationCounterparty } from './operations.js';
import { asToken, isDeployed, loadToken, tokenItem, tokenView, type TokenRecord } from './token-record.js';

/**
 * Token use cases (Beta, docs/tokens.md). Creating a token stores it PENDING_DEPLOYMENT with its DEPLOY_TOKEN
 * transaction; every operation is a transaction of the one state machine, signed by the token's admin wallet and
 * decided by the admin vault's policies together with the token's approval policy (`tokenPolicies`). What their ends do to the
 * token is ./token-effects.ts.
 */
export const listTemplates = () => ({
  templates: TOKEN_TEMPLATES.map((t) => ({ ...t, parameters: [...t.parameters], operations: [...t.operations] })),
});

export type CreateTokenInput = {
  template_id: string;
  name: string;
  symbol: string;
  decimals: number;
  admin_vault_account_id: string;
  admin_wallet_id: string;
  approval_policy_id?: string;
  initial_supply?: string;
};

/** The admin wallet: active, in the admin vault (an active vault of the tenant). */
async function loadAdmin(
  ctx: UseCaseContext,
  vaultId: string,
  walletId: string,
): Promise<{ wallet: WalletRecord; vault: { id: string } }> {
  const wallet = await loadWallet(ctx.store, ctx.principal.tenantId, walletId);
  if (wallet.vault_id !== vaultId)
    throw new ValidationError('the admin wallet is not in the admin vault', { field: 'admin_wallet_id' });
  if (wallet.status !== 'active')
    throw new InvalidStateError('the admin wallet is archived', { wallet_id: wallet.id, status: wallet.status });
  const vault = await loadActiveVault(ctx.store, ctx.principal.tenantId, vaultId);
  return { wallet, vault };
}

/**
 * The policies deciding a token's transactions: always every policy of the admin vault (the vault whose wallet
 * signs), and the token's own approval policy beside them. The engine combines them all (any deny wins, the most
 * approvals asked wins), so the token's policy can only add requirements, never lift the vault's. A token created
 * since `approval_policy_id` must name a policy of the admin vault (`checkApprovalPolicy`) finds it among the vault's;
 * one stored before that may name another vault's, which is then added. A deleted policy no longer applies.
 */
async function tokenPolicies(
  ctx: UseCaseContext,
  policyId: string | null,
  vaultId: string,
): Promise<readonly PolicyRecord[]> {
  const policies = await vaultPolicies(ctx.store, ctx.principal.tenantId, vaultId);
  if (!policyId || policies.some((p) => p.id === policyId)) return policies;
  const own = await findPolicy(ctx.store, ctx.principal.tenantId, policyId);
  return own ? [...policies, own] : policies;
}

/**
 * `approval_policy_id` at creation: a policy of the tenant (404 1400 otherwise) attached to the admin vault. Naming
 * another vault's is 400 1100: a caller with `tokens:create` must not pick which vault's rules govern the admin wallet.
 */
async function checkApprovalPolicy(ctx: UseCaseContext, policyId: string | undefined, vaultId: string): Promise<void> {
  if (!policyId) return;
  const policy = await loadPolicy(ctx.store, ctx.principal.tenantId, policyId);
  if (policy.vault_id !== vaultId) {
    throw new ValidationError('approval_policy_id must name a policy of the admin vault (admin_vault_account_id)', {
      field: 'approval_policy_id',
      vault_id: policy.vault_id,
    });
  }
}

export async function createToken(
  ctx: SubmissionContext,
  profile: Pick<ChainProfile, 'nativeAsset'>,
  input: CreateTokenInput,
) {
  const tenantId = ctx.principal.tenantId;
  const template = tokenTemplate(input.template_id);
  if (!template)
    throw new ValidationError(`unknown token template ${input.template_id}`, {
      field: 'template_id',
      templates: TOKEN_TEMPLATES.map((t) => t.id),
    });
  if (input.symbol.toUpperCase() === profile.nativeAsset.symbol.toUpperCase())
    throw new DuplicateExternalIdError(`symbol ${input.symbol} is the native asset's`);
  const { wallet, vault } = await loadAdmin(ctx, input.admin_vault_account_id, input.admin_wallet_id);
  await checkApprovalPolicy(ctx, input.approval_policy_id, vault.id);
  const policies = await tokenPolicies(ctx, input.approval_policy_id ?? null, vault.id);
  const initialSupply = input.initial_supply ?? '0';
  const tokenId = newId();
  // The templates' ABI and init code with viem's ABI coder (./calls.ts) are a lazy chunk, loaded by the first request
  // that deploys a token or submits an operation; the reads (templates, tokens) never load it.
  const { deploymentData } = await import('./calls.js');
  const data = encoded(
    () =>
      deploymentData(template.id, {
        name: input.name,
        symbol: input.symbol,
        decimals: input.decimals,
        admin: wallet.address as Hex,
        initialSupply: BigInt(initialSupply),
      }),
    'body',
  );
  const out = await stageSubmission(ctx, {
    wallet,
    vault,
    assetId: tokenId,
    amount: initialSupply,
    destination: null,
    operation: 'DEPLOY_TOKEN',
    tokenId,
    contractCall: { to: null, data },
    policies,
    auditDetails: { templateId: template.id, symbol: input.symbol },
  });
  if (out.error) return { error: out.error };
  const ts = ctx.now.toISOString();
  const token: TokenRecord = {
    id: tokenId,
    tenant_id: tenantId,
    template_id: template.id,
    standard: template.standard,
    name: input.name,
    symbol: input.symbol,
    decimals: input.decimals,
    initial_supply: initialSupply,
    admin_vault_account_id: vault.id,
    admin_wallet_id: wallet.id,
    admin_address: wallet.address.toLowerCase(),
    approval_policy_id: input.approval_policy_id ?? null,
    contract_address: null,
    deployed_block: null,
    status: 'PENDING_DEPLOYMENT',
    deploy_transaction_id: out.transaction!.id,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  ctx.uow.create(tokenItem(token));
  // The token's asset takes its symbol at deployment: reserve it now, so a deployment can never fail on it.
  ctx.uow.create(
    { ...keys.assetSymbol(tenantId, input.symbol), entity: 'constraint', asset_id: tokenId },
    () => new DuplicateExternalIdError('an asset with this symbol exists in the tenant'),
  );
  ctx.uow.audit({
    tenantId,
    action: 'token.created',
    resourceType: 'token',
    resourceId: tokenId,
    change: { ...tokenView(token), transactionId: token.deploy_transaction_id },
  });
  return { token: tokenView(token), transaction: out.transaction! };
}

export async function getToken(ctx: Pick<UseCaseContext, 'store' | 'principal'>, tokenId: string) {
  return tokenView(await loadToken(ctx.store, ctx.principal.tenantId, tokenId));
}

export async function listTokens(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>, req: PageRequest) {
  const out = await listPage(
    ctx,
    { name: 'tokens', pattern: accessPatterns.tokensOfTenant(ctx.principal.tenantId) },
    req,
  );
  return { tokens: out.items.map((i) => tokenView(asToken(i))), next_cursor: out.next_cursor };
}

const MAX_UINT256 = 2n ** 256n - 1n;

/** Encodes with the templates' ABI; what does not encode is 400 1100 with the encoder's reason. */
function encoded(encode: () => Hex, field: string, prefix = ''): Hex {
  try {
    return encode();
  } catch (e) {
    if (e instanceof TokenCallError) throw new ValidationError(`${prefix}${e.message}`, { field });
    throw e;
  }
}

/** The amount of an operation that moves one (token units), checked like a transfer's (1103, 1109); "0" otherwise. */
function operationAmount(operation: TokenOperation, params: Record<string, unknown>): string {
  if (!AMOUNT_OPERATIONS.has(operation)) return '0';
  const a = params.amount;
  if (typeof a !== 'string' || !/^(0|[1-9][0-9]*)$/.test(a))
    throw new ApiError(
      'INVALID_AMOUNT',
      "params.amount must be a decimal string of digits in the token's smallest unit",
      { field: 'params.amount' },
    );
  if (BigInt(a) === 0n)
    throw new ApiError('INVALID_AMOUNT', 'params.amount must be above 0', { field: 'params.amount' });
  if (BigInt(a) > MAX_UINT256)
    throw new ApiError('AMOUNT_OVERFLOW', 'params.amount is above 2^256-1', { field: 'params.amount' });
  return a;
}

/**
 * POST /v1/tokens/{id}/operations (and the allowlist routes): an operation of an ACTIVE or PAUSED token, one its
 * template has, with params that encode (else 400 1100 naming the problem). The transaction calls the token contract
 * from the admin wallet.
 */
export async function submitOperation(
  ctx: SubmissionContext,
  tokenId: string,
  operation: Exclude<TokenOperation, 'DEPLOY_TOKEN'>,
  params: Record<string, unknown>,
) {
  const token = await loadToken(ctx.store, ctx.principal.tenantId, tokenId);
  if (!isDeployed(token.status))
    throw new InvalidStateError(`token is ${token.status}; operations need an ACTIVE or PAUSED token`, {
      status: token.status,
    });
  const template = tokenTemplate(token.template_id)!;
  if (!template.operations.includes(operation))
    throw new ValidationError(`template ${template.id} has no operation ${operation}`, {
      field: 'operation',
      operations: template.operations,
    });
  for (const k of ['to', 'account', 'address']) {
    const v = params[k];
    if (v === undefined) continue;
    const problem = typeof v === 'string' ? addressProblem(v) : 'shape';
    if (problem)
      throw new ApiError('INVALID_ADDRESS', `params.${k} ${ADDRESS_MESSAGES[problem]}`, { field: `params.${k}` });
  }
  const amount = operationAmount(operation, params);
  const { operationCallData } = await import('./calls.js');
  const data = encoded(
    () => operationCallData(template.id, operation, params),
    'params',
    `params do not fit ${operation}: `,
  );
  const { wallet, vault } = await loadAdmin(ctx, token.admin_vault_account_id, token.admin_wallet_id);
  const out = await stageSubmission(ctx, {
    wallet,
    vault,
    assetId: token.id,
    amount,
    destination: operationCounterparty(operation, params) ?? token.contract_address,
    operation,
    tokenId: token.id,
    contractCall: { to: token.contract_address, data },
    policies: await tokenPolicies(ctx, token.approval_policy_id, vault.id),
    auditDetails: { params },
  });
  return out;
}
