import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JsonRpcChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { HttpSigner } from '../../shared/adapters/signer/http-signer.js';
import { logger, readableLine } from '../../shared/app/logger.js';
import {
  emfSink,
  METRICS,
  METRICS_NAMESPACE,
  recordMetric,
  setMetricsSink,
  type MetricsSink,
} from '../../shared/observability/metrics.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';

type Recorded = { name: string; value: number; dimensions: Record<string, string>; properties: Record<string, string> };
let recorded: Recorded[] = [];
beforeAll(() => logger.setLogLevel('SILENT')); // the failures below log warnings by design
const capture: MetricsSink = (metric, value, dimensions, properties) =>
  recorded.push({ name: metric.name, value, dimensions, properties });
afterEach(() => {
  setMetricsSink(emfSink);
  recorded = [];
});

/** A loopback HTTP server answering every POST with `answer(path, body)`. */
async function server(answer: (path: string, body: any) => { status?: number; body: unknown }) {
  const s = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const out = answer(req.url ?? '', JSON.parse(text));
      res.writeHead(out.status ?? 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

describe('the metric catalog', () => {
  it('names each metric once, with a description', () => {
    const names = Object.values(METRICS).map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of Object.values(METRICS)) expect(m.doc.length).toBeGreaterThan(20);
  });
});

describe('EMF output', () => {
  it('writes one EMF document per value and dimension set, with the request and tenant as properties', () => {
    const saved = process.env.POWERTOOLS_METRICS_DISABLED;
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const lines: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string | Uint8Array) =>
      lines.push(String(chunk)) > 0) as typeof process.stdout.write;
    const warn = vi.spyOn(logger, 'warn');
    try {
      runWithRequestContext({ requestId: 'req_1', tenantId: 'ten_1' }, () =>
        recordMetric('transfersSubmitted', 1, { outcome: 'accepted' }),
      );
      recordMetric('approvals', 1, { decision: 'rejected' });
      recordMetric('nodeLatency', 12.5, { method: 'eth_chainId', outcome: 'failed', endpoint: 'primary' });
    } finally {
      process.stdout.write = write;
      process.env.POWERTOOLS_METRICS_DISABLED = saved;
      warn.mockRestore();
    }
    // No warning per value (Powertools warns when two dimension sets of one document share a dimension).
    expect(warn).not.toHaveBeenCalled();
    // One document per value and dimension set: the full set, then the rollup that alarms read.
    const docs = lines.map((l) => JSON.parse(l));
    expect(
      docs.map((d) => [d._aws.CloudWatchMetrics[0].Metrics[0].Name, d._aws.CloudWatchMetrics[0].Dimensions]),
    ).toEqual([
      ['TransfersSubmitted', [['service', 'outcome']]],
      ['TransfersSubmitted', [['service']]],
      ['Approvals', [['service', 'decision']]],
      ['Approvals', [['service']]],
      // NodeLatency by method, outcome and endpoint; and by outcome across methods and endpoints
      ['NodeLatency', [['service', 'method', 'outcome', 'endpoint']]],
      ['NodeLatency', [['service', 'outcome']]],
    ]);
    const [first, rollup, second, , third, thirdRollup] = docs;
    expect(first._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [['service', 'outcome']],
        Metrics: [{ Name: 'TransfersSubmitted', Unit: 'Count' }],
      },
    ]);
    expect(first).toMatchObject({
      service: 'custody',
      outcome: 'accepted',
      TransfersSubmitted: 1,
      request_id: 'req_1',
      tenant_id: 'ten_1',
    });
    expect(rollup).toMatchObject({ service: 'custody', TransfersSubmitted: 1 });
    // A query by tenant or request finds each value once: the rollup document names neither.
    expect(rollup).not.toHaveProperty('request_id');
    expect(rollup).not.toHaveProperty('tenant_id');
    expect(second).toMatchObject({ decision: 'rejected', Approvals: 1 });
    expect(second).not.toHaveProperty('request_id');
    expect(third).toMatchObject({ NodeLatency: 12.5, outcome: 'failed', method: 'eth_chainId' });
    expect(thirdRollup).toMatchObject({ NodeLatency: 12.5, outcome: 'failed' });
    expect(thirdRollup).not.toHaveProperty('method');
  });

  it('never fails the work it measures', () => {
    setMetricsSink(() => {
      throw new Error('sink down');
    });
    expect(() => recordMetric('approvals', 1, { decision: 'approved' })).not.toThrow();
  });
});

