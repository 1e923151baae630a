import {
  getAddress,
  decodeDeployData,
  decodeFunctionData,
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  erc20Abi,
  keccak256,
  stringToHex,
  toFunctionSelector,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeRevertReason,
  decodeTokenLog,
  deploymentData,
  erc20BalanceOfData,
  erc20BalanceOfResult,
  erc20TransferData,
  operationCallData,
  roleHash,
  tokenAbi,
  TokenCallError,
  tokenRoleOf,
  TRANSFER_EVENT_TOPIC,
} from '../../shared/domain/tokens/calls.js';
import { ERC20_INIT_CODE } from '../../shared/domain/tokens/template-code.js';
import erc20Artifact from '../../contracts/artifacts/ERC20.json' with { type: 'json' };
import {
  TOKEN_TEMPLATES,
  tokenTemplate,
  type TokenOperation,
  type TokenTemplateId,
} from '../../shared/domain/tokens/templates.js';

/** The pure call layer of the token templates: encodings round-trip through the contract ABI, bad params are refused. */
const A = '0x1111111111111111111111111111111111111111' as Hex;
const B = '0x2222222222222222222222222222222222222222' as Hex;
const LOWER = '0xabcdef0000000000000000000000000000000001' as Hex;
const MIXED = getAddress(LOWER); // EIP-55 mixed case
const MAX = (1n << 256n) - 1n;
type CallOp = Exclude<TokenOperation, 'DEPLOY_TOKEN'>;
/** viem decodes addresses EIP-55 mixed case; calls.ts encodes any case. Compare lowercase. */
const norm = (args: readonly unknown[] | undefined) =>
  args?.map((a) => (typeof a === 'string' && a.length === 42 ? a.toLowerCase() : a));
const decode = (t: TokenTemplateId, data: Hex) => {
  const d = decodeFunctionData({ abi: tokenAbi(t), data });
  return { functionName: d.functionName, args: norm(d.args) };
};

describe('token templates', () => {
  it('lists ERC20 and ERC20_PERMISSIONED; the permissioned one adds freeze, compliance and allowlist operations', () => {
    expect(TOKEN_TEMPLATES.map((t) => t.id)).toEqual(['ERC20', 'ERC20_PERMISSIONED']);
    expect(tokenTemplate('ERC20')!.operations).toEqual([
      'DEPLOY_TOKEN',
      'MINT',
      'BURN',
      'TRANSFER',
      'GRANT_ROLE',
      'REVOKE_ROLE',
      'PAUSE',
      'UNPAUSE',
    ]);
    expect(tokenTemplate('ERC20_PERMISSIONED')!.operations).toEqual(
      expect.arrayContaining(['FREEZE', 'UNFREEZE', 'UPDATE_COMPLIANCE', 'ALLOWLIST_ADD', 'ALLOWLIST_REMOVE', 'MINT']),
    );
    expect(tokenTemplate('ERC721')).toBeUndefined();
  });

  it('names roles by the contracts’ constants (keccak256 of MINTER_ROLE, ...; ADMIN is zero) and back', () => {
    expect(roleHash('MINTER')).toBe(keccak256(stringToHex('MINTER_ROLE')));
    expect(roleHash('ADMIN')).toBe(`0x${'00'.repeat(32)}`);
    expect(tokenRoleOf(roleHash('COMPLIANCE').toUpperCase().replace('0X', '0x'))).toBe('COMPLIANCE');
    expect(tokenRoleOf(`0x${'ab'.repeat(32)}`)).toBeUndefined();
  });
});

