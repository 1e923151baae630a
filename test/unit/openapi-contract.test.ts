import { ERROR_CATALOG } from '../../shared/errors/catalog.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { buildOpenApi } from '../../shared/http/openapi.js';
import { REPO_ROOT } from '../../lib/function-bundle.js';
import { OPENAPI_FILE, renderOpenApi } from '../../scripts/render-openapi.js';
import { openapiDocument } from '../../shared/http/openapi-document.js';
import { readOpenApiExamples } from '../../shared/http/openapi-examples.js';

/* The generated OpenAPI document: what it promises about bodies, answers and headers, and the linter's verdict. */
const doc = buildOpenApi(ALL_ROUTES, { version: '1.0.0', examples: readOpenApiExamples() }) as any;
const op = (method: string, p: string) => doc.paths[p][method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is served as generated: docs/openapi.json is what the routes generate now (npm run docs:openapi), and the meta function sends its compact form', () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
    expect(openapiDocument()).toBe(JSON.stringify(doc));
  });

  it('passes the Redocly linter (recommended rules, redocly.yaml) with no error and no warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      let out: string;
      try {
        out = execFileSync(
          path.join(REPO_ROOT, 'node_modules/.bin/redocly'),
          ['lint', file, '--format=json', `--config=${path.join(REPO_ROOT, 'redocly.yaml')}`],
          {
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            stdio: ['ignore', 'pipe', 'ignore'],
          },
        ).toString();
      } catch (e) {
        out = String((e as { stdout?: Buffer }).stdout ?? ''); // exit 1 on errors; the report is still on stdout
      }
      const report = JSON.parse(out) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('marks a request body required only when an empty body would be refused', () => {
    for (const r of ALL_ROUTES.filter((x) => x.body)) {
      expect(op(r.method, r.path).requestBody.required, r.operationId).toBe(!r.body!().safeParse({}).success);
    }
    expect(op('POST', '/v1/tenants').requestBody.required).toBe(true);
    expect(op('POST', '/v1/tenants/{id}/reactivate').requestBody.required).toBe(false);
  });

  it('lists the 4xx answers of each operation with their catalog codes', () => {
    for (const r of ALL_ROUTES) {
      const codes = Object.keys(op(r.method, r.path).responses);
      expect(codes, r.operationId).toContain('400');
      if (r.auth === 'credential') expect(codes, r.operationId).toEqual(expect.arrayContaining(['401', '403', '429']));
      // A public route answers 401 only when its own use case can (a refused sign-in), never from the pipeline.
      else if (!(r.errors ?? []).some((t) => ERROR_CATALOG[t].status === 401))
        expect(codes, r.operationId).not.toContain('401');
      if (r.body) expect(codes, r.operationId).toEqual(expect.arrayContaining(['413', '415']));
    }
    const create = op('POST', '/v1/transactions').responses;
    expect(create['422'].description).toContain('1200 POLICY_DENIED');
    expect(create['422'].description).toContain('1601 IDEMPOTENCY_CONFLICT');
    expect(op('GET', '/v1/policies/{id}').responses['404'].description).toContain('1400 VAULT_NOT_FOUND');
    expect(op('POST', '/v1/users').responses['409']).toBeDefined();
  });

  it('documents every catalog error a route declares under its status, upstream 5xx included', () => {
    for (const r of ALL_ROUTES) {
      for (const t of r.errors ?? []) {
        const { code, status } = ERROR_CATALOG[t];
        expect(op(r.method, r.path).responses[String(status)]?.description, `${r.operationId} ${t}`).toContain(
          `${code} ${t}`,
        );
      }
    }
    expect(op('GET', '/v1/wallets/{id}/balances').responses['503'].description).toBe('1500 NODE_UNAVAILABLE');
    expect(
      Object.keys(op('POST', '/v1/vault/accounts/{vaultAccountId}/wallets/generate').responses['503'].headers),
    ).not.toContain('Idempotent-Replayed');
    expect(
      Object.keys(op('POST', '/v1/vault/accounts/{vaultAccountId}/wallets/generate').responses['400'].headers),
    ).toContain('Idempotent-Replayed');
  });

  it('documents the response headers', () => {
    const ok = op('POST', '/v1/vault/accounts').responses['201'].headers;
    expect(Object.keys(ok)).toEqual([
      'X-Request-Id',
      'X-Content-Type-Options',
      'RateLimit',
      'RateLimit-Policy',
      'Idempotent-Replayed',
    ]);
    expect(op('GET', '/v1/vault/accounts').responses['429'].headers['Retry-After']).toEqual({
      $ref: '#/components/headers/Retry-After',
    });
    expect(Object.keys(op('GET', '/v1/health/live').responses['200'].headers)).toEqual([
      'X-Request-Id',
      'X-Content-Type-Options',
    ]);
    expect(Object.keys(op('POST', '/v1/credentials').responses['201'].headers)).toContain('Cache-Control');
    expect(Object.keys(doc.components.headers)).toEqual([
      'X-Request-Id',
      'X-Content-Type-Options',
      'Cache-Control',
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'Idempotent-Replayed',
    ]);
  });

  it('declares secretInAnswer (Cache-Control: no-store) on exactly the routes whose success answer holds a `secret` member', () => {
    const holdsSecret = (node: any, seen = new Set<unknown>()): boolean => {
      if (!node || typeof node !== 'object' || seen.has(node)) return false;
      seen.add(node);
      if (typeof node.$ref === 'string') return holdsSecret(doc.components.schemas[node.$ref.split('/').pop()], seen);
      if (node.properties && Object.hasOwn(node.properties, 'secret')) return true;
      return Object.values(node).some((v) => holdsSecret(v, seen));
    };
    const withSecret = ALL_ROUTES.filter((r) =>
      holdsSecret(op(r.method, r.path).responses[r.success.status]?.content),
    ).map((r) => r.operationId);
    expect(withSecret.length).toBeGreaterThanOrEqual(7);
    expect(ALL_ROUTES.filter((r) => r.secretInAnswer).map((r) => r.operationId)).toEqual(withSecret);
  });

  it('documents 200 for a role already held and 503 for a service not ready', () => {
    expect(op('POST', '/v1/users/{id}/roles').responses['200'].description).toContain('already held');
    expect(op('POST', '/v1/users/{id}/roles').responses['201']).toBeDefined();
    expect(op('GET', '/v1/health/ready').responses['503'].content['application/json'].schema).toEqual(
      op('GET', '/v1/health/ready').responses['200'].content['application/json'].schema,
    );
  });

  it('documents the sign-in redirects to return_to as answers without a body', () => {
    for (const [method, p] of [
      ['GET', '/v1/sso/oidc/callback'],
      ['POST', '/v1/sso/saml/acs'],
    ] as const) {
      expect(op(method, p).responses['302'].description).toContain('no body');
      expect(op(method, p).responses['302'].content).toBeUndefined();
      expect(op(method, p).responses['200'].content['application/json']).toBeDefined();
    }
  });

  it('gives no integer field of an answer a negative range', () => {
    const negatives: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}.${i}`));
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.type === 'integer' && (typeof o.minimum !== 'number' || o.minimum < 0)) negatives.push(where);
      for (const [k, v] of Object.entries(o)) walk(v, `${where}.${k}`);
    };
    walk(doc.paths, 'paths');
    walk(doc.components.schemas, 'components');
    expect(negatives).toEqual([]);
  });
});
