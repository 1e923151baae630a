import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import {
  decodeSignedTxItem,
  decodeTransaction,
  signedTxItem,
  transactionItem,
} from '../../shared/domain/transactions/transaction-item.js';
import { transactionView } from '../../shared/domain/transactions/transaction-view.js';
import { STATUSES, TERMINAL } from '../../shared/domain/transactions/transition-table.js';
import { plainNativeTransfer, sampleTransaction } from '../support/sample-transaction.js';
import { dynamoItemBytes } from '../../bench/support/item-size.js';

const at = '2026-11-21T10:00:00.000Z';
/** A plain native transfer as POST /v1/transactions stores it with no policy (and no gas limit yet). */
const plain = (): TransactionRecord => plainNativeTransfer({ gasLimit: null });
/** Every field that is optional somewhere set, or set to what the storage leaves out. */
const variants = (): TransactionRecord[] => {
  const t = sampleTransaction();
  const signed = {
    ...t,
    status: 'CONFIRMING',
    nonce: 4,
    chainId: 20803,
    unsignedTx: '0x50c0',
    digest: `0x${'11'.repeat(32)}`,
    to: t.destinationAddr,
    data: '0x',
    signedTx: '0x50c1',
    chainTxHash: `0x${'22'.repeat(32)}`,
    updatedAt: '2026-11-21T10:01:00.000Z',
  } as const;
  return [
    plain(),
    t,
    signed,
    // `to`/`data` other than the chain call (stored as they are, an explicit null included).
    { ...signed, to: null, data: '0xdeadbeef' },
    // before the unsigned encoding, `to`/`data` set anyway.
    { ...t, to: '0x00000000000000000000000000000000000000aa', data: '0x' },
    // a deployment: no destination, a contract call with no `to`.
    {
      ...t,
      operation: 'DEPLOY_TOKEN',
      tokenId: 'tok-1',
      destinationAddr: null,
      contractCall: { to: null, data: '0x6080' },
      unsignedTx: '0x50c0',
      to: null,
      data: '0x6080',
    },
    // a reservation of another amount than the transaction's; a decision evaluated at another time.
    {
      ...t,
      reservations: [
        { counterId: 'c-1', amount: '7' },
        { counterId: 'c-2', amount: t.amount },
      ],
      policyDecision: { ...t.policyDecision, evaluatedAt: '2026-11-21T09:59:59.000Z' },
    },
    {
      ...t,
      approvals: [{ userId: 'u-1', keyId: 'k-1', decision: 'rejected', compliance: true, reason: null, decidedAt: at }],
      screening: { provider: 'builtin', result: 'flagged', reason: null, checkedAt: at },
      metadata: {},
      contractAddress: '0x00000000000000000000000000000000000000bb',
      failureReason: 'nonce too low',
      failureCode: 'nonce_too_low',
    },
    // a sub-status other than the status's default.
    { ...signed, subStatus: 'DROPPED_FROM_POOL' },
  ];
};

