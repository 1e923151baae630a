import { RLP } from '@ethereumjs/rlp';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../shared/domain/tokens/calls.js';
import type { TokenOperation, TokenTemplateId } from '../../shared/domain/tokens/templates.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { signTx, testKey, type TestKey } from '../support/pq-chain.js';

/**
 * The token templates on the development chain's EVM: deployed from deploymentData, operated with the call data of
 * operationCallData, signed pq-evm-v1 transactions; refusals read from eth_call reverts through decodeRevertReason,
 * logs through decodeTokenLog.
 */
const admin = testKey(0xd1);
const bob = testKey(0xd2);
const carol = testKey(0xd3);
const ETH = 10n ** 18n;
let chain: DevChain;
let nextId = 1;

beforeAll(async () => {
  chain = await startDevChain({
    accounts: Object.fromEntries([admin, bob, carol].map((k) => [k.address, { balance: 10n * ETH }])),
  });
});
afterAll(async () => chain?.stop());

type RpcAnswer = { result?: any; error?: { code: number; message: string; data?: Hex } };
async function rpc(method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  return (await res.json()) as RpcAnswer;
}
async function result(method: string, params: unknown[] = []): Promise<any> {
  const a = await rpc(method, params);
  expect(a.error).toBeUndefined();
  return a.result;
}

type Receipt = {
  status: '0x0' | '0x1';
  contractAddress: Hex | null;
  logs: { address: Hex; topics: Hex[]; data: Hex }[];
};
/** Signs, sends and mines one transaction; answers its receipt. */
async function send(from: TestKey, to: Hex | null, data: Hex, gasLimit = 300_000n): Promise<Receipt> {
  const nonce = BigInt(await result('eth_getTransactionCount', [from.address, 'pending']));
  const { raw, hash } = signTx(from, { nonce, to, data, gasLimit });
  await result('eth_sendRawTransaction', [raw]);
  await result('evm_mine');
  return result('eth_getTransactionReceipt', [hash]);
}

type Token = { template: TokenTemplateId; address: Hex };
async function deploy(
  template: TokenTemplateId,
  initialSupply = 1_000n,
): Promise<Token & { receipt: Receipt; nonce: bigint }> {
  const nonce = BigInt(await result('eth_getTransactionCount', [admin.address, 'pending']));
  const receipt = await send(
    admin,
    null,
    deploymentData(template, { name: 'Gold', symbol: 'GLD', decimals: 6, admin: admin.address as Hex, initialSupply }),
    3_000_000n,
  );
  expect(receipt.status).toBe('0x1');
  return { template, address: receipt.contractAddress!, receipt, nonce };
}
const operate = (
  t: Token,
  from: TestKey,
  op: Exclude<TokenOperation, 'DEPLOY_TOKEN'>,
  params: Record<string, unknown>,
) => send(from, t.address, operationCallData(t.template, op, params));

/** eth_call of the operation as `from`: 'ok', or the decoded revert reason. */
async function simulate(
  t: Token,
  from: TestKey,
  op: Exclude<TokenOperation, 'DEPLOY_TOKEN'>,
  params: Record<string, unknown>,
): Promise<string> {
  const a = await rpc('eth_call', [
    { from: from.address, to: t.address, data: operationCallData(t.template, op, params) },
    'pending',
  ]);
  if (!a.error) return 'ok';
  expect(a.error).toMatchObject({ code: 3, message: 'execution reverted' });
  return decodeRevertReason(t.template, a.error.data);
}
async function read(t: Token, functionName: string, args: unknown[] = []): Promise<unknown> {
  const abi = tokenAbi(t.template);
  const data = await result('eth_call', [
    { to: t.address, data: encodeFunctionData({ abi, functionName, args }) },
    'latest',
  ]);
  return decodeFunctionResult({ abi, functionName, data });
}
const balanceOf = async (t: Token, k: TestKey) =>
  erc20BalanceOfResult(
    await result('eth_call', [{ to: t.address, data: erc20BalanceOfData(k.address as Hex) }, 'latest']),
  );
const events = (t: Token, r: Receipt) =>
  r.logs.filter((l) => l.address === t.address).map((l) => decodeTokenLog(t.template, l));
const transfer = (t: Token, from: TestKey, to: TestKey, amount: bigint) =>
  send(from, t.address, erc20TransferData(to.address as Hex, amount));

