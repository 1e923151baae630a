import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { createTenantWithAdmin, stackApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, randomAddress } from '../support/fixtures.js';
import { tenantAuditRecords, tenantEvents } from '../support/tenant-events.js';
import { erc20BalanceOfData, roleHash, type Hex } from '../../shared/domain/tokens/calls.js';
import { encodeFunctionData, parseAbi } from 'viem';
import { devChainRpc } from '../support/test-chain.js';
import { TERMINAL } from '../../shared/domain/transactions/transition-table.js';
import { keys } from '../../shared/store/keys.js';

/**
 * Tokens (Beta) end to end through the local stack over real HTTP: the API, the stream router and the transaction
 * worker (drained, fake clock), the reference signer in remote mode signing with the generated admin wallet's key,
 * the dev chain (a real EVM, mined on demand) and the chain poller run on demand. Both templates are deployed under a
 * 2-approver policy; every operation is a transaction that reaches COMPLETED (or FAILED by simulation) on chain.
 */
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let api: TestApi;
let tenantId: string;
let admin: Key;
let operator: Key;
let approvers: Key[];
let vaultId: string;
let adminWallet: { id: string; address: string };
let holder: { id: string; address: string };
let policyId: string;
const tokens: Record<'plain' | 'perm', { id: string; contractAddress: string }> = {} as never;
const allowed = randomAddress();
const unlisted = randomAddress();

const rpc = devChainRpc(() => stack.devChain!.url);
const tokenBalance = async (contract: string, owner: string) =>
  BigInt(await rpc('eth_call', [{ to: contract, data: erc20BalanceOfData(owner as Hex) }, 'latest']));
const nativeBalance = async (address: string) => BigInt(await rpc('eth_getBalance', [address, 'latest']));
const hasRole = async (contract: string, role: 'MINTER', account: string) =>
  BigInt(
    await rpc('eth_call', [
      {
        to: contract,
        data: encodeFunctionData({
          abi: parseAbi(['function hasRole(bytes32, address) view returns (bool)']),
          functionName: 'hasRole',
          args: [roleHash(role), account as Hex],
        }),
      },
      'latest',
    ]),
  ) === 1n;

const getTx = async (id: string, key = operator) => (await api.call('GET', `/v1/transactions/${id}`, { key })).body;

/** Runs the worker, mines and polls until the transaction waits for people or ends. */
async function settle(id: string) {
  for (let i = 0; i < 8; i++) {
    await stack.drain();
    const tx = await getTx(id);
    if (TERMINAL.has(tx.status) || tx.status === 'PENDING_AUTHORIZATION') return tx;
    await stack.devChain!.mine();
    await stack.runSchedule('chain-poller');
  }
  return getTx(id);
}

/** Two distinct approvers approve (the policy asks for 2), then it runs to its end. */
async function approveAndSettle(id: string) {
  expect((await settle(id)).status).toBe('PENDING_AUTHORIZATION');
  for (const key of approvers)
    expect((await api.call('POST', `/v1/transactions/${id}/approve`, { key, body: {} })).status).toBe(200);
  return settle(id);
}

async function operation(tokenId: string, op: string, params: Record<string, unknown> = {}) {
  const res = await api.call('POST', `/v1/tokens/${tokenId}/operations`, {
    key: operator,
    body: { operation: op, params },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({
    tokenId,
    operation: op,
    transaction: { operation: op, tokenId, status: 'SUBMITTED' },
  });
  return res.body.transaction.id as string;
}

async function generatedWallet(label: string) {
  const w = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, { key: admin, body: { label } });
  expect(w.status).toBe(201);
  await stack.devChain!.state.setBalance(w.body.address, 10n ** 19n);
  return { id: w.body.id as string, address: (w.body.address as string).toLowerCase() };
}

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env, CUSTODY_CONFIRMATION_DEPTH: '1', CUSTODY_SCREENING_PROVIDER: '' },
    workers: { webhooks: null },
  });
  api = stackApi(stack);
  const t = await createTenantWithAdmin(api, 'issuer');
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = (await createUserWithRole(api, admin, 'operator')).key;
  approvers = [
    (await createUserWithRole(api, admin, 'approver')).key,
    (await createUserWithRole(api, admin, 'approver')).key,
  ];
  vaultId = (await createVault(api, admin)).id;
  adminWallet = await generatedWallet('token admin');
  holder = await generatedWallet('holder');
  const p = await api.call('POST', '/v1/policies', {
    key: admin,
    body: {
      vault_id: vaultId,
      name: 'token four eyes',
      rules: [{ type: 'REQUIRE_APPROVAL', value: '2', operations: ['DEPLOY_TOKEN', 'MINT'] }],
    },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  expect(p.body.rules[0].operations).toEqual(['DEPLOY_TOKEN', 'MINT']);
  policyId = p.body.id;
}, 180_000);
afterAll(async () => stack?.stop());