describe('deploymentData', () => {
  it('is the template’s init code followed by the ABI-encoded constructor arguments', () => {
    const data = deploymentData('ERC20', {
      name: 'Gold',
      symbol: 'GLD',
      decimals: 6,
      admin: MIXED,
      initialSupply: 1_000n,
    });
    expect(ERC20_INIT_CODE).toBe(erc20Artifact.bytecode);
    expect(data.startsWith(erc20Artifact.bytecode)).toBe(true);
    const { args } = decodeDeployData({ abi: tokenAbi('ERC20'), bytecode: erc20Artifact.bytecode as Hex, data });
    expect(norm(args)).toEqual(['Gold', 'GLD', 6, LOWER, 1_000n]);
  });

  it.each([
    [{ name: '' }, /name/],
    [{ symbol: 42 }, /symbol/],
    [{ decimals: 256 }, /decimals/],
    [{ decimals: 1.5 }, /decimals/],
    [{ admin: '0x12' }, /admin/],
    [{ admin: `0x${'00'.repeat(20)}` }, /zero address/],
    [{ initialSupply: -1n }, /initial supply/],
    [{ initialSupply: MAX + 1n }, /initial supply/],
  ] as [Record<string, unknown>, RegExp][])('refuses a bad field (%#) with TokenCallError %s', (bad, message) => {
    const p = { name: 'Gold', symbol: 'GLD', decimals: 18, admin: A, initialSupply: 0n, ...bad } as never;
    expect(() => deploymentData('ERC20', p)).toThrow(TokenCallError);
    expect(() => deploymentData('ERC20', p)).toThrow(message);
  });
});

describe('operationCallData', () => {
  const cases: [TokenTemplateId, CallOp, Record<string, unknown>, string, unknown[]][] = [
    ['ERC20', 'MINT', { to: B, amount: '5000' }, 'mint', [B, 5000n]],
    ['ERC20', 'BURN', { amount: MAX.toString() }, 'burn', [MAX]],
    ['ERC20', 'TRANSFER', { to: MIXED, amount: '1' }, 'transfer', [LOWER, 1n]],
    ['ERC20', 'GRANT_ROLE', { role: 'MINTER', account: B }, 'grantRole', [roleHash('MINTER'), B]],
    ['ERC20', 'REVOKE_ROLE', { role: 'ADMIN', account: B }, 'revokeRole', [roleHash('ADMIN'), B]],
    ['ERC20', 'PAUSE', {}, 'pause', undefined as never],
    ['ERC20', 'UNPAUSE', {}, 'unpause', undefined as never],
    ['ERC20_PERMISSIONED', 'GRANT_ROLE', { role: 'COMPLIANCE', account: B }, 'grantRole', [roleHash('COMPLIANCE'), B]],
    ['ERC20_PERMISSIONED', 'FREEZE', { account: B }, 'freeze', [B]],
    ['ERC20_PERMISSIONED', 'UNFREEZE', { account: B }, 'unfreeze', [B]],
    ['ERC20_PERMISSIONED', 'UPDATE_COMPLIANCE', { allowlist_enforced: false }, 'setAllowlistEnforced', [false]],
    ['ERC20_PERMISSIONED', 'ALLOWLIST_ADD', { address: B }, 'addToAllowlist', [B]],
    ['ERC20_PERMISSIONED', 'ALLOWLIST_REMOVE', { address: B }, 'removeFromAllowlist', [B]],
  ];
  it.each(cases)('%s %s (%#) encodes %s and decodes back to its arguments', (template, op, params, fn, args) => {
    const data = operationCallData(template, op, params);
    const decoded = decode(template, data);
    expect(decoded.functionName).toBe(fn);
    expect(decoded.args).toEqual(args);
    expect(data.slice(0, 10)).toBe(
      toFunctionSelector(tokenAbi(template).find((x) => x.type === 'function' && x.name === fn) as never),
    );
  });

  it.each([
    ['ERC20', 'FREEZE', { account: B }, /has no operation FREEZE/],
    ['ERC20', 'UPDATE_COMPLIANCE', { allowlist_enforced: true }, /has no operation/],
    ['ERC20', 'DEPLOY_TOKEN', {}, /has no operation/],
    ['ERC20', 'SELFDESTRUCT', {}, /has no operation/],
    ['ERC20', 'MINT', { amount: '5' }, /to must be a 0x address/],
    ['ERC20', 'MINT', { to: B }, /amount must be a decimal string/],
    ['ERC20', 'MINT', { to: '0x123', amount: '5' }, /to must be a 0x address/],
    ['ERC20', 'MINT', { to: `0x${'00'.repeat(20)}`, amount: '5' }, /zero address/],
    ['ERC20', 'MINT', { to: B, amount: 5 }, /decimal string/],
    ['ERC20', 'MINT', { to: B, amount: '1.5' }, /decimal string/],
    ['ERC20', 'MINT', { to: B, amount: '-5' }, /decimal string/],
    ['ERC20', 'MINT', { to: B, amount: '007' }, /decimal string/],
    ['ERC20', 'MINT', { to: B, amount: '0' }, /greater than 0/],
    ['ERC20', 'MINT', { to: B, amount: (MAX + 1n).toString() }, /at most 2\^256-1/],
    ['ERC20', 'MINT', { to: B, amount: '5', memo: 'x' }, /unknown: memo/],
    ['ERC20', 'PAUSE', { now: true }, /takes no params/],
    ['ERC20', 'GRANT_ROLE', { role: 'COMPLIANCE', account: B }, /role must be one of ADMIN, MINTER, BURNER, PAUSER/],
    ['ERC20', 'GRANT_ROLE', { role: 'minter', account: B }, /role must be one of/],
    ['ERC20_PERMISSIONED', 'UPDATE_COMPLIANCE', { allowlist_enforced: 'false' }, /true or false/],
    ['ERC20_PERMISSIONED', 'UPDATE_COMPLIANCE', { allowlistEnforced: false }, /unknown: allowlistEnforced/],
    ['ERC20_PERMISSIONED', 'ALLOWLIST_ADD', { address: `0x${'zz'.repeat(20)}` }, /address must be a 0x address/],
    ['ERC721', 'MINT', { to: B, amount: '5' }, /unknown token template ERC721/],
  ] as [TokenTemplateId, CallOp, Record<string, unknown>, RegExp][])(
    '%s %s (%#): TokenCallError %s',
    (template, op, params, message) => {
      expect(() => operationCallData(template, op, params)).toThrow(TokenCallError);
      expect(() => operationCallData(template, op, params)).toThrow(message);
    },
  );

  it('refuses params that are not an object', () => {
    expect(() => operationCallData('ERC20', 'PAUSE', null as never)).toThrow(TokenCallError);
    expect(() => operationCallData('ERC20', 'PAUSE', [] as never)).toThrow(TokenCallError);
  });
});