describe('token template ERC20 on the dev chain', () => {
  let token: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    token = await deploy('ERC20');
  });

  it('deploys from init code with an empty `to`: the contract address is keccak256(rlp([sender, nonce]))[12:]', async () => {
    const expected = `0x${bytesToHex(keccak_256(RLP.encode([hexToBytes(admin.address.slice(2)), token.nonce])).subarray(12))}`;
    expect(token.address).toBe(expected);
    expect(await result('eth_getCode', [token.address, 'latest'])).not.toBe('0x');
    expect([
      await read(token, 'name'),
      await read(token, 'symbol'),
      await read(token, 'decimals'),
      await read(token, 'totalSupply'),
    ]).toEqual(['Gold', 'GLD', 6, 1_000n]);
    expect(await balanceOf(token, admin)).toBe(1_000n);
  });

  it('grants the admin every role at deployment and mints the initial supply to it (decoded logs)', () => {
    const logs = events(token, token.receipt);
    expect(logs.filter((l) => l?.eventName === 'RoleGranted').map((l) => l!.args.role)).toEqual([
      roleHash('ADMIN'),
      roleHash('MINTER'),
      roleHash('BURNER'),
      roleHash('PAUSER'),
    ]);
    expect(logs.at(-1)).toEqual({
      eventName: 'Transfer',
      args: { from: `0x${'00'.repeat(20)}`, to: admin.address, value: 1_000n },
    });
  });

  it('refuses a mint by an account without MINTER_ROLE (AccessControlUnauthorizedAccount); a granted minter mints until revoked', async () => {
    expect(await simulate(token, bob, 'MINT', { to: bob.address, amount: '5' })).toBe(
      `AccessControlUnauthorizedAccount(${bob.address}, MINTER_ROLE)`,
    );
    expect((await operate(token, bob, 'MINT', { to: bob.address, amount: '5' })).status).toBe('0x0');
    const granted = await operate(token, admin, 'GRANT_ROLE', { role: 'MINTER', account: bob.address });
    expect(events(token, granted)).toEqual([
      { eventName: 'RoleGranted', args: { role: roleHash('MINTER'), account: bob.address, sender: admin.address } },
    ]);
    const minted = await operate(token, bob, 'MINT', { to: bob.address, amount: '5' });
    expect(events(token, minted)).toEqual([
      { eventName: 'Transfer', args: { from: `0x${'00'.repeat(20)}`, to: bob.address, value: 5n } },
    ]);
    expect(await balanceOf(token, bob)).toBe(5n);
    expect((await operate(token, admin, 'REVOKE_ROLE', { role: 'MINTER', account: bob.address })).status).toBe('0x1');
    expect(await simulate(token, bob, 'MINT', { to: bob.address, amount: '5' })).toBe(
      `AccessControlUnauthorizedAccount(${bob.address}, MINTER_ROLE)`,
    );
    expect(await simulate(token, bob, 'GRANT_ROLE', { role: 'MINTER', account: bob.address })).toBe(
      `AccessControlUnauthorizedAccount(${bob.address}, DEFAULT_ADMIN_ROLE)`,
    );
  });

  it('burns from the burner’s own balance; an account without BURNER_ROLE cannot burn; more than the balance is refused', async () => {
    expect(await simulate(token, bob, 'BURN', { amount: '1' })).toBe(
      `AccessControlUnauthorizedAccount(${bob.address}, BURNER_ROLE)`,
    );
    expect(await simulate(token, admin, 'BURN', { amount: '1000000' })).toBe(
      `ERC20InsufficientBalance(${admin.address}, 1000, 1000000)`,
    );
    const before = (await read(token, 'totalSupply')) as bigint;
    expect((await operate(token, admin, 'BURN', { amount: '100' })).status).toBe('0x1');
    expect(await read(token, 'totalSupply')).toBe(before - 100n);
  });

  it('pause stops transfers (EnforcedPause) until unpaused; only a pauser pauses', async () => {
    expect(await simulate(token, bob, 'PAUSE', {})).toBe(
      `AccessControlUnauthorizedAccount(${bob.address}, PAUSER_ROLE)`,
    );
    expect(events(token, await operate(token, admin, 'PAUSE', {}))).toEqual([
      { eventName: 'Paused', args: { account: admin.address } },
    ]);
    expect(await simulate(token, admin, 'TRANSFER', { to: carol.address, amount: '1' })).toBe('EnforcedPause()');
    expect(await simulate(token, admin, 'MINT', { to: carol.address, amount: '1' })).toBe('EnforcedPause()');
    expect((await transfer(token, admin, carol, 1n)).status).toBe('0x0');
    expect(events(token, await operate(token, admin, 'UNPAUSE', {}))).toEqual([
      { eventName: 'Unpaused', args: { account: admin.address } },
    ]);
    expect((await transfer(token, admin, carol, 1n)).status).toBe('0x1');
    expect(await balanceOf(token, carol)).toBe(1n);
  });
});

