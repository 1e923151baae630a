import {
  decodeErrorResult,
  decodeEventLog,
  encodeDeployData,
  encodeFunctionData,
  keccak256,
  stringToHex,
  type Abi,
} from 'viem';
import { ADDRESS_RE, address, amount, MAX_UINT256, TokenCallError, type Hex } from './call-params.js';
import { ERC20_ABI, ERC20_INIT_CODE, ERC20_PERMISSIONED_ABI, ERC20_PERMISSIONED_INIT_CODE } from './template-code.js';
import { tokenTemplate, type TokenOperation, type TokenRole, type TokenTemplateId } from './templates.js';

/**
 * The call data of the token templates (docs/tokens.md): deployment init code, one encoding per token operation, the
 * ERC-20 calls asset transfers and balances need (erc20.ts), and the decoding of reverts and logs. Pure: ABI encoding
 * with viem over the compiled templates (template-code.ts, generated with contracts/artifacts/), no I/O.
 *
 * Bundle size: each function pulls in only what it uses (the ABIs and init code are separate constants, the hashes
 * are marked pure), so a function that only moves token assets or decodes reverts does not carry the init code.
 */
export { TokenCallError, type Hex } from './call-params.js';
export { erc20BalanceOfData, erc20BalanceOfResult, erc20TransferData, TRANSFER_EVENT_TOPIC } from './erc20.js';

export interface DeployParams {
  name: string;
  symbol: string;
  decimals: number;
  admin: Hex;
  initialSupply: bigint;
}

/** The contract ABI of a template (for eth_call reads and their results). */
export function tokenAbi(template: TokenTemplateId): Abi {
  return template === 'ERC20' ? ERC20_ABI : ERC20_PERMISSIONED_ABI;
}

const ROLE_CONSTANTS: Record<TokenRole, string> = {
  ADMIN: 'DEFAULT_ADMIN_ROLE',
  MINTER: 'MINTER_ROLE',
  BURNER: 'BURNER_ROLE',
  PAUSER: 'PAUSER_ROLE',
  COMPLIANCE: 'COMPLIANCE_ROLE',
};
const ROLE_HASHES: Record<TokenRole, Hex> = {
  ADMIN: `0x${'00'.repeat(32)}`,
  MINTER: /* @__PURE__ */ keccak256(/* @__PURE__ */ stringToHex('MINTER_ROLE')),
  BURNER: /* @__PURE__ */ keccak256(/* @__PURE__ */ stringToHex('BURNER_ROLE')),
  PAUSER: /* @__PURE__ */ keccak256(/* @__PURE__ */ stringToHex('PAUSER_ROLE')),
  COMPLIANCE: /* @__PURE__ */ keccak256(/* @__PURE__ */ stringToHex('COMPLIANCE_ROLE')),
};

/** The bytes32 id of a role in the contracts (`keccak256("MINTER_ROLE")`, ...; ADMIN is zero). */
export function roleHash(role: TokenRole): Hex {
  return ROLE_HASHES[role];
}

/** The role of a bytes32 role id, if it is one of the templates' roles. */
export function tokenRoleOf(hash: string): TokenRole | undefined {
  const h = hash.toLowerCase();
  return (Object.keys(ROLE_HASHES) as TokenRole[]).find((r) => ROLE_HASHES[r] === h);
}

const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
const MAX_TEXT = 256;

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TEXT)
    throw new TokenCallError(`${field} must be a non-empty string of at most ${MAX_TEXT} characters`);
  return value;
}

function templateOf(id: string) {
  const t = tokenTemplate(id);
  if (!t) throw new TokenCallError(`unknown token template ${id}`);
  return t;
}

/** Init code of the template with the constructor arguments (name, symbol, decimals, admin, initialSupply). */
export function deploymentData(template: TokenTemplateId, p: DeployParams): Hex {
  templateOf(template);
  const name = text(p.name, 'name');
  const symbol = text(p.symbol, 'symbol');
  if (!Number.isInteger(p.decimals) || p.decimals < 0 || p.decimals > 255)
    throw new TokenCallError('decimals must be an integer from 0 to 255');
  const admin = address(p.admin, 'admin');
  if (typeof p.initialSupply !== 'bigint' || p.initialSupply < 0n || p.initialSupply > MAX_UINT256)
    throw new TokenCallError('initial supply must be from 0 to 2^256-1');
  const bytecode = template === 'ERC20' ? ERC20_INIT_CODE : ERC20_PERMISSIONED_INIT_CODE;
  return encodeDeployData({
    abi: tokenAbi(template),
    bytecode,
    args: [name, symbol, p.decimals, admin, p.initialSupply],
  });
}

type CallOperation = Exclude<TokenOperation, 'DEPLOY_TOKEN'>;

/** Each operation: the contract function, the params it takes (snake_case, as the API receives them), its arguments. */
const OPERATIONS: Record<
  CallOperation,
  { fn: string; fields: string[]; args: (p: Record<string, unknown>, t: TokenTemplateId) => unknown[] }
