import { describe, expect, it } from 'vitest';
import { progress, table, type Io } from '../../clients/cli/output.js';
import { historyLine } from '../../clients/cli/watch.js';

/** What the CLI prints for people: tables, the progress line on a terminal and in a log, history entries. */
const io = (tty: boolean) => {
  const out: string[] = [];
  return { out, io: { out: (t: string) => void out.push(t), err: () => undefined, env: {}, tty } satisfies Io };
};

describe('CLI output', () => {
  it('aligns a table on its widest cells, with upper-case headings and - for null', () => {
    expect(
      table(
        [
          { id: 'a', name: 'Treasury', label: null },
          { id: 'bbbb', name: 'Ops', label: 'hot' },
        ],
        ['id', 'name', 'label'],
      ),
    ).toBe('ID    NAME      LABEL\na     Treasury  -\nbbbb  Ops       hot\n');
    expect(table([], ['id'])).toBe('(none)\n');
  });

  it('rewrites one progress line on a terminal, and prints a line per change otherwise', () => {
    const t = io(true);
    const bar = progress(t.io);
    bar.update('CONFIRMING', '⠋ CONFIRMING 1 s');
    bar.update('CONFIRMING', '⠙ CONFIRMING 2 s');
    bar.done();
    expect(t.out).toEqual(['\r\x1b[K⠋ CONFIRMING 1 s', '\r\x1b[K⠙ CONFIRMING 2 s', '\n']);

    const log = io(false);
    const line = progress(log.io);
    line.update('', '⠋ APPROVED 1 s');
    line.update('CONFIRMING 1', '⠋ CONFIRMING 1 2 s');
    line.update('CONFIRMING 1', '⠙ CONFIRMING 1 3 s');
    line.update('CONFIRMING 5', '⠹ CONFIRMING 5 4 s');
    line.done();
    expect(log.out).toEqual(['CONFIRMING 1\n', 'CONFIRMING 5\n']);
  });

  it('writes a history entry (as the route answers it) as time, move or decision, trigger, actor and reason', () => {
    const user = {
      type: 'user',
      userId: 'u1',
      keyId: 'k1',
      name: 'Approver 2',
      email: 'a2@acme.example',
      component: null,
    };
    expect(
      historyLine({
        timestamp: '2026-01-01T10:00:00.123Z',
        fromStatus: 'PENDING_AUTHORIZATION',
        toStatus: 'APPROVED',
        trigger: 'approval',
        actor: user,
        reason: 'ok',
      }),
    ).toBe('2026-01-01 10:00:00Z  PENDING_AUTHORIZATION -> APPROVED  (approval)  by Approver 2 a2@acme.example  "ok"');
    expect(
      historyLine({
        timestamp: '2026-01-01T10:00:01.000Z',
        fromStatus: null,
        toStatus: null,
        trigger: 'approval',
        actor: user,
        decision: { decision: 'approved', reason: 'invoice checked' },
      }),
    ).toBe('2026-01-01 10:00:01Z  approved  (approval)  by Approver 2 a2@acme.example  "invoice checked"');
    const system = { type: 'system', userId: null, keyId: null, name: null, email: null, component: 'chain-poller' };
    expect(
      historyLine({
        timestamp: '2026-01-01T10:00:02.000Z',
        fromStatus: 'CONFIRMING',
        toStatus: 'COMPLETED',
        trigger: 'chain',
        actor: system,
      }),
    ).toBe('2026-01-01 10:00:02Z  CONFIRMING -> COMPLETED  (chain)  by chain-poller');
  });
});