describe('token template ERC20_PERMISSIONED on the dev chain', () => {
  let token: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    token = await deploy('ERC20_PERMISSIONED');
  });

  it('starts with the admin allowlisted, enforcement on, and the admin holding COMPLIANCE_ROLE (decoded logs)', async () => {
    const logs = events(token, token.receipt);
    expect(logs).toContainEqual({
      eventName: 'RoleGranted',
      args: { role: roleHash('COMPLIANCE'), account: admin.address, sender: admin.address },
    });
    expect(logs).toContainEqual({ eventName: 'AllowlistUpdated', args: { account: admin.address, allowed: true } });
    expect(logs).toContainEqual({ eventName: 'ComplianceUpdated', args: { allowlistEnforced: true } });
    expect([
      await read(token, 'allowlistEnforced'),
      await read(token, 'isAllowlisted', [admin.address]),
      await read(token, 'isAllowlisted', [bob.address]),
    ]).toEqual([true, true, false]);
  });

  it('refuses a transfer to an unlisted address while enforcement is on, allows it once listed, and with enforcement off', async () => {
    expect(await simulate(token, admin, 'TRANSFER', { to: carol.address, amount: '1' })).toBe(
      `AddressNotAllowlisted(${carol.address})`,
    );
    expect((await transfer(token, admin, carol, 1n)).status).toBe('0x0');
    expect(await simulate(token, admin, 'MINT', { to: carol.address, amount: '1' })).toBe(
      `AddressNotAllowlisted(${carol.address})`,
    );

    const listed = await operate(token, admin, 'ALLOWLIST_ADD', { address: bob.address });
    expect(events(token, listed)).toEqual([
      { eventName: 'AllowlistUpdated', args: { account: bob.address, allowed: true } },
    ]);
    expect((await transfer(token, admin, bob, 10n)).status).toBe('0x1');
    // bob (listed) cannot pass tokens on to carol (unlisted) either.
    expect(await simulate(token, bob, 'TRANSFER', { to: carol.address, amount: '1' })).toBe(
      `AddressNotAllowlisted(${carol.address})`,
    );

    const off = await operate(token, admin, 'UPDATE_COMPLIANCE', { allowlist_enforced: false });
    expect(events(token, off)).toEqual([{ eventName: 'ComplianceUpdated', args: { allowlistEnforced: false } }]);
    expect((await transfer(token, admin, carol, 2n)).status).toBe('0x1');
    expect(await balanceOf(token, carol)).toBe(2n);
    expect((await operate(token, admin, 'UPDATE_COMPLIANCE', { allowlist_enforced: true })).status).toBe('0x1');

    // Removed from the list: bob can no longer send or receive.
    const removed = await operate(token, admin, 'ALLOWLIST_REMOVE', { address: bob.address });
    expect(events(token, removed)).toEqual([
      { eventName: 'AllowlistUpdated', args: { account: bob.address, allowed: false } },
    ]);
    expect(await simulate(token, bob, 'TRANSFER', { to: admin.address, amount: '1' })).toBe(
      `AddressNotAllowlisted(${bob.address})`,
    );
    expect(await simulate(token, admin, 'TRANSFER', { to: bob.address, amount: '1' })).toBe(
      `AddressNotAllowlisted(${bob.address})`,
    );
  });

  it('a frozen address can neither send nor receive, whatever the allowlist says; unfreezing restores it', async () => {
    await operate(token, admin, 'ALLOWLIST_ADD', { address: bob.address });
    expect(events(token, await operate(token, admin, 'FREEZE', { account: bob.address }))).toEqual([
      { eventName: 'Frozen', args: { account: bob.address } },
    ]);
    expect(await read(token, 'isFrozen', [bob.address])).toBe(true);
    expect(await simulate(token, admin, 'TRANSFER', { to: bob.address, amount: '1' })).toBe(
      `AccountFrozen(${bob.address})`,
    );
    expect(await simulate(token, bob, 'TRANSFER', { to: admin.address, amount: '1' })).toBe(
      `AccountFrozen(${bob.address})`,
    );
    expect((await transfer(token, bob, admin, 1n)).status).toBe('0x0');
    await operate(token, admin, 'UPDATE_COMPLIANCE', { allowlist_enforced: false });
    expect(await simulate(token, bob, 'TRANSFER', { to: admin.address, amount: '1' })).toBe(
      `AccountFrozen(${bob.address})`,
    );
    expect(events(token, await operate(token, admin, 'UNFREEZE', { account: bob.address }))).toEqual([
      { eventName: 'Unfrozen', args: { account: bob.address } },
    ]);
    expect((await transfer(token, bob, admin, 1n)).status).toBe('0x1');
  });

  it('only COMPLIANCE_ROLE manages freezes, the allowlist and the switch', async () => {
    for (const [op, params] of [
      ['FREEZE', { account: carol.address }],
      ['ALLOWLIST_ADD', { address: carol.address }],
      ['UPDATE_COMPLIANCE', { allowlist_enforced: true }],
    ] as const) {
      expect(await simulate(token, bob, op, params)).toBe(
        `AccessControlUnauthorizedAccount(${bob.address}, COMPLIANCE_ROLE)`,
      );
    }
    await operate(token, admin, 'GRANT_ROLE', { role: 'COMPLIANCE', account: bob.address });
    expect(await simulate(token, bob, 'FREEZE', { account: carol.address })).toBe('ok');
  });
});
