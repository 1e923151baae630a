import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { stepDeps } from '../support/step-deps.js';
import { config } from '../../shared/config.js';
import { logger } from '../../shared/app/logger.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { emfSink, logSink, setMetricsSink, type MetricsSink } from '../../shared/observability/metrics.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/** Metrics and log lines of real requests through the API pipeline: named for their request and tenant. */
type Recorded = { name: string; value: number; dimensions: Record<string, string>; properties: Record<string, string> };
let recorded: Recorded[] = [];
const capture: MetricsSink = (metric, value, dimensions, properties) =>
  recorded.push({ name: metric.name, value, dimensions, properties });

let api: TestApi;
let tenantId: string;
let admin: Key;
let approver: Key;

beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  approver = (await createUserWithRole(api, admin, 'approver')).key;
});
afterAll(async () => api?.close());
afterEach(() => {
  setMetricsSink(emfSink);
  recorded = [];
});

async function walletWithPolicy(rules: unknown[]) {
  const v = await createVault(api, admin);
  const w = await registerWallet(api, admin, tenantId, v.id);
  if (rules.length)
    expect(
      (await api.call('POST', '/v1/policies', { key: admin, body: { vault_id: v.id, name: 'p', rules } })).status,
    ).toBe(201);
  return w.wallet.id as string;
}
const transfer = (
  walletId: string,
  amount = '10',
  headers: Record<string, string> = {},
  destinationAddr = randomAddress(),
) =>
  api.call('POST', '/v1/transactions', {
    key: admin,
    body: { sourceWalletId: walletId, destinationAddr, assetId: nativeAsset(), amount },
    headers,
  });

describe('metrics of the API', () => {
  it('counts an accepted transfer, with the request id and tenant id of its request', async () => {
    const walletId = await walletWithPolicy([]);
    setMetricsSink(capture);
    const res = await transfer(walletId);
    expect(res.status).toBe(201);
    expect(recorded.filter((m) => m.name === 'TransfersSubmitted')).toEqual([
      {
        name: 'TransfersSubmitted',
        value: 1,
        dimensions: { outcome: 'accepted' },
        properties: { request_id: res.headers.get('x-request-id'), tenant_id: tenantId },
      },
    ]);
  });

  it('does not count a replayed submission again', async () => {
    const walletId = await walletWithPolicy([]);
    setMetricsSink(capture);
    const key = `obs-replay-${Math.random()}`;
    const to = randomAddress();
    expect((await transfer(walletId, '10', { 'Idempotency-Key': key }, to)).status).toBe(201);
    const again = await transfer(walletId, '10', { 'Idempotency-Key': key }, to);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(recorded.filter((m) => m.name === 'TransfersSubmitted')).toHaveLength(1);
  });

  it('counts a transfer denied by a policy as denied', async () => {
    const walletId = await walletWithPolicy([{ type: 'MAX_AMOUNT', value: '5' }]);
    setMetricsSink(capture);
    expect((await transfer(walletId, '6')).status).toBe(422);
    expect(recorded.filter((m) => m.name === 'TransfersSubmitted').map((m) => m.dimensions)).toEqual([
      { outcome: 'denied' },
    ]);
  });

  it('counts approvals and rejections by decision', async () => {
    const walletId = await walletWithPolicy([{ type: 'REQUIRE_APPROVAL', value: '1' }]);
    const deps = {
      ...stepDeps(),
      store: services().store,
      clock: services().clock,
      chainId: config().CUSTODY_CHAIN_ID,
      approvalTtlSeconds: 3600,
    };
    const waiting = async () => {
      const tx = (await transfer(walletId)).body;
      for (let i = 0; i < 10 && (await advanceTransaction(deps, tenantId, tx.id)).outcome === 'moved'; i++);
      return tx.id as string;
    };
    const [a, b] = [await waiting(), await waiting()];
    setMetricsSink(capture);
    expect((await api.call('POST', `/v1/transactions/${a}/approve`, { key: approver, body: {} })).status).toBe(200);
    expect(
      (await api.call('POST', `/v1/transactions/${b}/reject`, { key: approver, body: { reason: 'no' } })).status,
    ).toBe(200);
    expect((await api.call('POST', `/v1/transactions/${b}/reject`, { key: approver, body: {} })).status).toBe(409);
    const approvals = recorded.filter((m) => m.name === 'Approvals');
    expect(approvals.map((m) => m.dimensions)).toEqual([{ decision: 'approved' }, { decision: 'rejected' }]);
    expect(approvals.every((m) => m.properties.tenant_id === tenantId)).toBe(true);
  });
});