describe('ERC-20 calls for assets', () => {
  it('encodes transfer and balanceOf with the standard ERC-20 ABI, and reads a balanceOf answer', () => {
    const transfer = decodeFunctionData({ abi: erc20Abi, data: erc20TransferData(MIXED, 7n) });
    expect([transfer.functionName, ...norm(transfer.args)!]).toEqual(['transfer', LOWER, 7n]);
    expect(erc20TransferData(A, 7n).slice(0, 10)).toBe('0xa9059cbb');
    const balanceOf = decodeFunctionData({ abi: erc20Abi, data: erc20BalanceOfData(A) });
    expect([balanceOf.functionName, ...norm(balanceOf.args)!]).toEqual(['balanceOf', A]);
    expect(erc20BalanceOfResult(encodeAbiParameters([{ type: 'uint256' }], [MAX]))).toBe(MAX);
    expect(() => erc20BalanceOfResult('0x')).toThrow(TokenCallError);
    expect(() => erc20TransferData(A, 0n)).toThrow(TokenCallError);
    expect(() => erc20TransferData('0xnope' as Hex, 1n)).toThrow(TokenCallError);
    expect(() => erc20BalanceOfData('0x12' as Hex)).toThrow(TokenCallError);
  });
});

describe('decodeRevertReason', () => {
  const abi = tokenAbi('ERC20_PERMISSIONED');
  it('reads OpenZeppelin 5 custom errors with their arguments, addresses lowercase and role ids by name', () => {
    expect(
      decodeRevertReason(
        'ERC20',
        encodeErrorResult({ abi, errorName: 'ERC20InsufficientBalance', args: [MIXED, 0n, 5n] }),
      ),
    ).toBe('ERC20InsufficientBalance(0xabcdef0000000000000000000000000000000001, 0, 5)');
    expect(
      decodeRevertReason(
        'ERC20',
        encodeErrorResult({ abi, errorName: 'AccessControlUnauthorizedAccount', args: [B, roleHash('MINTER')] }),
      ),
    ).toBe(`AccessControlUnauthorizedAccount(${B}, MINTER_ROLE)`);
    expect(decodeRevertReason('ERC20', encodeErrorResult({ abi, errorName: 'EnforcedPause' }))).toBe('EnforcedPause()');
    expect(
      decodeRevertReason(
        'ERC20_PERMISSIONED',
        encodeErrorResult({ abi, errorName: 'AddressNotAllowlisted', args: [B] }),
      ),
    ).toBe(`AddressNotAllowlisted(${B})`);
    expect(decodeRevertReason(undefined, encodeErrorResult({ abi, errorName: 'AccountFrozen', args: [B] }))).toBe(
      `AccountFrozen(${B})`,
    );
  });

  it('reads Error(string) as its text and Panic(uint256) as its code', () => {
    expect(
      decodeRevertReason(
        undefined,
        encodeErrorResult({
          abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string' }] }],
          errorName: 'Error',
          args: ['not enough'],
        }),
      ),
    ).toBe('not enough');
    expect(
      decodeRevertReason(
        'ERC20',
        encodeErrorResult({
          abi: [{ type: 'error', name: 'Panic', inputs: [{ type: 'uint256' }] }],
          errorName: 'Panic',
          args: [0x11n],
        }),
      ),
    ).toBe('Panic(0x11)');
  });

  it('shows data it cannot decode as hex (cut at 100 bytes), and a revert without data as 0x', () => {
    expect(decodeRevertReason('ERC20', undefined)).toBe('reverted (0x)');
    expect(decodeRevertReason('ERC20', '0x')).toBe('reverted (0x)');
    expect(decodeRevertReason('ERC20', '0xdeadbeef')).toBe('reverted (0xdeadbeef)');
    // A permissioned-only error is unknown to the plain template.
    const frozen = encodeErrorResult({ abi, errorName: 'AccountFrozen', args: [B] });
    expect(decodeRevertReason('ERC20', frozen)).toBe(`reverted (${frozen})`);
    const long = `0x${'ab'.repeat(200)}` as Hex;
    expect(decodeRevertReason('ERC20', long)).toBe(`reverted (0x${'ab'.repeat(100)}...)`);
    expect(decodeRevertReason('ERC20', '0xnothex' as Hex)).toBe('reverted (0xnothex)');
  });
});

