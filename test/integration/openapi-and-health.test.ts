import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { startTestApi } from '../support/local-api.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { config } from '../../shared/config.js';

let api: Awaited<ReturnType<typeof startTestApi>>;
let chain: DevChain;
beforeAll(async () => {
  api = await startTestApi();
  chain = await startDevChain({ chainId: config().CUSTODY_CHAIN_ID }); // readiness checks a chain node too
  api.ports.chain = makeChain({ ...config(), CUSTODY_NODE_RPC_URL: chain.url });
});
afterAll(async () => {
  await api?.close();
  await chain?.stop();
});

describe('health and the API description', () => {
  it('answers the liveness and readiness probes without credentials', async () => {
    const live = await api.call('GET', '/v1/health/live', { key: null });
    expect(live.status).toBe(200);
    const ready = await api.call('GET', '/v1/health/ready', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.body.checks.store.ok).toBe(true);
    expect(ready.body.checks.chain.ok).toBe(true);
    expect(ready.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('serves an OpenAPI 3.1 document that validates and lists every declared route', async () => {
    const res = await api.call('GET', '/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(res.body));
    for (const r of ALL_ROUTES)
      expect(res.body.paths[r.path]?.[r.method.toLowerCase()]?.operationId).toBe(r.operationId);
    const ids = ALL_ROUTES.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes request bodies from the same schemas that validate them', async () => {
    const doc = (await api.call('GET', '/v1/openapi.json', { key: null })).body;
    const create = doc.paths['/v1/tenants'].post.requestBody.content['application/json'].schema;
    expect(create.required).toContain('name');
    expect(create.properties.name.maxLength).toBe(128);
    expect(create.additionalProperties).toBe(false);
  });

  it('serves the reference page from the service itself, with no inline script and a strict Content-Security-Policy', async () => {
    const res = await api.call('GET', '/docs', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = String(res.body);
    expect(html).toContain('v1/openapi.json');
    expect(html).not.toMatch(/https?:\/\//); // nothing from another origin (no CDN)
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).toEqual(['src="docs/scalar.js"']);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    const config = JSON.parse(
      /data-configuration="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    );
    expect(config).toMatchObject({
      telemetry: false,
      withDefaultFonts: false,
      showDeveloperTools: 'never',
      mcp: { disabled: true },
      agent: { disabled: true },
    });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const script = await fetch(`${api.baseUrl}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
  });

  it('answers an unknown path in the catalog shape (404 1402)', async () => {
    const res = await api.call('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 1402, type: 'NOT_FOUND', message: 'no route GET /v1/nothing-here' });
    expect(res.body.error.request_id).toBeTruthy();
  });
});