describe('node latency (JSON-RPC client)', () => {
  let node: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => {
    node = await server((_path, body) =>
      body.method === 'eth_chainId'
        ? { body: { jsonrpc: '2.0', id: body.id, result: '0x5143' } }
        : body.method === 'eth_call'
          ? { body: { jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'no' } } }
          : { status: 502, body: {} },
    );
  });
  afterAll(() => node.close());

  it('records each call to each node with its method, outcome and endpoint, in the caller’s request context', async () => {
    setMetricsSink(capture);
    const chain = new JsonRpcChain({
      urls: [node.url],
      timeoutMs: 2000,
      breakerFailures: 5,
      breakerCooldownMs: 1000,
      retries: 0,
    });
    await runWithRequestContext({ requestId: 'req_2', tenantId: 'ten_2' }, () => chain.chainId());
    await expect(chain.call('eth_call', [], (r) => r)).rejects.toThrow();
    await expect(chain.blockNumber()).rejects.toThrow();
    expect(recorded.map((m) => [m.name, m.dimensions])).toEqual([
      ['NodeLatency', { method: 'eth_chainId', outcome: 'ok', endpoint: 'primary' }],
      ['NodeLatency', { method: 'eth_call', outcome: 'rpc_error', endpoint: 'primary' }],
      ['NodeLatency', { method: 'eth_blockNumber', outcome: 'failed', endpoint: 'primary' }],
    ]);
    expect(recorded[0]!.properties).toEqual({ request_id: 'req_2', tenant_id: 'ten_2' });
    expect(recorded.every((m) => m.value >= 0)).toBe(true);
  });
});

describe('signer latency (HTTP signer)', () => {
  it('records key generation and signing with their outcome', async () => {
    const signer = await server((path) =>
      path === '/sign' ? { body: { signature: `0x${'ab'.repeat(2420)}` } } : { status: 500, body: {} },
    );
    setMetricsSink(capture);
    try {
      const s = new HttpSigner({ url: signer.url, timeoutMs: 2000 });
      expect(
        await s.sign({ keyRef: 'k1', digest: '0x00', context: '', algorithm: 'ML-DSA-44' } as never),
      ).toMatchObject({ outcome: 'signed' });
      await expect(
        s.generateKey({ algorithm: 'ML-DSA-44', tenantId: 't', vaultId: 'v', walletLabel: 'w' } as never),
      ).rejects.toThrow();
    } finally {
      await signer.close();
    }
    expect(recorded.map((m) => [m.name, m.dimensions])).toEqual([
      ['SignerLatency', { operation: 'sign', outcome: 'ok' }],
      ['SignerLatency', { operation: 'keys', outcome: 'failed' }],
    ]);
  });
});

describe('readable log lines', () => {
  it('puts time, level and message first, then every other key on the same line', () => {
    const line = readableLine({
      level: 'INFO',
      message: 'request',
      timestamp: '2026-11-23T12:00:01.234Z',
      service: 'custody',
      route: 'POST /v1/x',
      status: 201,
      request_id: 'req_1',
      detail: { a: 1 },
    });
    expect(line).toBe('12:00:01.234 INFO  request route="POST /v1/x" status=201 request_id=req_1 detail={"a":1}');
    expect(line).not.toContain('\n');
  });
});

describe('docs/deploy.md', () => {
  it('documents every metric and every metric alarm', async () => {
    const { readFileSync } = await import('node:fs');
    const { METRIC_ALARMS } = await import('../../lib/monitoring-construct.js');
    const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    for (const m of Object.values(METRICS)) expect(doc, m.name).toContain(`| \`${m.name}\` |`);
    for (const a of METRIC_ALARMS) expect(doc, a.id).toContain(`| \`${a.id}\` |`);
    expect(doc).toContain(`\`${METRICS_NAMESPACE}\``);
  });
});
