import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateNonce,
  EMPTY_NONCE_STATE,
  releaseNonce,
  type NonceState,
} from '../../shared/domain/transactions/wallet-nonce.js';

/**
 * The wallet's nonce rule against a model of the chain: transactions are submitted (a nonce is allocated), cancelled
 * or failed before broadcast (the nonce is released), broadcast into the node's pool, mined in nonce order, and the
 * wallet is also used outside the service. Whatever the interleaving, a nonce the chain holds (mined or pooled) or a
 * live transaction holds is never handed out again, and once everything settles (the transfers still pending are
 * broadcast and new ones submitted while released nonces remain) nothing is left stuck in the pool behind a gap.
 */
type Tx = { nonce: number; status: 'pending' | 'sent' | 'mined' | 'ended' };

class Model {
  state: NonceState = EMPTY_NONCE_STATE;
  mined = 0; // the chain's nonce: every nonce below it is used
  pool = new Set<number>();
  txs: Tx[] = [];

  /** The node's pending nonce: the chain's nonce plus the pooled transactions that follow it without a gap. */
  pending() {
    let n = this.mined;
    while (this.pool.has(n)) n++;
    return n;
  }
  submit() {
    const chainPending = this.pending();
    const { nonce, state } = allocateNonce(this.state, chainPending);
    expect(nonce).toBeGreaterThanOrEqual(chainPending); // not on the chain, not in the pool
    expect(this.txs.some((t) => t.nonce === nonce && t.status !== 'ended')).toBe(false); // no live holder
    this.state = state;
    this.txs.push({ nonce, status: 'pending' });
  }
  /** Cancel or fail before broadcast: the nonce goes back (stageTransition does this in the same write). */
  end(i: number) {
    const t = this.txs[i % this.txs.length];
    if (t?.status !== 'pending') return;
    t.status = 'ended';
    this.state = releaseNonce(this.state, t.nonce);
  }
  broadcast(i: number) {
    const t = this.txs[i % this.txs.length];
    if (t?.status !== 'pending') return;
    if (t.nonce < this.mined || this.pool.has(t.nonce))
      t.status = 'ended'; // nonce too low: FAILED after broadcast
    else {
      t.status = 'sent';
      this.pool.add(t.nonce);
    }
  }
  mine() {
    while (this.pool.has(this.mined)) {
      this.pool.delete(this.mined);
      for (const t of this.txs) if (t.status === 'sent' && t.nonce === this.mined) t.status = 'mined';
      this.mined++;
    }
  }
  /** A transfer sent from the wallet outside the service takes the node's next nonce. */
  external() {
    const n = this.pending();
    this.pool.add(n);
    this.mine();
  }
  settle() {
    for (let i = 0; i < this.txs.length; i++) this.broadcast(i);
    this.mine();
    for (let guard = 0; this.state.released.some((n) => n >= this.pending()) && guard < 1000; guard++) {
      this.submit();
      this.broadcast(this.txs.length - 1);
      this.mine();
    }
  }
}

const op = fc.oneof(
  fc.constant({ kind: 'submit' as const, i: 0 }),
  fc.record({ kind: fc.constant('end' as const), i: fc.nat(50) }),
  fc.record({ kind: fc.constant('broadcast' as const), i: fc.nat(50) }),
  fc.constant({ kind: 'mine' as const, i: 0 }),
  fc.constant({ kind: 'external' as const, i: 0 }),
);

describe('wallet nonces', () => {
  it('reuses the lowest released nonce first, else max(pending nonce, highest + 1)', () => {
    expect(allocateNonce({ next: 5, released: [3, 1] }, 0)).toEqual({ nonce: 1, state: { next: 5, released: [3] } });
    expect(allocateNonce({ next: 5, released: [] }, 2)).toEqual({ nonce: 5, state: { next: 6, released: [] } });
    expect(allocateNonce({ next: 5, released: [] }, 9)).toEqual({ nonce: 9, state: { next: 10, released: [] } });
  });

  it('drops a released nonce the chain has passed (something else used it)', () => {
    expect(allocateNonce({ next: 5, released: [1, 2] }, 3)).toEqual({ nonce: 5, state: { next: 6, released: [] } });
  });

  it('releases a nonce once, and never one above those handed out', () => {
    expect(releaseNonce({ next: 3, released: [1] }, 1)).toEqual({ next: 3, released: [1] });
    expect(releaseNonce({ next: 3, released: [] }, 7)).toEqual({ next: 3, released: [] });
  });

  it('never hands out a nonce in use and never jams, over any interleaving', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const m = new Model();
        for (const o of ops) {
          if (o.kind === 'submit') m.submit();
          else if (o.kind === 'end') m.end(o.i);
          else if (o.kind === 'broadcast') m.broadcast(o.i);
          else if (o.kind === 'mine') m.mine();
          else m.external();
        }
        m.settle();
        expect([...m.pool]).toEqual([]); // nothing waits behind a gap
        expect(m.txs.filter((t) => t.status === 'sent')).toEqual([]);
        // Every mined nonce of ours was mined once.
        const mined = m.txs.filter((t) => t.status === 'mined').map((t) => t.nonce);
        expect(new Set(mined).size).toBe(mined.length);
      }),
      { numRuns: 500 },
    );
  });
});
