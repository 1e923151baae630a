import * as z from './zod.js';
import { described, address, amount, name, paginationQuery, uuid, uint, nextCursor, createdAt, updatedAt } from './common.js';
import { TOKEN_STATUSES } from '../domain/tokens/token-record.js';
import { REQUESTED_OPERATIONS, TX_OPERATIONS } from '../domain/tokens/operations.js';
import { Transaction } from './transactions.js';

/** Tokens (Beta, DESIGN.md 11). Responses camelCase (interface 2.11); request bodies snake_case as DESIGN.md 11 shows them. */
const TEMPLATE_IDS = ['ERC20', 'ERC20_PERMISSIONED'] as const;

export const TokenTemplate = z.lazySchema(() => z.withMeta(z.object({
    id: z.enum(TEMPLATE_IDS),
    standard: z.literal('ERC20'),
    name: z.string(),
    description: z.string(),
    parameters: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean(), description: z.string() })),
    operations: z.array(z.enum(TX_OPERATIONS)),
    roles: described(z.array(z.string()), 'The roles its contract knows, for GRANT_ROLE and REVOKE_ROLE'),
  }), { id: 'TokenTemplate' }));
export const TokenTemplateList = z.lazySchema(() => z.object({ templates: z.array(TokenTemplate()) }));

export const CreateTokenBody = z.lazySchema(() => z.withMeta(z.strictObject({
    template_id: z.enum(TEMPLATE_IDS),
    name: name(),
    symbol: z.string().check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only')),
    decimals: z.int().check(z.gte(0), z.lte(36)),
    admin_vault_account_id: uuid(),
    admin_wallet_id: uuid(),
    approval_policy_id: z.withMeta(z.optional(uuid()), { description: 'A policy of the admin vault (400 1100 for another vault\'s): its rules apply with the admin vault\'s other policies, never instead of them' }),
    initial_supply: z.withMeta(z.optional(amount()), { description: 'Minted to the admin wallet at deployment, in the token\'s smallest unit; default 0' }),
  }), { id: 'CreateToken' }));

export const Token = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    templateId: z.enum(TEMPLATE_IDS),
    standard: z.literal('ERC20'),
    name: z.string(),
    symbol: z.string(),
    decimals: uint(),
    initialSupply: z.string(),
    contractAddress: z.withMeta(z.nullable(z.string()), { description: 'Null until the DEPLOY_TOKEN transaction completes' }),
    status: z.enum(TOKEN_STATUSES),
    adminVaultAccountId: uuid(),
    adminWalletId: uuid(),
    adminAddress: z.string(),
    approvalPolicyId: z.nullable(uuid()),
    assetId: z.withMeta(z.nullable(uuid()), { description: 'The asset of the registry (the token\'s own id) once deployed; null before' }),
    deployTransactionId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  }), { id: 'Token' }));
export const TokenList = z.lazySchema(() => z.object({ tokens: z.array(Token()), next_cursor: nextCursor() }));
export const TokenListQuery = paginationQuery;
export const TokenCreated = z.lazySchema(() => z.withMeta(z.object({ token: Token(), transaction: Transaction() }), { id: 'TokenCreated' }));

export const TokenOperationBody = z.lazySchema(() => z.withMeta(z.strictObject({
    operation: z.enum(REQUESTED_OPERATIONS),
    params: z.withMeta(z._default(z.record(z.string(), z.unknown()), {}), {
        description:
          'MINT {to, amount}, BURN {amount} (from the admin wallet), TRANSFER {to, amount} (from the admin wallet), GRANT_ROLE/REVOKE_ROLE {role: MINTER|BURNER|PAUSER|COMPLIANCE|ADMIN, account}, PAUSE/UNPAUSE {}, FREEZE/UNFREEZE {account}, UPDATE_COMPLIANCE {allowlist_enforced: boolean}. Amounts: decimal strings in the token\'s smallest unit.',
      }),
  }), { id: 'TokenOperation' }));
export const TokenOperationAccepted = z.lazySchema(() => z.withMeta(z.object({ tokenId: uuid(), operation: z.enum(TX_OPERATIONS), transaction: Transaction() }), { id: 'TokenOperationAccepted' }));

/** Every token path names the token `{tokenId}` (API Gateway allows one variable name per path segment). */
export const TokenIdParam = z.lazySchema(() => z.object({ tokenId: described(uuid(), 'The token id') }));
export const TokenAddressParam = z.lazySchema(() => z.object({ tokenId: described(uuid(), 'The token id'), address: described(address(), 'The address to remove') }));
export const AllowlistBody = z.lazySchema(() => z.strictObject({ address: address() }));
export const Allowlist = z.lazySchema(() => z.withMeta(z.object({
    tokenId: uuid(),
    contractAddress: z.string(),
    allowlist: z.array(z.object({ address: z.string(), blockNumber: uint(), transactionHash: z.string() })),
    scannedToBlock: z.withMeta(uint(), { description: 'The last (confirmed) block whose AllowlistUpdated logs are included' }),
  }), { id: 'TokenAllowlist' }));
