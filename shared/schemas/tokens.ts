import * as z from './zod.js';
import {
  described,
  address,
  amount,
  name,
  symbol,
  paginationQuery,
  uuid,
  uint,
  nextCursor,
  createdAt,
  updatedAt,
} from './common.js';
import { TOKEN_STATUSES } from '../domain/tokens/token-record.js';
import { REQUESTED_OPERATIONS, TX_OPERATIONS } from '../domain/tokens/operations.js';
import { Transaction } from './transactions.js';

/** Tokens (Beta, docs/tokens.md, "Shapes"): responses camelCase, request bodies snake_case. */
const TEMPLATE_IDS = ['ERC20', 'ERC20_PERMISSIONED'] as const;

export const TokenTemplate = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(z.enum(TEMPLATE_IDS), 'The template id, the `template_id` of a new token'),
      standard: described(z.literal('ERC20'), 'The token standard'),
      name: described(z.string(), "The template's name"),
      description: described(z.string(), 'What its contract does'),
      parameters: described(
        z.array(
          z.object({
            name: described(z.string(), 'The body field'),
            type: described(z.string(), 'Its JSON type'),
            required: described(z.boolean(), 'Whether a new token must give it'),
            description: described(z.string(), 'What it sets'),
          }),
        ),
        'The fields a new token of this template takes',
      ),
      operations: described(z.array(z.enum(TX_OPERATIONS)), 'The operations its tokens support'),
      roles: described(z.array(z.string()), 'The roles its contract knows, for GRANT_ROLE and REVOKE_ROLE'),
    }),
    { id: 'TokenTemplate' },
  ),
);
export const TokenTemplateList = z.lazySchema(() =>
  z.object({ templates: described(z.array(TokenTemplate()), 'Every template') }),
);

export const CreateTokenBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      template_id: described(z.enum(TEMPLATE_IDS), 'The template its contract is made from'),
      name: described(name(), "The token's name, as its contract returns it"),
      symbol: described(symbol(), "The ticker, unique among the tenant's assets whatever the case (409 1104)"),
      decimals: described(z.int().check(z.gte(0), z.lte(36)), 'Decimal places of one unit (0 to 36)'),
      admin_vault_account_id: described(uuid(), 'The vault of the admin wallet'),
      admin_wallet_id: described(uuid(), 'The wallet that deploys the contract and holds every role'),
      approval_policy_id: z.withMeta(z.optional(uuid()), {
        description:
          "A policy of the admin vault (400 1100 for another vault's): its rules apply with the admin vault's other policies, never instead of them",
      }),
      initial_supply: z.withMeta(z.optional(amount()), {
        description: "Minted to the admin wallet at deployment, in the token's smallest unit; default 0",
      }),
    }),
    { id: 'CreateToken' },
  ),
);

export const Token = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The token id'),
      templateId: described(z.enum(TEMPLATE_IDS), 'The template its contract was made from'),
      standard: described(z.literal('ERC20'), 'The token standard'),
      name: described(z.string(), "The token's name"),
      symbol: described(z.string(), "The token's ticker"),
      decimals: described(uint(), 'Decimal places of one unit'),
      initialSupply: described(z.string(), 'Minted to the admin wallet at deployment, in the smallest unit'),
      contractAddress: z.withMeta(z.nullable(z.string()), {
        description: 'Null until the DEPLOY_TOKEN transaction completes',
      }),
      status: described(
        z.enum(TOKEN_STATUSES),
        '`PENDING_DEPLOYMENT`, then `ACTIVE` (or `DEPLOYMENT_FAILED`); `PAUSED`',
      ),
      adminVaultAccountId: described(uuid(), 'The vault of the admin wallet'),
      adminWalletId: described(uuid(), 'The admin wallet: the deployer, which holds every role'),
      adminAddress: described(z.string(), "The admin wallet's address"),
      approvalPolicyId: described(z.nullable(uuid()), 'A policy applied to its operations too; null if none'),
      assetId: z.withMeta(z.nullable(uuid()), {
        description: "The asset of the registry (the token's own id) once deployed; null before",
      }),
      deployTransactionId: described(uuid(), 'Its DEPLOY_TOKEN transaction'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    }),
    { id: 'Token' },
  ),
);
export const TokenList = z.lazySchema(() =>
  z.object({ tokens: described(z.array(Token()), 'One page of tokens'), next_cursor: nextCursor() }),
);
export const TokenListQuery = paginationQuery;
export const TokenCreated = z.lazySchema(() =>
  z.withMeta(
    z.object({
      token: described(Token(), 'The token, `PENDING_DEPLOYMENT`'),
      transaction: described(Transaction(), 'Its DEPLOY_TOKEN transaction'),
    }),
    { id: 'TokenCreated' },
  ),
);

export const TokenOperationBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      operation: described(z.enum(REQUESTED_OPERATIONS), 'The operation; `params` holds its arguments'),
      params: z.withMeta(z._default(z.record(z.string(), z.unknown()), {}), {
        description:
          "MINT {to, amount}, BURN {amount} (from the admin wallet), TRANSFER {to, amount} (from the admin wallet), GRANT_ROLE/REVOKE_ROLE {role: MINTER|BURNER|PAUSER|COMPLIANCE|ADMIN, account}, PAUSE/UNPAUSE {}, FREEZE/UNFREEZE {account}, UPDATE_COMPLIANCE {allowlist_enforced: boolean}. Amounts: decimal strings in the token's smallest unit.",
      }),
    }),
    { id: 'TokenOperation' },
  ),
);
export const TokenOperationAccepted = z.lazySchema(() =>
  z.withMeta(
    z.object({
      tokenId: described(uuid(), 'The token'),
      operation: described(z.enum(TX_OPERATIONS), 'The operation requested'),
      transaction: described(Transaction(), 'The transaction that carries it out'),
    }),
    { id: 'TokenOperationAccepted' },
  ),
);

/** Every token path names the token `{tokenId}` (API Gateway allows one variable name per path segment). */
export const TokenIdParam = z.lazySchema(() => z.object({ tokenId: described(uuid(), 'The token id') }));
export const TokenAddressParam = z.lazySchema(() =>
  z.object({ tokenId: described(uuid(), 'The token id'), address: described(address(), 'The address to remove') }),
);
export const AllowlistBody = z.lazySchema(() => z.strictObject({ address: address() }));
export const Allowlist = z.lazySchema(() =>
  z.withMeta(
    z.object({
      tokenId: described(uuid(), 'The token'),
      contractAddress: described(z.string(), 'Its contract'),
      allowlist: described(
        z.array(
          z.object({
            address: described(z.string(), 'An allowed address'),
            blockNumber: described(uint(), 'The block that added it'),
            transactionHash: described(z.string(), 'The chain transaction that added it'),
          }),
        ),
        'The addresses the contract allows, read from its logs',
      ),
      scannedToBlock: z.withMeta(uint(), {
        description: 'The last (confirmed) block whose AllowlistUpdated logs are included',
      }),
    }),
    { id: 'TokenAllowlist' },
  ),
);