> = {
  MINT: { fn: 'mint', fields: ['to', 'amount'], args: (p) => [address(p.to, 'to'), amount(p.amount, 'amount')] },
  BURN: { fn: 'burn', fields: ['amount'], args: (p) => [amount(p.amount, 'amount')] },
  TRANSFER: {
    fn: 'transfer',
    fields: ['to', 'amount'],
    args: (p) => [address(p.to, 'to'), amount(p.amount, 'amount')],
  },
  GRANT_ROLE: {
    fn: 'grantRole',
    fields: ['role', 'account'],
    args: (p, t) => [role(p.role, t), address(p.account, 'account')],
  },
  REVOKE_ROLE: {
    fn: 'revokeRole',
    fields: ['role', 'account'],
    args: (p, t) => [role(p.role, t), address(p.account, 'account')],
  },
  PAUSE: { fn: 'pause', fields: [], args: () => [] },
  UNPAUSE: { fn: 'unpause', fields: [], args: () => [] },
  FREEZE: { fn: 'freeze', fields: ['account'], args: (p) => [address(p.account, 'account')] },
  UNFREEZE: { fn: 'unfreeze', fields: ['account'], args: (p) => [address(p.account, 'account')] },
  UPDATE_COMPLIANCE: {
    fn: 'setAllowlistEnforced',
    fields: ['allowlist_enforced'],
    args: (p) => [flag(p.allowlist_enforced, 'allowlist_enforced')],
  },
  ALLOWLIST_ADD: { fn: 'addToAllowlist', fields: ['address'], args: (p) => [address(p.address, 'address')] },
  ALLOWLIST_REMOVE: { fn: 'removeFromAllowlist', fields: ['address'], args: (p) => [address(p.address, 'address')] },
};

function role(value: unknown, template: TokenTemplateId): Hex {
  const roles = templateOf(template).roles;
  if (typeof value !== 'string' || !(roles as string[]).includes(value))
    throw new TokenCallError(`role must be one of ${roles.join(', ')} (template ${template})`);
  return ROLE_HASHES[value as TokenRole];
}

function flag(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new TokenCallError(`${field} must be true or false`);
  return value;
}

/**
 * Call data of a token operation on a deployed template, from its params as the API receives them: MINT {to, amount},
 * BURN {amount} (from the sender, the admin wallet), TRANSFER {to, amount}, GRANT_ROLE / REVOKE_ROLE {role, account},
 * PAUSE / UNPAUSE {}, FREEZE / UNFREEZE {account}, UPDATE_COMPLIANCE {allowlist_enforced}, ALLOWLIST_ADD /
 * ALLOWLIST_REMOVE {address}. Throws TokenCallError on an operation the template lacks, a missing or unknown field, a
 * bad address (the zero address included), a bad amount (not a decimal string, zero, over 2^256-1) or role.
 */
export function operationCallData(
  template: TokenTemplateId,
  operation: CallOperation,
  params: Record<string, unknown>,
): Hex {
  const t = templateOf(template);
  const op = OPERATIONS[operation as CallOperation] as (typeof OPERATIONS)[CallOperation] | undefined;
  if (!op || !t.operations.includes(operation))
    throw new TokenCallError(`template ${template} has no operation ${operation}`);
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new TokenCallError('params must be an object');
  const unknown = Object.keys(params).filter((k) => !op.fields.includes(k));
  if (unknown.length)
    throw new TokenCallError(
      `${operation} takes ${op.fields.length ? op.fields.join(', ') : 'no params'}; unknown: ${unknown.join(', ')}`,
    );
  return encodeFunctionData({ abi: tokenAbi(template), functionName: op.fn, args: op.args(params, template) });
}

const SHOWN_REVERT_HEX = 2 + 2 * 100;

function formatArg(value: unknown): string {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)) {
    const r = tokenRoleOf(value);
    if (r) return ROLE_CONSTANTS[r];
  }
  if (typeof value === 'string' && ADDRESS_RE.test(value)) return value.toLowerCase();
  return String(value);
}

/**
 * A revert's data as a readable reason: the Error(string) text, `Panic(0x11)`, or a custom error with its arguments
 * (`ERC20InsufficientBalance(0xabc..., 0, 5)`, `AddressNotAllowlisted(0x...)`, `EnforcedPause()`; a role id shows as
 * its constant, `AccessControlUnauthorizedAccount(0x..., MINTER_ROLE)`). Data it cannot decode: `reverted (0x...)`
 * (at most 100 bytes shown).
 */
export function decodeRevertReason(template: TokenTemplateId | undefined, data: Hex | undefined): string {
  const raw = typeof data === 'string' ? data : '0x';
  const unknown = `reverted (${raw.length > SHOWN_REVERT_HEX ? `${raw.slice(0, SHOWN_REVERT_HEX)}...` : raw})`;
  if (!HEX_RE.test(raw) || raw.length < 10) return unknown;
  try {
    const { errorName, args } = decodeErrorResult({
      abi: tokenAbi(template ?? 'ERC20_PERMISSIONED'),
      data: raw as Hex,
    });
    if (errorName === 'Error') return String(args?.[0]);
    if (errorName === 'Panic') return `Panic(0x${(args?.[0] as bigint).toString(16)})`;
    return `${errorName}(${(args ?? []).map(formatArg).join(', ')})`;
  } catch {
    return unknown;
  }
}

/**
 * A log of a template's contract as `{eventName, args}` (Transfer {from, to, value}, RoleGranted / RoleRevoked {role,
 * account, sender}, Paused / Unpaused {account}, Frozen / Unfrozen {account}, AllowlistUpdated {account, allowed},
 * ComplianceUpdated {allowlistEnforced}, Approval, RoleAdminChanged); addresses lowercase, amounts bigint, roles as
 * their bytes32 id (tokenRoleOf names them). undefined for a log the template does not emit or cannot decode.
 */
export function decodeTokenLog(
  template: TokenTemplateId,
  log: { topics: Hex[]; data: Hex },
): { eventName: string; args: Record<string, unknown> } | undefined {
  if (!log || !Array.isArray(log.topics) || log.topics.length === 0) return undefined;
  try {
    const { eventName, args } = decodeEventLog({
      abi: tokenAbi(template),
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries((args ?? {}) as Record<string, unknown>))
      out[k] = typeof v === 'string' && ADDRESS_RE.test(v) ? v.toLowerCase() : v;
    return { eventName: String(eventName), args: out };
  } catch {
    return undefined;
  }
}