/** The JSON log lines written while `run` runs, at INFO and above. */
async function logLines(run: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;
  logger.setLogLevel('INFO');
  try {
    await run();
  } finally {
    logger.setLogLevel('SILENT');
    process.stdout.write = write;
  }
  return lines.map((l) => JSON.parse(l));
}

describe('log lines of the transaction worker', () => {
  it('name each move at INFO: transaction id, from and to status, duration', async () => {
    const walletId = await walletWithPolicy([{ type: 'REQUIRE_APPROVAL', value: '1' }]);
    const tx = (await transfer(walletId)).body;
    // Built with the test's settings given (its `config` port would set the log level from them, undoing the capture).
    const { makeHandler, ports } = await import('../../functions/transaction-worker/handler.js');
    const { lazyDeps } = await import('../../shared/composition/deps.js');
    const handler = makeHandler(lazyDeps(ports, { config: config(), store: services().store }));
    const record = {
      messageId: 'msg-1',
      body: JSON.stringify({ kind: 'transaction', tenant_id: tenantId, transaction_id: tx.id, status: 'SUBMITTED' }),
      attributes: { MessageGroupId: tx.id },
    };
    const lines = await logLines(() => handler({ Records: [record] } as never, {} as never));
    const moves = lines.filter((l) => l.message === 'transaction moved');
    expect(moves.map((l) => [l.from_status, l.to_status])).toEqual([
      ['SUBMITTED', 'QUEUED'],
      ['QUEUED', 'PENDING_AML_SCREENING'],
      ['PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION'],
    ]);
    for (const l of moves)
      expect(l).toMatchObject({
        level: 'INFO',
        transaction_id: tx.id,
        tenant_id: tenantId,
        request_id: 'msg-1',
        duration_ms: expect.any(Number),
        in_status_ms: expect.any(Number),
      });
  });
});

describe('log lines of the API', () => {
  it('a 4xx request line carries the catalog code, type and message', async () => {
    const walletId = await walletWithPolicy([{ type: 'MAX_AMOUNT', value: '5' }]);
    let res: Awaited<ReturnType<typeof transfer>> | undefined;
    const lines = await logLines(async () => (res = await transfer(walletId, '10')));
    expect(res!.status).toBe(422);
    const line = lines.find((l) => l.message === 'request' && l.request_id === res!.headers.get('x-request-id'));
    expect(line).toMatchObject({
      level: 'INFO',
      status: 422,
      error_code: 1200,
      error_type: 'POLICY_DENIED',
      error_message: res!.body.error.message,
    });
    const ok = await logLines(() => api.call('GET', '/v1/transactions?limit=1', { key: admin }));
    expect(ok.find((l) => l.message === 'request')).not.toHaveProperty('error_code');
  });

  it('carry the request id and tenant id of the request, also when the code that logs was not given them', async () => {
    const walletId = await walletWithPolicy([]);
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) =>
      lines.push(String(chunk)) > 0) as typeof process.stdout.write;
    setMetricsSink(logSink); // logs `metric` lines without passing any id
    logger.setLogLevel('DEBUG');
    let res;
    try {
      res = await transfer(walletId);
    } finally {
      logger.setLogLevel('SILENT');
      process.stdout.write = write;
    }
    const metricLine = lines
      .map((l) => JSON.parse(l))
      .find((l) => l.message === 'metric' && l.metric === 'TransfersSubmitted');
    expect(metricLine).toMatchObject({
      request_id: res.headers.get('x-request-id'),
      tenant_id: tenantId,
      level: 'DEBUG',
    });
  });
});
