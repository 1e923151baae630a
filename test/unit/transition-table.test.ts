import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BEFORE_BROADCAST, STATUSES, TERMINAL, TRANSITIONS, canTransition, type Trigger } from '../../shared/domain/transactions/transition-table.js';
import { AUTOMATIC } from '../../shared/domain/transactions/steps/index.js';

const TRIGGERS: Trigger[] = ['worker', 'screening', 'approval', 'rejection', 'cancel', 'expiry', 'signature', 'broadcast', 'chain', 'failure'];

describe('transition table', () => {
  it('has exactly the four terminal statuses of DESIGN.md plus COMPLETED', () => {
    expect([...TERMINAL].sort()).toEqual(['BLOCKED', 'CANCELLED', 'COMPLETED', 'FAILED', 'REJECTED']);
  });

  it('allows cancel from SUBMITTED up to PENDING_SIGNATURE and nowhere after', () => {
    const cancellable = STATUSES.filter((s) => canTransition(s, 'CANCELLED', 'cancel'));
    expect(cancellable).toEqual(['SUBMITTED', 'QUEUED', 'PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION', 'APPROVED', 'PENDING_SIGNATURE']);
  });

  it('never leaves a terminal status, whatever the trigger', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TERMINAL), fc.constantFrom(...STATUSES), fc.constantFrom(...TRIGGERS), (from, to, trigger) => !canTransition(from, to, trigger)),
    );
  });

  it('reaches PENDING_SIGNATURE from SUBMITTED only through APPROVED', () => {
    const into = STATUSES.filter((s) => TRANSITIONS[s].PENDING_SIGNATURE);
    expect(into).toEqual(['APPROVED']);
    const intoApproved = STATUSES.filter((s) => TRANSITIONS[s].APPROVED).sort();
    expect(intoApproved).toEqual(['PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION', 'QUEUED']);
  });

  it('lets every non-terminal status fail', () => {
    for (const s of STATUSES) if (!TERMINAL.has(s)) expect(canTransition(s, 'FAILED', 'failure')).toBe(true);
  });

  it('only moves automatic statuses with the worker or screening triggers', () => {
    for (const s of STATUSES) {
      const byWorker = Object.values(TRANSITIONS[s]).some((t) => t?.includes('worker') || t?.includes('screening'));
      expect(byWorker).toBe(AUTOMATIC.has(s));
    }
    expect(BEFORE_BROADCAST.has('BROADCASTING')).toBe(false);
  });
});
