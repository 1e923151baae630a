import { describe, expect, it } from 'vitest';
import { decideConfirmation } from '../../shared/domain/transactions/confirm.js';
import type { TransactionReceipt } from '../../shared/ports/chain.js';
import { transactionRecord } from '../support/transaction-record.js';

/** What one receipt means for a CONFIRMING transaction (the chain poller's decision, pure). */
const now = new Date('2026-03-01T12:00:00.000Z');
const H1 = `0x${'11'.repeat(32)}`;
const H2 = `0x${'22'.repeat(32)}`;
const receipt = (over: Partial<TransactionReceipt> = {}): TransactionReceipt => ({
  transactionHash: `0x${'ab'.repeat(32)}`,
  blockNumber: 10,
  blockHash: H1,
  status: 'success',
  gasUsed: 21_000n,
  effectiveGasPrice: 2_000_000_000n,
  contractAddress: null,
  logs: [],
  ...over,
});
const confirming = (over = {}) => transactionRecord('CONFIRMING', { chainTxHash: `0x${'ab'.repeat(32)}`, ...over });

describe('decideConfirmation', () => {
  it('waits while there is no receipt and none was seen', () => {
    expect(decideConfirmation(confirming(), null, 12, 1, now)).toEqual({ kind: 'none' });
  });

  it('records block, confirmations and the actual fee below the depth; nothing when nothing changed', () => {
    const d = decideConfirmation(confirming(), receipt(), 11, 3, now);
    expect(d).toEqual({
      kind: 'update',
      changes: { blockNumber: 10, blockHash: H1, confirmations: 2, fee: '42000000000000' },
    });
    expect(
      decideConfirmation(
        confirming({ blockNumber: 10, blockHash: H1, confirmations: 2, fee: '42000000000000' }),
        receipt(),
        11,
        3,
        now,
      ),
    ).toEqual({ kind: 'none' });
  });

  it('completes at the depth (its own block counts as one)', () => {
    expect(decideConfirmation(confirming(), receipt(), 10, 1, now)).toEqual({
      kind: 'completed',
      changes: {
        blockNumber: 10,
        blockHash: H1,
        confirmations: 1,
        fee: '42000000000000',
        confirmedAt: now.toISOString(),
      },
    });
    expect(decideConfirmation(confirming(), receipt(), 21, 12, now).kind).toBe('completed');
    expect(decideConfirmation(confirming(), receipt(), 20, 12, now).kind).toBe('update');
  });

  it('fails a reverted receipt with the block in the reason, recording the fee spent', () => {
    const d = decideConfirmation(confirming(), receipt({ status: 'reverted' }), 10, 12, now);
    expect(d).toMatchObject({
      kind: 'reverted',
      changes: { failureReason: 'reverted on chain in block 10', fee: '42000000000000', blockNumber: 10 },
    });
  });

  it('calls a receipt in another block, or a vanished one that was seen, a reorg', () => {
    const seen = confirming({ blockNumber: 10, blockHash: H1, confirmations: 1 });
    const moved = decideConfirmation(seen, receipt({ blockHash: H2, blockNumber: 11 }), 11, 3, now);
    expect(moved).toEqual({
      kind: 'reorged',
      reason: `reorg: the receipt moved from block 10 (${H1}) to 11 (${H2})`,
      changes: { blockNumber: null, blockHash: null, confirmations: null },
    });
    expect(decideConfirmation(seen, null, 11, 3, now)).toMatchObject({
      kind: 'reorged',
      reason: `reorg: block 10 (${H1}) no longer holds the transaction`,
    });
  });
});