describe('tokens (Beta) on the development chain', () => {
  it('lists the two templates', async () => {
    const res = await api.call('GET', '/v1/token-templates', { key: operator });
    expect(res.status).toBe(200);
    expect(res.body.templates.map((t: { id: string }) => t.id)).toEqual(['ERC20', 'ERC20_PERMISSIONED']);
  });

  it("deploys both templates through the 2-approver policy: PENDING_DEPLOYMENT, then ACTIVE at the receipt's address and an asset", async () => {
    for (const [kind, template, symbol, supply] of [
      ['plain', 'ERC20', 'PLN', '5000'],
      ['perm', 'ERC20_PERMISSIONED', 'PRM', '0'],
    ] as const) {
      const res = await api.call('POST', '/v1/tokens', {
        key: operator,
        body: {
          template_id: template,
          name: `${symbol} token`,
          symbol,
          decimals: 6,
          admin_vault_account_id: vaultId,
          admin_wallet_id: adminWallet.id,
          approval_policy_id: policyId,
          initial_supply: supply,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.token).toMatchObject({
        templateId: template,
        symbol,
        decimals: 6,
        status: 'PENDING_DEPLOYMENT',
        contractAddress: null,
        approvalPolicyId: policyId,
        adminAddress: adminWallet.address,
      });
      expect(res.body.transaction).toMatchObject({
        operation: 'DEPLOY_TOKEN',
        tokenId: res.body.token.id,
        destinationAddr: null,
        sourceWalletId: adminWallet.id,
        status: 'SUBMITTED',
        amount: supply,
      });
      expect(res.body.token.deployTransactionId).toBe(res.body.transaction.id);

      const done = await approveAndSettle(res.body.transaction.id);
      expect(done, JSON.stringify(done)).toMatchObject({ status: 'COMPLETED', operation: 'DEPLOY_TOKEN' });
      expect(done.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
      const token = (await api.call('GET', `/v1/tokens/${res.body.token.id}`, { key: operator })).body;
      expect(token).toMatchObject({ status: 'ACTIVE', contractAddress: done.contractAddress, assetId: token.id });
      const asset = await api.call('GET', `/v1/assets/${token.id}`, { key: operator });
      expect(asset.body).toMatchObject({ type: 'token', symbol, decimals: 6, contract_address: done.contractAddress });
      tokens[kind] = { id: token.id, contractAddress: done.contractAddress };
    }
    expect(await tokenBalance(tokens.plain.contractAddress, adminWallet.address)).toBe(5000n);
    const list = await api.call('GET', '/v1/tokens', { key: operator });
    expect(list.body.tokens.map((t: { id: string }) => t.id)).toEqual([tokens.plain.id, tokens.perm.id]);
  });

  it("keeps the allowlist from the contract's logs: additions are transactions, the listing follows the chain", async () => {
    for (const address of [holder.address, allowed]) {
      const res = await api.call('POST', `/v1/tokens/${tokens.perm.id}/allowlist`, {
        key: operator,
        body: { address },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.transaction).toMatchObject({ operation: 'ALLOWLIST_ADD', destinationAddr: address });
      expect((await settle(res.body.transaction.id)).status).toBe('COMPLETED');
    }
    const list = await api.call('GET', `/v1/tokens/${tokens.perm.id}/allowlist`, { key: operator });
    expect(list.status).toBe(200);
    // The admin is allowlisted by the constructor: the listing comes from the logs, not from what the service sent.
    expect(list.body.allowlist.map((e: { address: string }) => e.address)).toEqual([
      adminWallet.address,
      holder.address,
      allowed,
    ]);
    const temp = randomAddress();
    const add = await api.call('POST', `/v1/tokens/${tokens.perm.id}/allowlist`, {
      key: operator,
      body: { address: temp },
    });
    await settle(add.body.transaction.id);
    const del = await api.call('DELETE', `/v1/tokens/${tokens.perm.id}/allowlist/${temp}`, { key: operator });
    expect(del.status).toBe(202);
    expect((await settle(del.body.transaction.id)).status).toBe('COMPLETED');
    const after = await api.call('GET', `/v1/tokens/${tokens.perm.id}/allowlist`, { key: operator });
    expect(after.body.allowlist.map((e: { address: string }) => e.address)).not.toContain(temp);
    const plain = await api.call('GET', `/v1/tokens/${tokens.plain.id}/allowlist`, { key: operator });
    expect(plain.status).toBe(400);
  });

  it('mints to a vault wallet under two approvals', async () => {
    const id = await operation(tokens.perm.id, 'MINT', { to: holder.address, amount: '1000' });
    expect((await approveAndSettle(id)).status).toBe('COMPLETED');
    expect(await tokenBalance(tokens.perm.contractAddress, holder.address)).toBe(1000n);
  });

  it('finds the mint as a deposit of the deployed token to the vault wallet, once, and lists the token in its balances', async () => {
    // A token deployed through the service is on the deposit scanner's watch list from its deployment.
    await stack.runSchedule('deposit-scanner');
    await stack.runSchedule('deposit-scanner');
    const deposits = (await api.call('GET', `/v1/deposits?wallet_id=${holder.id}`, { key: operator })).body.deposits;
    const ofToken = deposits.filter((d: { asset_id: string }) => d.asset_id === tokens.perm.id);
    expect(ofToken).toHaveLength(1);
    expect(ofToken[0]).toMatchObject({ amount: '1000', wallet_id: holder.id });
    const balances = (await api.call('GET', `/v1/wallets/${holder.id}/balances`, { key: operator })).body.balances;
    expect(balances.find((b: { asset_id: string }) => b.asset_id === tokens.perm.id)).toMatchObject({
      symbol: 'PRM',
      amount: '1000',
      amount_formatted: '0.001',
      error: null,
    });
  });

  it('moves the token with POST /v1/transactions: to an allowlisted address COMPLETED; to an unlisted one FAILED by simulation, no gas, nonce reused', async () => {
    const send = async (to: string, amount: string) => {
      const res = await api.call('POST', '/v1/transactions', {
        key: operator,
        body: { sourceWalletId: holder.id, destinationAddr: to, assetId: tokens.perm.id, amount },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ operation: 'TRANSFER', tokenId: null, assetId: tokens.perm.id });
      return settle(res.body.id);
    };
    const ok = await send(allowed, '400');
    expect(ok.status).toBe('COMPLETED');
    expect(ok.nonce).toBe(0);
    expect(await tokenBalance(tokens.perm.contractAddress, allowed)).toBe(400n);
    expect(await tokenBalance(tokens.perm.contractAddress, holder.address)).toBe(600n);

    const gasBefore = await nativeBalance(holder.address);
    const refused = await send(unlisted, '1');
    expect(refused.status).toBe('FAILED');
    expect(refused.failureReason).toBe(`simulation reverted: AddressNotAllowlisted(${unlisted})`);
    expect(refused.nonce).toBeNull();
    expect(refused.chainTxHash).toBeNull();
    expect(await nativeBalance(holder.address)).toBe(gasBefore);

    const next = await send(allowed, '1');
    expect(next).toMatchObject({ status: 'COMPLETED', nonce: 1 });

    const tooMuch = await send(allowed, '100000');
    expect(tooMuch.status).toBe('FAILED');
    expect(tooMuch.failureReason).toMatch(/^insufficient funds: token balance 599 is below amount 100000/);
  });

  it("pauses and unpauses: the token's status follows, and a transfer while paused fails with the revert reason", async () => {
    expect((await settle(await operation(tokens.plain.id, 'PAUSE'))).status).toBe('COMPLETED');
    expect((await api.call('GET', `/v1/tokens/${tokens.plain.id}`, { key: operator })).body.status).toBe('PAUSED');
    const paused = await settle(await operation(tokens.plain.id, 'TRANSFER', { to: allowed, amount: '5' }));
    expect(paused).toMatchObject({ status: 'FAILED', failureReason: 'simulation reverted: EnforcedPause()' });
    expect((await settle(await operation(tokens.plain.id, 'UNPAUSE'))).status).toBe('COMPLETED');
    expect((await api.call('GET', `/v1/tokens/${tokens.plain.id}`, { key: operator })).body.status).toBe('ACTIVE');
  });

  it('freezes an account: its transfers are refused on chain', async () => {
    expect((await settle(await operation(tokens.perm.id, 'FREEZE', { account: holder.address }))).status).toBe(
      'COMPLETED',
    );
    const res = await api.call('POST', '/v1/transactions', {
      key: operator,
      body: { sourceWalletId: holder.id, destinationAddr: allowed, assetId: tokens.perm.id, amount: '1' },
    });
    expect(await settle(res.body.id)).toMatchObject({
      status: 'FAILED',
      failureReason: `simulation reverted: AccountFrozen(${holder.address})`,
    });
  });

  it('grants and revokes the minter role, and burns', async () => {
    const minter = randomAddress();
    expect(
      (await settle(await operation(tokens.plain.id, 'GRANT_ROLE', { role: 'MINTER', account: minter }))).status,
    ).toBe('COMPLETED');
    expect(await hasRole(tokens.plain.contractAddress, 'MINTER', minter)).toBe(true);
    expect(
      (await settle(await operation(tokens.plain.id, 'REVOKE_ROLE', { role: 'MINTER', account: minter }))).status,
    ).toBe('COMPLETED');
    expect(await hasRole(tokens.plain.contractAddress, 'MINTER', minter)).toBe(false);
    expect((await settle(await operation(tokens.plain.id, 'BURN', { amount: '1200' }))).status).toBe('COMPLETED');
    expect(await tokenBalance(tokens.plain.contractAddress, adminWallet.address)).toBe(3800n);
  });

  it('another tenant can neither see nor operate the token (404)', async () => {
    const { admin: other } = await createTenantWithAdmin(api, 'other');
    expect((await api.call('GET', `/v1/tokens/${tokens.perm.id}`, { key: other })).status).toBe(404);
    expect((await api.call('GET', '/v1/tokens', { key: other })).body.tokens).toEqual([]);
    expect(
      (
        await api.call('POST', `/v1/tokens/${tokens.perm.id}/operations`, {
          key: other,
          body: { operation: 'PAUSE', params: {} },
        })
      ).status,
    ).toBe(404);
    expect((await api.call('GET', `/v1/tokens/${tokens.perm.id}/allowlist`, { key: other })).status).toBe(404);
    expect(
      (
        await api.call('POST', `/v1/tokens/${tokens.perm.id}/allowlist`, {
          key: other,
          body: { address: randomAddress() },
        })
      ).status,
    ).toBe(404);
  });

  it('answers bad input with catalog errors and stores nothing', async () => {
    const bad = async (
      method: 'POST' | 'GET' | 'DELETE',
      path: string,
      body: unknown,
      status: number,
      type: string,
    ) => {
      const res = await api.call(method, path, { key: operator, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.error.type).toBe(type);
    };
    const base = {
      name: 'x',
      symbol: 'XX',
      decimals: 6,
      admin_vault_account_id: vaultId,
      admin_wallet_id: adminWallet.id,
    };
    await bad('POST', '/v1/tokens', { ...base, template_id: 'ERC721' }, 400, 'VALIDATION');
    await bad('POST', '/v1/tokens', { ...base, template_id: 'ERC20', initial_supply: '-1' }, 400, 'INVALID_AMOUNT');
    await bad('POST', '/v1/tokens', { ...base, template_id: 'ERC20', symbol: 'PLN' }, 409, 'DUPLICATE_EXTERNAL_ID');
    await bad(
      'POST',
      '/v1/tokens',
      { ...base, template_id: 'ERC20', admin_wallet_id: '00000000-0000-4000-8000-000000000000' },
      404,
      'VAULT_NOT_FOUND',
    );
    const ops = `/v1/tokens/${tokens.plain.id}/operations`;
    await bad('POST', ops, { operation: 'MINT', params: { to: allowed, amount: 'lots' } }, 400, 'INVALID_AMOUNT');
    await bad('POST', ops, { operation: 'MINT', params: { to: allowed, amount: '0' } }, 400, 'INVALID_AMOUNT');
    await bad('POST', ops, { operation: 'MINT', params: { to: '0x12', amount: '1' } }, 400, 'INVALID_ADDRESS');
    // One letter of an EIP-55 address in the wrong case (the checksum's own example): a typo, not an address.
    await bad(
      'POST',
      ops,
      { operation: 'MINT', params: { to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', amount: '1' } },
      400,
      'INVALID_ADDRESS',
    );
    await bad('POST', ops, { operation: 'MINT', params: { to: allowed, amount: '1', extra: 1 } }, 400, 'VALIDATION');
    await bad('POST', ops, { operation: 'FREEZE', params: { account: allowed } }, 400, 'VALIDATION');
    await bad('POST', ops, { operation: 'GRANT_ROLE', params: { role: 'KING', account: allowed } }, 400, 'VALIDATION');
    await bad('POST', ops, { operation: 'DEPLOY_TOKEN', params: {} }, 400, 'VALIDATION');
    await bad(
      'POST',
      '/v1/tokens/00000000-0000-4000-8000-000000000000/operations',
      { operation: 'PAUSE', params: {} },
      404,
      'VAULT_NOT_FOUND',
    );
    await bad('DELETE', `/v1/tokens/${tokens.perm.id}/allowlist/nope`, undefined, 400, 'INVALID_ADDRESS');
    const list = await api.call('GET', '/v1/tokens', { key: operator });
    expect(list.body.tokens).toHaveLength(2);
  });

  it('records every operation in the audit log and emits its events', async () => {
    const audit = await tenantAuditRecords(stack.store, tenantId, 1000);
    const completed = audit
      .filter((r) => r.action === 'token.operation.completed')
      .map((r) => (r.change as { operation: string }).operation);
    expect(new Set(completed)).toEqual(
      new Set([
        'ALLOWLIST_ADD',
        'ALLOWLIST_REMOVE',
        'MINT',
        'PAUSE',
        'UNPAUSE',
        'FREEZE',
        'GRANT_ROLE',
        'REVOKE_ROLE',
        'BURN',
      ]),
    );
    expect(audit.filter((r) => r.action === 'token.deployed')).toHaveLength(2);
    expect(audit.filter((r) => r.action === 'token.created')).toHaveLength(2);
    expect(
      audit
        .filter((r) => r.action === 'token.operation.failed')
        .map((r) => (r.change as { operation: string }).operation),
    ).toEqual(['TRANSFER']);
    const events = await tenantEvents(stack.store, tenantId, 1000);
    expect(
      events
        .filter((e) => e.type === 'token.deployed')
        .map((e) => (e.data as { token_id: string }).token_id)
        .sort(),
    ).toEqual([tokens.plain.id, tokens.perm.id].sort());
    const opEvents = events
      .filter((e) => e.type === 'token.operation.completed')
      .map((e) => (e.data as { operation: string }).operation);
    expect(new Set(opEvents)).toEqual(new Set(completed));
    const pause = events.find(
      (e) => e.type === 'token.operation.completed' && (e.data as { operation: string }).operation === 'PAUSE',
    );
    expect(pause!.data).toMatchObject({ token_id: tokens.plain.id, token_status: 'PAUSED' });
    const created = events.filter(
      (e) => e.type === 'transaction.created' && (e.data as { operation: string }).operation === 'MINT',
    );
    expect(created[0]!.data).toMatchObject({
      token_id: tokens.perm.id,
      amount: '1000',
      destination_addr: holder.address,
    });
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
  });

  it('a rejected deployment ends the token DEPLOYMENT_FAILED, frees its symbol and says so', async () => {
    const body = {
      template_id: 'ERC20',
      name: 'Gone',
      symbol: 'GONE',
      decimals: 2,
      admin_vault_account_id: vaultId,
      admin_wallet_id: adminWallet.id,
      approval_policy_id: policyId,
    };
    const res = await api.call('POST', '/v1/tokens', { key: operator, body });
    expect(res.status).toBe(202);
    expect((await settle(res.body.transaction.id)).status).toBe('PENDING_AUTHORIZATION');
    expect(
      (
        await api.call('POST', `/v1/transactions/${res.body.transaction.id}/reject`, {
          key: approvers[0]!,
          body: { reason: 'not now' },
        })
      ).status,
    ).toBe(200);
    expect((await api.call('GET', `/v1/tokens/${res.body.token.id}`, { key: operator })).body).toMatchObject({
      status: 'DEPLOYMENT_FAILED',
      contractAddress: null,
      assetId: null,
    });
    expect(
      (
        await api.call('POST', `/v1/tokens/${res.body.token.id}/operations`, {
          key: operator,
          body: { operation: 'PAUSE', params: {} },
        })
      ).status,
    ).toBe(409);
    const events = await tenantEvents(stack.store, tenantId, 1000);
    expect(events.find((e) => e.type === 'token.deployment_failed')!.data).toMatchObject({
      token_id: res.body.token.id,
      transaction_id: res.body.transaction.id,
      status: 'REJECTED',
    });
    expect((await api.call('POST', '/v1/tokens', { key: operator, body })).status).toBe(202);
  });
});

describe("the admin vault's policies always decide a token's transactions", () => {
  const huge = '1000000000000000000000000000000';
  async function policy(vault: string, name: string, rules: unknown[]) {
    const res = await api.call('POST', '/v1/policies', { key: admin, body: { vault_id: vault, name, rules } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  it('refuses an approval_policy_id of another vault (400 1100) and stores nothing', async () => {
    const elsewhere = (await createVault(api, admin)).id;
    const lax = await policy(elsewhere, 'lax elsewhere', [{ type: 'MAX_AMOUNT', value: huge }]);
    const body = {
      template_id: 'ERC20',
      name: 'Escape',
      symbol: 'ESC',
      decimals: 0,
      admin_vault_account_id: vaultId,
      admin_wallet_id: adminWallet.id,
      approval_policy_id: lax,
    };
    const before = (await api.call('GET', '/v1/tokens?limit=200', { key: operator })).body.tokens.length;
    const res = await api.call('POST', '/v1/tokens', { key: operator, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1100, type: 'VALIDATION', details: { field: 'approval_policy_id' } });
    expect((await api.call('GET', '/v1/tokens?limit=200', { key: operator })).body.tokens).toHaveLength(before);
    // The symbol was not reserved: the same token under the admin vault's own policies is accepted.
    const { approval_policy_id: _named, ...own } = body;
    const ok = await api.call('POST', '/v1/tokens', { key: operator, body: own });
    expect(ok.status, JSON.stringify(ok.body)).toBe(202);
    expect((await settle(ok.body.transaction.id)).status).toBe('PENDING_AUTHORIZATION');
    expect(
      (
        await api.call('POST', `/v1/transactions/${ok.body.transaction.id}/reject`, {
          key: approvers[0]!,
          body: { reason: 'test' },
        })
      ).status,
    ).toBe(200);
  });

  it("applies the admin vault's policies beside a permissive approval policy of that vault: the deployment still needs 2 approvals", async () => {
    const lax = await policy(vaultId, 'lax token policy', [{ type: 'MAX_AMOUNT', value: huge }]);
    try {
      const res = await api.call('POST', '/v1/tokens', {
        key: operator,
        body: {
          template_id: 'ERC20',
          name: 'Lax',
          symbol: 'LAX',
          decimals: 0,
          admin_vault_account_id: vaultId,
          admin_wallet_id: adminWallet.id,
          approval_policy_id: lax,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.token.approvalPolicyId).toBe(lax);
      expect(res.body.transaction.policyDecision).toMatchObject({ outcome: 'require_approval', approvalsRequired: 2 });
      expect((await settle(res.body.transaction.id)).status).toBe('PENDING_AUTHORIZATION');
      expect(
        (
          await api.call('POST', `/v1/transactions/${res.body.transaction.id}/reject`, {
            key: approvers[0]!,
            body: { reason: 'test' },
          })
        ).status,
      ).toBe(200);
    } finally {
      expect((await api.call('DELETE', `/v1/policies/${lax}`, { key: admin })).status).toBe(204);
    }
  });

  it("lets a token stored naming another vault's policy only add requirements: MINT keeps the vault's 2 approvals, PAUSE gains 1", async () => {
    const elsewhere = (await createVault(api, admin)).id;
    const pauseNeedsOne = await policy(elsewhere, 'pause needs one', [
      { type: 'REQUIRE_APPROVAL', value: '1', operations: ['PAUSE'] },
    ]);
    // A token created before approval_policy_id had to name a policy of the admin vault.
    await stack.store.write([
      { op: 'update', key: keys.token(tenantId, tokens.plain.id), set: { approval_policy_id: pauseNeedsOne } },
    ]);
    const decision = async (op: string, params: Record<string, unknown>) =>
      (await getTx(await operation(tokens.plain.id, op, params))).policyDecision;
    expect(await decision('MINT', { to: holder.address, amount: '1' })).toMatchObject({
      outcome: 'require_approval',
      approvalsRequired: 2,
    });
    expect(await decision('PAUSE', {})).toMatchObject({ outcome: 'require_approval', approvalsRequired: 1 });
  });
});
