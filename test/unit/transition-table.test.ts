import { describe, expect, it } from 'vitest';
import {
  BEFORE_BROADCAST,
  REPLACEABLE,
  STATUSES,
  TERMINAL,
  TRANSITIONS,
  canTransition,
  type Trigger,
  type TxStatus,
} from '../../shared/domain/transactions/transition-table.js';
import { AUTOMATIC } from '../../shared/domain/transactions/steps/index.js';

/** Each test names one rule of the lifecycle (docs/transactions.md, "Lifecycle") and fails when the table breaks it. */
const next = (s: TxStatus) => Object.keys(TRANSITIONS[s]) as TxStatus[];
function reachable(from: TxStatus): Set<TxStatus> {
  const seen = new Set<TxStatus>([from]);
  const todo = [from];
  while (todo.length) {
    for (const n of next(todo.pop()!)) {
      if (!seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return seen;
}
const into = (to: TxStatus) => STATUSES.filter((s) => TRANSITIONS[s][to]);
const triggersInto = (to: TxStatus) => new Set(STATUSES.flatMap((s) => TRANSITIONS[s][to] ?? []));

describe('transition table', () => {
  it('has exactly the terminal statuses COMPLETED, REJECTED, BLOCKED, FAILED and CANCELLED', () => {
    expect([...TERMINAL].sort()).toEqual(['BLOCKED', 'CANCELLED', 'COMPLETED', 'FAILED', 'REJECTED']);
  });

  it('reaches every status from SUBMITTED, and a terminal status from every status (nothing dead, nothing stuck)', () => {
    expect([...reachable('SUBMITTED')].sort()).toEqual([...STATUSES].sort());
    for (const s of STATUSES)
      expect(
        [...reachable(s)].some((r) => TERMINAL.has(r)),
        s,
      ).toBe(true);
  });

  it('allows cancel from SUBMITTED up to PENDING_SIGNATURE and nowhere after', () => {
    const cancellable = STATUSES.filter((s) => canTransition(s, 'CANCELLED', 'cancel'));
    expect(cancellable).toEqual([
      'SUBMITTED',
      'QUEUED',
      'PENDING_AML_SCREENING',
      'PENDING_AUTHORIZATION',
      'APPROVED',
      'PENDING_SIGNATURE',
    ]);
    expect([...triggersInto('CANCELLED')]).toEqual(['cancel', 'chain']);
  });

  it('cancels after broadcast only when the chain says so, from CONFIRMING, and replaces only where a node may hold the transaction', () => {
    expect(STATUSES.filter((s) => canTransition(s, 'CANCELLED', 'chain'))).toEqual(['CONFIRMING']);
    expect([...REPLACEABLE]).toEqual(['BROADCASTING', 'CONFIRMING']);
    expect(STATUSES.filter((s) => Object.values(TRANSITIONS[s]).some((ts) => ts!.includes('replacement')))).toEqual([
      'CONFIRMING',
    ]);
  });

  it('reaches PENDING_SIGNATURE from SUBMITTED only through APPROVED', () => {
    expect(into('PENDING_SIGNATURE')).toEqual(['APPROVED']);
    expect(into('APPROVED').sort()).toEqual(['PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION', 'QUEUED']);
  });

  it('lets people decide only on a transaction waiting for authorization, and only they move it on', () => {
    const human: Trigger[] = ['approval', 'rejection', 'expiry'];
    for (const s of STATUSES)
      for (const [to, ts] of Object.entries(TRANSITIONS[s]))
        if (ts!.some((t) => human.includes(t))) expect(`${s}->${to}`).toMatch(/^PENDING_AUTHORIZATION->/);
    const forward = Object.entries(TRANSITIONS.PENDING_AUTHORIZATION).filter(([to]) => !TERMINAL.has(to as TxStatus));
    expect(forward).toEqual([['APPROVED', ['approval']]]);
  });

  it('blocks only by screening, from PENDING_AML_SCREENING', () => {
    expect(into('BLOCKED')).toEqual(['PENDING_AML_SCREENING']);
    expect([...triggersInto('BLOCKED')]).toEqual(['screening']);
  });

  it('completes only from CONFIRMING, by the chain', () => {
    expect(into('COMPLETED')).toEqual(['CONFIRMING']);
    expect([...triggersInto('COMPLETED')]).toEqual(['chain']);
  });

  it('goes back from CONFIRMING only to BROADCASTING, by the chain (a reorg) or a signed replacement, and broadcasts only from SIGNED or those', () => {
    expect(into('BROADCASTING').sort()).toEqual(['CONFIRMING', 'SIGNED']);
    expect(TRANSITIONS.CONFIRMING.BROADCASTING).toEqual(['chain', 'replacement']);
    expect(TRANSITIONS.SIGNED.BROADCASTING).toEqual(['broadcast']);
    expect(into('CONFIRMING')).toEqual(['BROADCASTING']);
  });

  it("ends by a callback signer's refusal only a transaction waiting for its signature, and only as FAILED", () => {
    const byRefusal = STATUSES.flatMap((s) =>
      Object.entries(TRANSITIONS[s])
        .filter(([, ts]) => ts!.includes('refusal'))
        .map(([to]) => `${s}->${to}`),
    );
    expect(byRefusal).toEqual(['PENDING_SIGNATURE->FAILED']);
  });

  it('lets every non-terminal status fail', () => {
    for (const s of STATUSES) if (!TERMINAL.has(s)) expect(canTransition(s, 'FAILED', 'failure'), s).toBe(true);
  });

  it('moves by the worker, screening or broadcast exactly the statuses that have a registered step (and PENDING_SIGNATURE: the push signer)', () => {
    for (const s of STATUSES) {
      const byWorker = Object.values(TRANSITIONS[s]).some(
        (t) => t?.includes('worker') || t?.includes('screening') || t?.includes('broadcast'),
      );
      expect(byWorker || s === 'PENDING_SIGNATURE', s).toBe(AUTOMATIC.has(s));
    }
  });

  it('counts as "before broadcast" (reservations released when it ends) exactly the statuses before BROADCASTING', () => {
    const afterBroadcast = reachable('BROADCASTING');
    const before = STATUSES.filter((s) => !afterBroadcast.has(s) && !TERMINAL.has(s));
    expect([...BEFORE_BROADCAST].sort()).toEqual(before.sort());
  });
});