describe('decodeTokenLog', () => {
  const abi = tokenAbi('ERC20_PERMISSIONED');
  it('decodes Transfer with the ERC-20 topic, addresses lowercase and the amount a bigint', () => {
    const topics = encodeEventTopics({ abi, eventName: 'Transfer', args: { from: A, to: MIXED } }) as Hex[];
    expect(topics[0]).toBe(TRANSFER_EVENT_TOPIC);
    const log = { topics, data: encodeAbiParameters([{ type: 'uint256' }], [42n]) };
    expect(decodeTokenLog('ERC20', log)).toEqual({ eventName: 'Transfer', args: { from: A, to: LOWER, value: 42n } });
  });

  it('decodes the permissioned events and leaves them undecoded for the plain template', () => {
    const log = {
      topics: encodeEventTopics({ abi, eventName: 'AllowlistUpdated', args: { account: B } }) as Hex[],
      data: encodeAbiParameters([{ type: 'bool' }], [true]),
    };
    expect(decodeTokenLog('ERC20_PERMISSIONED', log)).toEqual({
      eventName: 'AllowlistUpdated',
      args: { account: B, allowed: true },
    });
    expect(decodeTokenLog('ERC20', log)).toBeUndefined();
    const compliance = {
      topics: encodeEventTopics({ abi, eventName: 'ComplianceUpdated' }) as Hex[],
      data: encodeAbiParameters([{ type: 'bool' }], [false]),
    };
    expect(decodeTokenLog('ERC20_PERMISSIONED', compliance)).toEqual({
      eventName: 'ComplianceUpdated',
      args: { allowlistEnforced: false },
    });
  });

  it('answers undefined for a log it does not know or that is malformed', () => {
    expect(decodeTokenLog('ERC20', { topics: [`0x${'ee'.repeat(32)}`], data: '0x' })).toBeUndefined();
    expect(decodeTokenLog('ERC20', { topics: [], data: '0x' })).toBeUndefined();
    expect(decodeTokenLog('ERC20', { topics: [TRANSFER_EVENT_TOPIC], data: '0x' })).toBeUndefined(); // indexed args missing
  });
});