describe('the stored transaction item', () => {
  it('reads back as the record it was written from, whatever it omitted, but for its signed encoding', () => {
    for (const t of variants()) {
      expect(decodeTransaction(transactionItem(t))).toEqual({ ...t, signedTx: null });
      expect(transactionView(decodeTransaction(transactionItem(t)))).toEqual(transactionView(t));
    }
  });

  it('keeps the signed encoding in an item of its own beside it, as bytes', () => {
    const t = { ...variants()[2]!, signedTx: `0x50${'ab'.repeat(5000)}` };
    expect(transactionItem(t)).not.toHaveProperty('signed_tx');
    expect(dynamoItemBytes(transactionItem(t))).toBeLessThan(2048);
    const own = signedTxItem(t.tenantId, t.id, t.signedTx);
    expect(own).toMatchObject({ pk: transactionItem(t).pk, sk: 'SIGNED', entity: 'signed_tx' });
    expect(own.raw).toBeInstanceOf(Uint8Array);
    expect(decodeSignedTxItem(own)).toBe(t.signedTx);
    expect(decodeSignedTxItem(undefined)).toBeNull();
    expect(() => decodeSignedTxItem({ ...own, raw: 7 })).toThrow(/raw/);
  });

  it('reads the signed encoding of an item written when the item held it', () => {
    const t = variants()[2]!;
    const before = { ...transactionItem(t), signed_tx: new Uint8Array([0x50, 0xc1]) };
    expect(decodeTransaction(before).signedTx).toBe('0x50c1');
  });

  it("shows the status's default sub-status, a named one while open, and none once terminal", () => {
    expect(transactionView(plain()).subStatus).toBe('AWAITING_PROCESSING');
    expect(transactionView({ ...plain(), status: 'CONFIRMING' }).subStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(transactionView({ ...plain(), status: 'CONFIRMING', subStatus: 'DROPPED_FROM_POOL' }).subStatus).toBe(
      'DROPPED_FROM_POOL',
    );
    for (const s of TERMINAL)
      expect(transactionView({ ...plain(), status: s, subStatus: 'NONCE_GAP' }).subStatus).toBeNull();
    for (const s of STATUSES.filter((x) => !TERMINAL.has(x)))
      expect(transactionView({ ...plain(), status: s }).subStatus).not.toBeNull();
  });

  it('stores no null, no empty list or map, nothing another attribute says', () => {
    const item = transactionItem(plain());
    const empty = (v: unknown): boolean =>
      v === null ||
      (Array.isArray(v) && (v.length === 0 || v.some(empty))) ||
      (typeof v === 'object' && v !== null && (Object.keys(v).length === 0 || Object.values(v).some(empty)));
    expect(Object.entries(item).filter(([, v]) => empty(v))).toEqual([]);
    expect(item).not.toHaveProperty('operation');
    expect(item).not.toHaveProperty('updated_at');
    expect(item).not.toHaveProperty('to');
    expect(item).not.toHaveProperty('data');
    expect(item.policy_decision).toEqual({ outcome: 'allow', approvals: 0 });
  });

  it('is under 1 KiB for a plain native transfer (one write unit)', () => {
    expect(dynamoItemBytes(transactionItem(plain()))).toBeLessThan(1024);
  });

  it('has two index entries at submission, which the steps up to an ending do not move', () => {
    const indexKeys = (t: TransactionRecord) =>
      Object.fromEntries(Object.entries(transactionItem(t)).filter(([k]) => /^gsi\dpk$/.test(k)));
    const t = plain();
    const submitted = indexKeys(t);
    expect(Object.keys(submitted).sort()).toEqual(['gsi2pk', 'gsi3pk']);
    for (const status of STATUSES.filter((s) => !TERMINAL.has(s) && s !== 'CONFIRMING' && s !== 'APPROVED'))
      expect(indexKeys({ ...t, status })).toEqual(submitted);
    // APPROVED adds its wallet's work list entry (the nonce pass's), CONFIRMING the chain poller's platform-wide one,
    // each without moving the other two; an ending, COMPLETED included, moves to its own list.
    const approved = indexKeys({ ...t, status: 'APPROVED' });
    expect(approved).toEqual({ ...submitted, gsi5pk: `TENANT#${t.tenantId}#TXAPPROVED#${t.sourceWalletId}` });
    expect(Object.keys(indexKeys({ ...plain(), status: 'CONFIRMING' })).sort()).toEqual(['gsi2pk', 'gsi3pk', 'gsi5pk']);
    for (const status of STATUSES.filter((s) => TERMINAL.has(s))) {
      expect(Object.keys(indexKeys({ ...t, status })).sort()).toEqual(['gsi2pk', 'gsi3pk']);
      expect(indexKeys({ ...t, status }).gsi2pk).not.toEqual(submitted.gsi2pk);
    }
    expect(
      new Set(STATUSES.filter((s) => TERMINAL.has(s)).map((status) => indexKeys({ ...t, status }).gsi2pk)).size,
    ).toBe(TERMINAL.size);
  });
});

describe('decoding a stored transaction item', () => {
  const t = variants()[2]!;
  /** The item of `t` with `change` applied to it (a copy, nested maps included). */
  const broken = (change: (item: Record<string, any>) => void) => {
    const item = structuredClone(transactionItem(t)) as Record<string, any>;
    change(item);
    return item;
  };
  const key = `TENANT#${t.tenantId}#TX#${t.id} TX`;
  const refused = (item: Record<string, unknown>, field: string) =>
    expect(() => decodeTransaction(item)).toThrow(
      expect.objectContaining({
        name: 'MalformedItemError',
        kind: 'transaction',
        key,
        message: expect.stringContaining(`malformed transaction item (${key}): ${field}:`),
      }),
    );

  it('refuses an item that lacks a field every transaction has', () => {
    refused(
      broken((i) => delete i.amount),
      'amount',
    );
    refused(
      broken((i) => delete i.version),
      'version',
    );
    refused(
      broken((i) => delete i.policy_decision),
      'policy_decision',
    );
  });

  it('refuses a field of the wrong type or outside its values, naming nested ones by their path', () => {
    refused(
      broken((i) => (i.nonce = '4')),
      'nonce',
    );
    refused(
      broken((i) => (i.status = 'LOST')),
      'status',
    );
    refused(
      broken((i) => (i.policy_decision.approvals = '1')),
      'policy_decision.approvals',
    );
    refused(
      broken((i) => (i.metadata = { a: 1 })),
      'metadata.a',
    );
    refused(
      broken((i) => (i.replacements = [{ reason: 'SPEED_UP', status: 'SENT' }])),
      'replacements[0].status',
    );
    refused(
      broken((i) => (i.reservations = [7])),
      'reservations[0]',
    );
  });

  it('refuses an item whose keys are not a transaction of a vault, naming its key', () => {
    expect(() => decodeTransaction(broken((i) => delete i.gsi3pk))).toThrow(
      `not a transaction item: TENANT#${t.tenantId}#TX#${t.id}`,
    );
  });
});
