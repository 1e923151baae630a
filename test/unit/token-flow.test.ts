import { describe, expect, it } from 'vitest';
import { evaluate, type TransferFacts } from '../../shared/domain/policies/policy-engine.js';
import { chainCall, isTokenTransfer } from '../../shared/domain/transactions/chain-call.js';
import { decideConfirmation } from '../../shared/domain/transactions/confirm.js';
import { operationCounterparty } from '../../shared/domain/tokens/operations.js';
import { transactionRecord } from '../support/transaction-record.js';
import { CreatePolicyBody as PolicyInput } from '../../shared/schemas/policies.js';

/** Tokens (Beta) in the transaction path: what the policy engine, the chain call and confirmation make of them. */
const facts = (over: Partial<TransferFacts> = {}): TransferFacts => ({
  amount: 0n,
  destination: null,
  assetId: 'tok',
  walletId: 'w',
  vaultId: 'v',
  operation: 'TRANSFER',
  ...over,
});
const NOW = new Date('2026-03-01T12:00:00Z');
const none = () => 0n;

describe('policies for token operations', () => {
  const policies = [
    {
      id: 'p',
      rules: [
        { type: 'REQUIRE_APPROVAL' as const, value: '2', operations: ['DEPLOY_TOKEN' as const, 'MINT' as const] },
      ],
    },
  ];

  it('asks approvals only for the operations a REQUIRE_APPROVAL rule names', () => {
    expect(evaluate(policies, facts({ operation: 'MINT', amount: 5n }), NOW, none)).toMatchObject({
      outcome: 'require_approval',
      approvals: 2,
    });
    expect(evaluate(policies, facts({ operation: 'DEPLOY_TOKEN' }), NOW, none)).toMatchObject({
      outcome: 'require_approval',
      reasons: [expect.stringContaining('for DEPLOY_TOKEN')],
    });
    expect(evaluate(policies, facts({ operation: 'PAUSE' }), NOW, none)).toMatchObject({ outcome: 'allow' });
    expect(
      evaluate(policies, facts({ operation: undefined, amount: 1n, destination: '0x' + 'aa'.repeat(20) }), NOW, none),
    ).toMatchObject({ outcome: 'allow' });
    // Without `operations`, every operation, as before.
    expect(
      evaluate(
        [{ id: 'p', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] }],
        facts({ operation: 'PAUSE' }),
        NOW,
        none,
      ),
    ).toMatchObject({ outcome: 'require_approval' });
  });

  it("counts MINT amounts against MAX_AMOUNT and DAILY_LIMIT in the token's units, and skips address rules without a counterparty", () => {
    expect(
      evaluate(
        [{ id: 'p', rules: [{ type: 'MAX_AMOUNT', value: '100' }] }],
        facts({ operation: 'MINT', amount: 101n }),
        NOW,
        none,
      ),
    ).toMatchObject({ outcome: 'deny' });
    const daily = [
      { id: 'p', rules: [{ type: 'DAILY_LIMIT' as const, value: '100', scope: 'vault' as const, time_zone: 'UTC' }] },
    ];
    expect(evaluate(daily, facts({ operation: 'BURN', amount: 60n }), NOW, () => 50n)).toMatchObject({
      outcome: 'deny',
    });
    expect(evaluate(daily, facts({ operation: 'BURN', amount: 50n }), NOW, () => 50n)).toMatchObject({
      outcome: 'allow',
      reservations: [expect.anything()],
    });
    const whitelist = [
      { id: 'p', rules: [{ type: 'WHITELIST_ADDRESS' as const, addresses: ['0x' + 'bb'.repeat(20)] }] },
    ];
    expect(evaluate(whitelist, facts({ operation: 'PAUSE', destination: null }), NOW, none)).toMatchObject({
      outcome: 'allow',
    });
    expect(
      evaluate(whitelist, facts({ operation: 'MINT', amount: 1n, destination: '0x' + 'cc'.repeat(20) }), NOW, none),
    ).toMatchObject({ outcome: 'deny' });
  });

  it('accepts `operations` on REQUIRE_APPROVAL and refuses unknown ones', () => {
    expect(
      PolicyInput().safeParse({
        vault_id: '0190a0a0-0000-7000-8000-0000000000aa',
        name: 'n',
        rules: [{ type: 'REQUIRE_APPROVAL', value: '2', operations: ['MINT', 'MINT'] }],
      }).data?.rules[0],
    ).toEqual({ type: 'REQUIRE_APPROVAL', value: '2', operations: ['MINT'] });
    expect(
      PolicyInput().safeParse({
        vault_id: '0190a0a0-0000-7000-8000-0000000000aa',
        name: 'n',
        rules: [{ type: 'REQUIRE_APPROVAL', value: '2', operations: ['MELT'] }],
      }).success,
    ).toBe(false);
  });
});

describe('the chain call of a transaction', () => {
  it('is a value transfer for a native transfer and a zero-value contract call otherwise (null `to`: a deployment)', () => {
    const native = transactionRecord('APPROVED', { destinationAddr: '0x' + 'AA'.repeat(20), amount: '7' });
    expect(chainCall(native)).toEqual({ to: '0x' + 'aa'.repeat(20), value: 7n, data: '0x' });
    expect(isTokenTransfer(native)).toBe(false);
    const erc20 = transactionRecord('APPROVED', {
      amount: '7',
      contractCall: { to: '0x' + 'CC'.repeat(20), data: '0xa9059cbb' },
    });
    expect(chainCall(erc20)).toEqual({ to: '0x' + 'cc'.repeat(20), value: 0n, data: '0xa9059cbb' });
    expect(isTokenTransfer(erc20)).toBe(true);
    const deploy = transactionRecord('APPROVED', {
      operation: 'DEPLOY_TOKEN',
      tokenId: 't',
      destinationAddr: null,
      amount: '1000',
      contractCall: { to: null, data: '0x6080' },
    });
    expect(chainCall(deploy)).toEqual({ to: null, value: 0n, data: '0x6080' });
    expect(isTokenTransfer(deploy)).toBe(false);
  });

  it('names the counterparty of an operation', () => {
    expect(operationCounterparty('MINT', { to: '0xAB' })).toBe('0xab');
    expect(operationCounterparty('FREEZE', { account: '0xCD' })).toBe('0xcd');
    expect(operationCounterparty('ALLOWLIST_ADD', { address: '0xEF' })).toBe('0xef');
    expect(operationCounterparty('PAUSE', {})).toBeNull();
  });
});

describe('confirmation of a deployment', () => {
  it("records the created contract's address from the receipt on COMPLETED", () => {
    const tx = transactionRecord('CONFIRMING', { operation: 'DEPLOY_TOKEN', chainTxHash: '0x01' });
    const receipt = {
      transactionHash: '0x01',
      blockNumber: 5,
      blockHash: '0xbb',
      status: 'success' as const,
      gasUsed: 1n,
      effectiveGasPrice: 1n,
      contractAddress: '0x' + 'DD'.repeat(20),
      logs: [],
    };
    expect(decideConfirmation(tx, receipt, 5, 1, NOW)).toMatchObject({
      kind: 'completed',
      changes: { contractAddress: '0x' + 'dd'.repeat(20) },
    });
    const plain = decideConfirmation(tx, { ...receipt, contractAddress: null }, 5, 1, NOW);
    expect(plain.kind === 'completed' && plain.changes).not.toHaveProperty('contractAddress');
  });
});
