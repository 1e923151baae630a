import * as z from 'zod';
import { address, amount, name, paginationQuery, timestamp, uuid, uint } from './common.js';
import { TOKEN_STATUSES } from '../domain/tokens/token-record.js';
import { REQUESTED_OPERATIONS, TX_OPERATIONS } from '../domain/tokens/operations.js';
import { Transaction } from './transactions.js';

/** Tokens (Beta, DESIGN.md 11). Responses camelCase (interface 2.11); request bodies snake_case as DESIGN.md 11 shows them. */
const TEMPLATE_IDS = ['ERC20', 'ERC20_PERMISSIONED'] as const;

export const TokenTemplate = z
  .object({
    id: z.enum(TEMPLATE_IDS),
    standard: z.literal('ERC20'),
    name: z.string(),
    description: z.string(),
    parameters: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean(), description: z.string() })),
    operations: z.array(z.enum(TX_OPERATIONS)),
  })
  .meta({ id: 'TokenTemplate' });
export const TokenTemplateList = z.object({ templates: z.array(TokenTemplate) });

export const CreateTokenBody = z
  .object({
    template_id: z.enum(TEMPLATE_IDS),
    name: name(),
    symbol: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only'),
    decimals: z.number().int().min(0).max(36),
    admin_vault_account_id: uuid(),
    admin_wallet_id: uuid(),
    approval_policy_id: uuid().optional(),
    initial_supply: amount().optional().meta({ description: 'Minted to the admin wallet at deployment, in the token\'s smallest unit; default 0' }),
  })
  .strict()
  .meta({ id: 'CreateToken' });

export const Token = z
  .object({
    id: uuid(),
    templateId: z.enum(TEMPLATE_IDS),
    standard: z.literal('ERC20'),
    name: z.string(),
    symbol: z.string(),
    decimals: uint(),
    initialSupply: z.string(),
    contractAddress: z.string().nullable().meta({ description: 'Null until the DEPLOY_TOKEN transaction completes' }),
    status: z.enum(TOKEN_STATUSES),
    adminVaultAccountId: uuid(),
    adminWalletId: uuid(),
    adminAddress: z.string(),
    approvalPolicyId: uuid().nullable(),
    assetId: uuid().nullable().meta({ description: 'The asset of the registry (the token\'s own id) once deployed; null before' }),
    deployTransactionId: uuid(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'Token' });
export const TokenList = z.object({ tokens: z.array(Token), next_cursor: z.string().nullable() });
export const TokenListQuery = paginationQuery;
export const TokenCreated = z.object({ token: Token, transaction: Transaction }).meta({ id: 'TokenCreated' });

export const TokenOperationBody = z
  .object({
    operation: z.enum(REQUESTED_OPERATIONS),
    params: z
      .record(z.string(), z.unknown())
      .default({})
      .meta({
        description:
          'MINT {to, amount}, BURN {amount} (from the admin wallet), TRANSFER {to, amount} (from the admin wallet), GRANT_ROLE/REVOKE_ROLE {role: MINTER|BURNER|PAUSER|COMPLIANCE|ADMIN, account}, PAUSE/UNPAUSE {}, FREEZE/UNFREEZE {account}, UPDATE_COMPLIANCE {allowlist_enforced: boolean}. Amounts: decimal strings in the token\'s smallest unit.',
      }),
  })
  .strict()
  .meta({ id: 'TokenOperation' });
export const TokenOperationAccepted = z.object({ tokenId: uuid(), operation: z.enum(TX_OPERATIONS), transaction: Transaction }).meta({ id: 'TokenOperationAccepted' });

/** Every token path names the token `{tokenId}` (API Gateway allows one variable name per path segment). */
export const TokenIdParam = z.object({ tokenId: uuid() });
export const TokenAddressParam = z.object({ tokenId: uuid(), address: address() });
export const AllowlistBody = z.object({ address: address() }).strict();
export const Allowlist = z
  .object({
    tokenId: uuid(),
    contractAddress: z.string(),
    allowlist: z.array(z.object({ address: z.string(), blockNumber: uint(), transactionHash: z.string() })),
    scannedToBlock: uint().meta({ description: 'The last (confirmed) block whose AllowlistUpdated logs are included' }),
  })
  .meta({ id: 'TokenAllowlist' });
