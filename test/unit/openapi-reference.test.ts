import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { buildOpenApi } from '../../shared/http/openapi.js';
import { missingExamples, readOpenApiExamples } from '../../shared/http/openapi-examples.js';

/*
 * What the reference page shows a reader: short menu labels, an example of every request body and of every JSON
 * answer (captured from real answers by `npm run docs:examples`), and a description of every property and parameter.
 * Each failure names what to add and where.
 */
const doc = buildOpenApi(ALL_ROUTES, { version: '1.0.0', examples: readOpenApiExamples() }) as any;
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);
const REGENERATE = 'then run npm run docs:examples && npm run docs:openapi && npm run client:generate';

/**
 * What is known to be missing still, by the same names the failures use: it may only shrink. Anything missing that
 * is not listed fails (a new route, schema or property must come with its examples and descriptions), and so does
 * an entry that is no longer missing (remove it from the file).
 */
const GAPS_FILE = new URL('./openapi-reference-gaps.json', import.meta.url);
const gaps = JSON.parse(fs.readFileSync(GAPS_FILE, 'utf8')) as {
  examples: string[];
  properties: string[];
  parameters: string[];
};

function expectOnlyKnownGaps(missing: { key: string; message: string }[], known: string[]) {
  const keys = new Set(missing.map((m) => m.key));
  expect(missing.filter((m) => !known.includes(m.key)).map((m) => m.message)).toEqual([]);
  expect(
    known.filter((k) => !keys.has(k)),
    `no longer missing: remove from ${GAPS_FILE.pathname}`,
  ).toEqual([]);
}

/** A summary is a label: at most 40 characters, no clause separators or parentheses (but a leading "(Beta) "). */
export function summaryProblem(summary: string): string | null {
  const label = summary.replace(/^\(Beta\) /, '');
  if (label.length > 40) return `${label.length} characters (at most 40)`;
  if (/[;:()[\]]|\.$/.test(label)) return 'a label has no ";", ":", parentheses or final period';
  return null;
}

/** Every property of every schema in `node` that has neither a description nor a $ref to a described component. */
export function undescribedProperties(node: unknown, where: string, components: Record<string, any>): string[] {
  const out: string[] = [];
  const described = (p: any): boolean => {
    if (!p || typeof p !== 'object') return false;
    if (typeof p.description === 'string' && p.description.trim()) return true;
    if (typeof p.$ref === 'string') return typeof components[p.$ref.split('/').pop()]?.description === 'string';
    return false;
  };
  const walk = (n: unknown, at: string) => {
    if (Array.isArray(n)) return n.forEach((x, i) => walk(x, `${at}[${i}]`));
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.properties && typeof o.properties === 'object') {
      for (const [name, p] of Object.entries(o.properties as Record<string, unknown>))
        if (!described(p)) out.push(`${at}.properties.${name}`);
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'example' && k !== 'examples') walk(v, `${at}.${k}`);
  };
  walk(node, where);
  return out;
}

describe('the API reference', () => {
  it('labels every operation with a short summary; the long text is its description', () => {
    const long = operations
      .map(({ method, path, op }) => [op.operationId, method, path, op.summary, summaryProblem(op.summary)] as const)
      .filter(([, , , , problem]) => problem)
      .map(
        ([id, method, path, summary, problem]) =>
          `${id} (${method} ${path}): summary "${summary}" is ${problem}: shorten it in shared/http/routes and move the rest to its description`,
      );
    expect(long).toEqual([]);
  });

  it('gives every operation a description beyond its label', () => {
    const bare = operations
      .filter(
        ({ op }) =>
          typeof op.description !== 'string' || !op.description.trim() || op.description.trim() === op.summary,
      )
      .map(
        ({ method, path, op }) =>
          `${op.operationId} (${method} ${path}): add a description (what it does, its notable answers) to its route in shared/http/routes`,
      );
    expect(bare).toEqual([]);
  });

  // The same list `npm run docs:examples` prints at its end (missingExamples in shared/http/openapi-examples.ts).
  const missing = missingExamples(doc);
  it('shows a request example for every operation that takes a body', () => {
    const requests = missing
      .filter((m) => m.key.endsWith(' request'))
      .map((m) => ({
        key: m.key,
        message: `${m.operationId} (${m.method} ${m.path}): no ${m.what} example: add a successful call with a body to a step of scripts/capture-examples.ts, ${REGENERATE}`,
      }));
    expectOnlyKnownGaps(
      requests,
      gaps.examples.filter((k) => k.endsWith(' request')),
    );
  });

  it('shows an example of every JSON answer, captured from a real one', () => {
    const answers = missing
      .filter((m) => !m.key.endsWith(' request'))
      .map((m) => {
        const status = m.key.split(' ')[1]!;
        return {
          key: m.key,
          message: `${m.operationId} (${m.method} ${m.path}) ${m.what}: no example: add a call answering ${status}${status === 'default' || /^[45]/.test(status) ? ` (or any call answering one of: ${m.answerDescription})` : ''} to a step of scripts/capture-examples.ts, ${REGENERATE}`,
        };
      });
    expectOnlyKnownGaps(
      answers,
      gaps.examples.filter((k) => !k.endsWith(' request')),
    );
  });

  it('keeps a captured answer where its schema says it is: each example is in the file under its operation', () => {
    const examples = readOpenApiExamples();
    const ids = new Set(ALL_ROUTES.map((r) => r.operationId));
    expect(Object.keys(examples.operations).filter((id) => !ids.has(id))).toEqual([]);
    // Nothing secret: every secret was redacted by the capture.
    expect(JSON.stringify(examples)).not.toMatch(
      /pqcs_(?!example)|whsec_(?!example)|"secret":"(?!REDACTED|pqcs_example|whsec_example)/,
    );
  });

  it('describes every property of every schema, in one line', () => {
    const missing = [
      ...undescribedProperties(doc.components.schemas, 'components.schemas', doc.components.schemas),
      ...undescribedProperties(doc.paths, 'paths', doc.components.schemas),
      ...undescribedProperties(doc.webhooks, 'webhooks', doc.components.schemas),
    ].map((p) => ({
      key: p,
      message: `${p}: add a description (described(schema, '...') from shared/schemas/common.ts, or z.withMeta)`,
    }));
    expectOnlyKnownGaps(missing, gaps.properties);
    const multiline: string[] = [];
    JSON.stringify(doc, (k, v) => {
      if (k === 'description' && typeof v === 'string' && v.includes('\n')) multiline.push(v.slice(0, 60));
      return v;
    });
    expect(multiline).toEqual([]);
  });

  it('describes every parameter', () => {
    const missing = operations.flatMap(({ method, path, op }) =>
      (op.parameters as any[])
        .filter((p) => !p.description)
        .map((p) => ({
          key: `${op.operationId} ${p.in} ${p.name}`,
          message: `${op.operationId} (${method} ${path}): ${p.in} parameter ${p.name}: add a description to its schema (described(...) or z.withMeta) in shared/schemas`,
        })),
    );
    expectOnlyKnownGaps(missing, gaps.parameters);
  });
});
