/**
 * Webhook delivery throughput and latency through the local stack: events written to the outbox (as a change
 * would), the stream router, the webhooks queue and the real worker, delivering signed POSTs to a local keep-alive
 * receiver that verifies every signature; each delivery is persisted on its record. Reports signed, persisted
 * deliveries per second and the event-to-delivery latency (event time to the receiver's arrival).
 *
 *   npx tsx bench/webhook-deliveries.ts            # 2,000 events to 1 endpoint
 *   npx tsx bench/webhook-deliveries.ts --quick    # 200 events
 *
 * Run with POWERTOOLS_METRICS_DISABLED=true to keep the metric documents off stdout.
 * Machines here are small and shared: the figures move with load; the target is 1,000 deliveries/s on 2 cores.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startLocalStack } from '../local/stack.js';
import { runInUnitOfWork } from '../shared/domain/unit-of-work.js';
import { accessPatterns } from '../shared/store/access-patterns.js';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function run(opts: { quick: boolean }): Promise<Record<string, number>> {
  const events = opts.quick ? 200 : 2_000;
  const arrivals = new Map<string, number>();
  let secret = '';
  let badSignatures = 0;
  let resolveAll: () => void = () => undefined;
  const all = new Promise<void>((r) => (resolveAll = r));
  const receiver = http.createServer({ keepAlive: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-webhook-timestamp']);
      const mac = createHmac('sha256', secret).update(`${ts}.${body}`).digest();
      const ok = String(req.headers['x-webhook-signature'])
        .split(',')
        .some((h) => /^[0-9a-f]{64}$/.test(h) && timingSafeEqual(Buffer.from(h, 'hex'), mac));
      if (!ok) badSignatures++;
      const id = (JSON.parse(body) as { id: string }).id;
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(200).end('ok');
      if (arrivals.size === events) resolveAll();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    env: { ...process.env, CUSTODY_LOG_LEVEL: 'SILENT', CUSTODY_RATE_LIMIT_ENABLED: 'false' },
    devChain: null,
    referenceSigner: null,
    workers: { transactions: null },
    streamPollMs: 20,
    queuePollMs: 10,
  });
  try {
    const operator = {
      Authorization: `Bearer ${stack.operator!.keyId}:${stack.operator!.secret}`,
      'Content-Type': 'application/json',
    };
    const t = (await (
      await fetch(`${stack.baseUrl}/v1/tenants`, {
        method: 'POST',
        headers: operator,
        body: JSON.stringify({ name: 'bench-webhooks', admin_email: 'admin@bench.example', admin_name: 'Admin' }),
      })
    ).json()) as {
      id: string;
      admin_credential: { key_id: string; secret: string };
    };
    const admin = {
      Authorization: `Bearer ${t.admin_credential.key_id}:${t.admin_credential.secret}`,
      'Content-Type': 'application/json',
    };
    const hook = (await (
      await fetch(`${stack.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ url, events: ['transaction.*'] }),
      })
    ).json()) as { id: string; secret: string };
    secret = hook.secret;

    const emitted = new Map<string, number>();
    const started = performance.now();
    const startedAt = Date.now();
    const meta = () => ({
      actor: { type: 'system' as const, user_id: null, key_id: null },
      requestId: null,
      now: new Date(),
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < events) {
          next++;
          const e = await runInUnitOfWork(stack, meta(), async (uow) =>
            uow.event(t.id, 'transaction.status_changed', {
              transaction_id: '0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11',
              status: 'QUEUED',
              previous_status: 'SUBMITTED',
            }),
          );
          emitted.set(e.id, Date.parse(e.timestamp));
        }
      }),
    );
    const written = performance.now();
    await Promise.race([
      all,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`only ${arrivals.size}/${events} delivered in 10 min`)), 600_000),
      ),
    ]);
    // Persisted: the run ends when every record says delivered (the record is saved just after the answer).
    const persisted = async () => {
      let n = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await stack.store.query({
          pattern: accessPatterns.deliveriesOfWebhook(t.id, hook.id),
          limit: 1000,
          consistent: true,
          startKey,
        });
        n += page.items.filter((i) => i.status === 'delivered').length;
        startKey = page.lastKey;
      } while (startKey);
      return n;
    };
    let delivered = await persisted();
    for (let i = 0; i < 100 && delivered < events; i++) {
      await new Promise((r) => setTimeout(r, 50));
      delivered = await persisted();
    }
    const elapsedS = (performance.now() - started) / 1000;
    const latencies = [...arrivals.entries()]
      .map(([id, at]) => at - (emitted.get(id) ?? startedAt))
      .sort((a, b) => a - b);
    return {
      events,
      deliveries_persisted: delivered,
      bad_signatures: badSignatures,
      deliveries_per_second: Math.round((events / elapsedS) * 10) / 10,
      event_write_seconds: Math.round(((written - started) / 1000) * 100) / 100,
      total_seconds: Math.round(elapsedS * 100) / 100,
      latency_p50_ms: pct(latencies, 50),
      latency_p99_ms: pct(latencies, 99),
    };
  } finally {
    await stack.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run({ quick: process.argv.includes('--quick') })
    .then((r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
