import { describe, expect, it } from 'vitest';
import { STEPS, AUTOMATIC, isWait, stepFor, type Move } from '../../shared/domain/transactions/steps/index.js';
import { TERMINAL, canTransition, type TxStatus } from '../../shared/domain/transactions/transition-table.js';
import { parseEventData } from '../../shared/domain/events/catalog.js';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import { transactionRecord } from '../support/transaction-record.js';
import { FAILURE_CODES } from '../../shared/domain/transactions/sub-status.js';

/**
 * Every registered step against the transition table: each move a step declares is allowed by the table, and each
 * move it actually decides, for every case it declares and every kind of transaction, is one it declared (so also
 * allowed), with events of the catalog that it declared, whose data fits the catalog's schema.
 */
const now = new Date('2026-03-01T12:00:00.000Z');
const ctx = { now, approvalTtlSeconds: 600 };

const tx = (status: TxStatus, over: Partial<TransactionRecord> = {}) =>
  transactionRecord(status, { version: 3, ...over });

/** The kinds of transaction a step meets: plain, policy approvals required, already screened and flagged. */
const kinds = (status: TxStatus) => [
  tx(status),
  tx(status, {
    policyDecision: {
      outcome: 'require_approval',
      approvals: 2,
      reasons: ['REQUIRE_APPROVAL 2'],
      evaluatedAt: now.toISOString(),
      policyIds: ['pol_1'],
      checks: [],
    },
  }),
  tx(status, { screening: { provider: 'builtin', result: 'flagged', reason: 'review', checkedAt: now.toISOString() } }),
];

/** The moves decided (a `wait` decision writes nothing and is not a move). */
const decisions = (step: (typeof STEPS)[number]) =>
  step.cases
    .flatMap((facts) => kinds(step.status).map((t) => step.decide(t, facts, ctx)))
    .filter((d): d is Move => !isWait(d));

describe('transaction steps', () => {
  it('registers one step per status, none for a terminal or a waiting status', () => {
    expect(new Set(STEPS.map((s) => s.status)).size).toBe(STEPS.length);
    for (const s of STEPS) expect(TERMINAL.has(s.status)).toBe(false);
    expect(stepFor('PENDING_AUTHORIZATION')).toBeUndefined();
    expect([...AUTOMATIC]).toEqual(STEPS.map((s) => s.status));
  });

  for (const step of STEPS) {
    describe(step.status, () => {
      it('declares only moves the transition table allows', () => {
        expect(step.moves.length).toBeGreaterThan(0);
        for (const m of step.moves)
          expect(canTransition(step.status, m.to, m.trigger), `${step.status} -> ${m.to} by ${m.trigger}`).toBe(true);
      });

      it('decides, in every case, a move it declared (and so one the table allows)', () => {
        for (const move of decisions(step)) {
          expect(
            canTransition(step.status, move.to, move.trigger),
            `${step.status} -> ${move.to} by ${move.trigger}`,
          ).toBe(true);
          expect(step.moves).toContainEqual({ to: move.to, trigger: move.trigger });
          expect(move.changes?.status, 'the runner sets the status, not the step').toBeUndefined();
        }
      });

      it('makes every move it declares in some case (no dead declarations)', () => {
        const made = new Set(decisions(step).map((m) => `${m.to}/${m.trigger}`));
        expect([...made].sort()).toEqual(step.moves.map((m) => `${m.to}/${m.trigger}`).sort());
      });

      it('gives every move to FAILED a documented failure code', () => {
        for (const move of decisions(step).filter((m) => m.to === 'FAILED'))
          expect(Object.keys(FAILURE_CODES)).toContain(move.failureCode);
      });

      it('emits only declared catalog events, with data of their schema', () => {
        const emitted = new Set<string>();
        for (const move of decisions(step)) {
          for (const e of move.events ?? []) {
            expect(step.emits).toContain(e.type);
            expect(() => parseEventData(e.type, e.data)).not.toThrow();
            emitted.add(e.type);
          }
        }
        expect([...emitted].sort()).toEqual([...step.emits].sort());
      });
    });
  }
});
