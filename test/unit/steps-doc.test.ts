import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_MODULE,
  renderAutomaticModule,
  renderStepTable,
  renderTransactionsDoc,
  TRANSACTIONS_DOC,
} from '../../scripts/render-steps.js';
import { STEPS } from '../../shared/domain/transactions/steps/index.js';

describe('the step table of docs/transactions.md', () => {
  it('is exactly what scripts/render-steps.ts renders from the steps (run npm run docs:steps)', () => {
    expect(readFileSync(TRANSACTIONS_DOC, 'utf8')).toBe(renderTransactionsDoc());
  });

  it('has one row per registered step, with its summary, reads and every move it declares', () => {
    const rows = renderStepTable().split('\n').slice(2);
    expect(rows).toHaveLength(STEPS.length);
    STEPS.forEach((step, i) => {
      expect(rows[i]).toContain(` ${step.status} | ${step.summary.replace(/\|/g, '\\|')} |`);
      for (const read of step.reads) expect(rows[i]).toContain(read.replace(/\|/g, '\\|'));
      for (const move of step.moves) expect(rows[i]).toContain(`${move.to} (\`${move.trigger}\`)`);
    });
  });

  it('replaces only what lies between its markers, and refuses a document without them', () => {
    const doc = readFileSync(TRANSACTIONS_DOC, 'utf8');
    const stale = doc.replace('| `signed.ts` | SIGNED |', '| `signed.ts` | SIGNED (stale) |');
    expect(stale).not.toBe(doc);
    expect(renderTransactionsDoc(stale)).toBe(doc);
    expect(() => renderTransactionsDoc('# Transactions\n')).toThrow(/markers/);
  });
});

describe('the automatic statuses (shared/domain/transactions/steps/automatic.ts)', () => {
  it('are exactly what scripts/render-steps.ts renders from the step registry (run npm run docs:steps)', () => {
    expect(readFileSync(AUTOMATIC_MODULE, 'utf8')).toBe(renderAutomaticModule());
  });

  it("lists each registered step's status once, in the registry's order", () => {
    const listed = [...renderAutomaticModule().matchAll(/^ {2}'([A-Z_]+)',$/gm)].map((m) => m[1]);
    expect(listed).toEqual(STEPS.map((s) => s.status));
  });
});
