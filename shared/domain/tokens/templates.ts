/**
 * The token templates the service deploys (docs/tokens.md, docs/tokens-contracts.md): what `GET /v1/token-templates` answers.
 * Each template is a Solidity contract under contracts/ built on OpenZeppelin Contracts 5; its compiled artifact is
 * contracts/artifacts/<id>.json, and calls.ts encodes its deployment and operations.
 */
export type TokenTemplateId = 'ERC20' | 'ERC20_PERMISSIONED';

export type TokenOperation =
  | 'DEPLOY_TOKEN'
  | 'MINT'
  | 'BURN'
  | 'TRANSFER'
  | 'GRANT_ROLE'
  | 'REVOKE_ROLE'
  | 'PAUSE'
  | 'UNPAUSE'
  | 'FREEZE'
  | 'UNFREEZE'
  | 'UPDATE_COMPLIANCE'
  | 'ALLOWLIST_ADD'
  | 'ALLOWLIST_REMOVE';

/** Contract roles by name; ADMIN is OpenZeppelin's DEFAULT_ADMIN_ROLE (grants and revokes the others). */
export type TokenRole = 'MINTER' | 'BURNER' | 'PAUSER' | 'COMPLIANCE' | 'ADMIN';

export interface TokenTemplate {
  id: TokenTemplateId;
  standard: 'ERC20';
  name: string;
  description: string;
  /** Deployment parameters as `POST /v1/tokens` receives them. */
  parameters: { name: string; type: string; required: boolean; description: string }[];
  operations: TokenOperation[];
  /** Roles the contract knows (GRANT_ROLE / REVOKE_ROLE take one of these). */
  roles: TokenRole[];
}

const DEPLOY_PARAMETERS: TokenTemplate['parameters'] = [
  { name: 'name', type: 'string', required: true, description: 'Token name (ERC-20 name()).' },
  { name: 'symbol', type: 'string', required: true, description: 'Token symbol (ERC-20 symbol()).' },
  {
    name: 'decimals',
    type: 'uint8',
    required: true,
    description: 'Decimals of the token (0 to 255; 18 is usual); amounts are in the smallest unit.',
  },
  {
    name: 'initial_supply',
    type: 'uint256',
    required: false,
    description: 'Amount minted to the admin wallet at deployment, a decimal string in the smallest unit (default 0).',
  },
];

const ERC20_OPERATIONS: TokenOperation[] = [
  'DEPLOY_TOKEN',
  'MINT',
  'BURN',
  'TRANSFER',
  'GRANT_ROLE',
  'REVOKE_ROLE',
  'PAUSE',
  'UNPAUSE',
];

export const TOKEN_TEMPLATES: readonly TokenTemplate[] = /* @__PURE__ */ Object.freeze([
  {
    id: 'ERC20',
    standard: 'ERC20',
    name: 'ERC-20 (mintable, burnable, pausable)',
    description:
      'ERC-20 with role-based access (OpenZeppelin AccessControl): MINTER mints, BURNER burns from its own balance, PAUSER pauses and unpauses all transfers, ADMIN grants and revokes roles. The admin wallet holds every role and receives the initial supply.',
    parameters: DEPLOY_PARAMETERS,
    operations: ERC20_OPERATIONS,
    roles: ['ADMIN', 'MINTER', 'BURNER', 'PAUSER'],
  },
  {
    id: 'ERC20_PERMISSIONED',
    standard: 'ERC20',
    name: 'Permissioned ERC-20 (allowlist, freeze, compliance switch)',
    description:
      'The ERC20 template plus an on-chain allowlist (while enforced, sender and receiver of every balance change must be listed), per-address freeze (a frozen address can neither send nor receive) and a compliance switch that turns allowlist enforcement on or off; COMPLIANCE manages all three. Deployment lists the admin wallet and starts with enforcement on.',
    parameters: DEPLOY_PARAMETERS,
    operations: [...ERC20_OPERATIONS, 'FREEZE', 'UNFREEZE', 'UPDATE_COMPLIANCE', 'ALLOWLIST_ADD', 'ALLOWLIST_REMOVE'],
    roles: ['ADMIN', 'MINTER', 'BURNER', 'PAUSER', 'COMPLIANCE'],
  },
] satisfies TokenTemplate[]);

export function tokenTemplate(id: string): TokenTemplate | undefined {
  return TOKEN_TEMPLATES.find((t) => t.id === id);
}
