import http from 'node:http';
import { tenantAuditRecords, tenantEvents } from '../support/tenant-events.js';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { config } from '../../shared/config.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { NodeUnavailableError } from '../../shared/ports/chain.js';
import { JsonRpcChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { ConfirmingMemory, pollConfirmations, type ConfirmDeps } from '../../shared/domain/transactions/confirm.js';
import type { StepDeps } from '../../shared/domain/transactions/steps/index.js';
import { setMetricsSink, emfSink, type MetricsSink } from '../../shared/observability/metrics.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { randomAddress } from '../support/fixtures.js';
import { testKey, type TestKey } from '../support/pq-chain.js';
import { seedSigned } from '../support/seed-signed.js';
import { devChainRpc } from '../support/test-chain.js';
import { keys } from '../../shared/store/keys.js';
import type { QueryInput, Store, WriteOp } from '../../shared/ports/store.js';
import { newId } from '../../shared/domain/ids.js';
import { readNonceItem } from '../../shared/domain/transactions/wallet-nonce.js';
import { engineStepDeps } from '../support/engine-world.js';

/**
 * SIGNED -> BROADCASTING -> CONFIRMING -> COMPLETED over real JSON-RPC (the dev chain, a real EVM, manual mining) and
 * the real API over HTTP on DynamoDB Local: the worker's steps (runTransactionSteps, as the transaction worker runs
 * them) and the chain poller's run (pollConfirmations, as functions/chain-poller runs it). Transfers are seeded in
 * SIGNED (test/support/seed-signed.ts) from keys funded with anvil_setBalance. A proxy in front of the dev chain plays
 * a primary node that can go down, to watch failover and the breaker.
 */
const ETH = 10n ** 18n;
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
let chain: DevChain;
let api: TestApi;
let tenantA: { id: string; admin: Key };
let tenantB: { id: string; admin: Key };
let seedByte = 0x10;

/** A node in front of the dev chain that can be cut off (`down`: sockets destroyed) and counts what reaches it. */
type Proxy = { url: string; down: boolean; requests: number; close: () => Promise<void> };
async function startProxy(target: string): Promise<Proxy> {
  const p: Proxy = { url: '', down: false, requests: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    p.requests += 1;
    if (p.down) return void req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.concat(chunks),
      })
        .then(async (r) => res.writeHead(r.status, { 'Content-Type': 'application/json' }).end(await r.text()))
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  p.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  p.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return p;
}

const rpc = devChainRpc(() => chain.url);
const balanceOf = async (address: string) => BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);

/** A fresh sender, funded on the dev chain. */
async function fundedKey(): Promise<TestKey> {
  const key = testKey(seedByte++);
  await rpc('anvil_setBalance', [key.address, `0x${(10n * ETH).toString(16)}`]);
  return key;
}

function nodeClient(urls: string[], opts: { breakerFailures?: number } = {}) {
  return new JsonRpcChain({
    urls,
    timeoutMs: 2_000,
    breakerFailures: opts.breakerFailures ?? 5,
    breakerCooldownMs: 30_000,
    clock,
    sleep: async () => undefined,
  });
}
const stepDepsWith = (c: JsonRpcChain): StepDeps => engineStepDeps(clock, c);
const confirmDepsWith = (c: JsonRpcChain, depth: number): ConfirmDeps => ({
  store: services().store,
  keys: services().keys,
  clock,
  chain: c,
  confirmationDepth: depth,
});
const BOUNDS = { maxTransactions: 100, maxMillis: 60_000 };

let direct: JsonRpcChain;

async function seed(
  tenantId: string,
  key: TestKey,
  opts: { nonce?: number; value?: bigint; to?: string } = {},
  walletId?: string,
) {
  return seedSigned(services().store, {
    tenantId,
    key,
    to: opts.to ?? randomAddress(),
    value: opts.value ?? 12_345n,
    nonce: opts.nonce ?? 0,
    chainId: config().CUSTODY_CHAIN_ID,
    now: clock.now(),
    walletId,
  });
}

/** A wallet's nonce item as the nonce assignment leaves it after handing out nonces below `next`. */
async function nonceItemAt(walletId: string, next: number) {
  await services().store.write([
    {
      op: 'put',
      item: {
        ...keys.walletNonce(tenantA.id, walletId),
        entity: 'wallet_nonce',
        tenant_id: tenantA.id,
        wallet_id: walletId,
        next,
        released: [],
        version: 1,
      },
    },
  ]);
}
const get = async (tenant: { admin: Key }, id: string) =>
  api.call('GET', `/v1/transactions/${id}`, { key: tenant.admin });
const statusOf = async (tenant: { admin: Key }, id: string) => (await get(tenant, id)).body.status as string;

beforeAll(async () => {
  chain = await startDevChain({ chainId: config().CUSTODY_CHAIN_ID, clock });
  api = await startTestApi({ clock });
  const a = await createTenantWithAdmin(api);
  const b = await createTenantWithAdmin(api);
  tenantA = { id: a.tenant.id, admin: a.admin };
  tenantB = { id: b.tenant.id, admin: b.admin };
  direct = nodeClient([chain.url]);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await chain?.stop();
});
afterEach(() => {
  chain.faults.reset();
  setMetricsSink(emfSink);
});

describe('broadcast and confirmation', () => {
  it('takes a SIGNED transfer to COMPLETED at depth 1: broadcast, receipt, actual fee, the recipient paid, events in order', async () => {
    const recorded: { name: string; dimensions: Record<string, string> }[] = [];
    const capture: MetricsSink = (m, _v, dimensions) => void recorded.push({ name: m.name, dimensions });
    setMetricsSink(capture);
    const key = await fundedKey();
    const to = randomAddress();
    const tx = await seed(tenantA.id, key, { to, value: 777n });

    const run = await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    expect(run.moves.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: 'SIGNED', to: 'BROADCASTING' },
      { from: 'BROADCASTING', to: 'CONFIRMING' },
    ]);
    const confirming = (await get(tenantA, tx.id)).body;
    expect(confirming).toMatchObject({
      status: 'CONFIRMING',
      chainTxHash: tx.chainTxHash,
      broadcastAt: clock.now().toISOString(),
      blockNumber: null,
    });

    // Not mined yet: the poller finds it and leaves it waiting.
    expect(await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS)).toMatchObject({
      examined: 1,
      waiting: 1,
      completed: 0,
    });
    const block = await chain.mine();
    expect(await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS)).toMatchObject({ examined: 1, completed: 1 });

    const done = (await get(tenantA, tx.id)).body;
    const receipt = (await rpc('eth_getTransactionReceipt', [tx.chainTxHash])) as {
      gasUsed: string;
      effectiveGasPrice: string;
      blockHash: string;
    };
    expect(done).toMatchObject({
      status: 'COMPLETED',
      blockNumber: block,
      confirmations: 1,
      confirmedAt: clock.now().toISOString(),
      failureReason: null,
    });
    expect(done.fee).toBe((BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString());
    expect(BigInt(done.fee)).toBeLessThan(BigInt(tx.fee!)); // actual, below the gasLimit x maxFeePerGas bound
    expect(await balanceOf(to)).toBe(777n);

    const events = (await tenantEvents(services().store, tenantA.id)).filter((e) => e.group === tx.id);
    expect(
      events.map((e) =>
        e.type === 'transaction.status_changed' ? `${e.type}:${(e.data as { status: string }).status}` : e.type,
      ),
    ).toEqual([
      'transaction.status_changed:BROADCASTING',
      'transaction.status_changed:CONFIRMING',
      'transaction.status_changed:COMPLETED',
      'transaction.completed',
    ]);
    expect(events.at(-1)!.data).toEqual({
      transaction_id: tx.id,
      chain_tx_hash: tx.chainTxHash,
      block_number: block,
      confirmations: 1,
    });
    expect(recorded.filter((m) => m.name === 'TransfersCompleted')).toHaveLength(1);
    // Not in the poller's index any more.
    expect(await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS)).toMatchObject({ examined: 0 });
  });

  it('waits for depth 3, recording blockNumber and confirmations as blocks come', async () => {
    const key = await fundedKey();
    const tx = await seed(tenantA.id, key);
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    const block = await chain.mine();
    const deps = confirmDepsWith(direct, 3);
    await pollConfirmations(deps, BOUNDS);
    expect((await get(tenantA, tx.id)).body).toMatchObject({
      status: 'CONFIRMING',
      blockNumber: block,
      confirmations: 1,
    });
    await chain.mine();
    // A new count alone is set in place (one update of the item, no rewrite, no audit record).
    const writes: string[] = [];
    const store = deps.store;
    const spying = Object.create(store, {
      write: { value: (ops: WriteOp[]) => (writes.push(...ops.map((o) => o.op)), store.write(ops)) },
    }) as Store;
    await pollConfirmations({ ...deps, store: spying }, BOUNDS);
    expect(writes).toEqual(['update']);
    expect((await get(tenantA, tx.id)).body).toMatchObject({ status: 'CONFIRMING', confirmations: 2 });
    await chain.mine();
    await pollConfirmations(deps, BOUNDS);
    expect((await get(tenantA, tx.id)).body).toMatchObject({
      status: 'COMPLETED',
      blockNumber: block,
      confirmations: 3,
    });
    // The completion's record chains on the transaction's record before the count (the chain end was kept).
    const records = (await tenantAuditRecords(services().store, tenantA.id)).filter((r) => r.resource_id === tx.id);
    expect(records.at(-1)!.previous_hash).toBe(records.at(-2)!.hash);
  });

  it('on a run woken by a block, records the block first seen and the completion, not each confirmation count', async () => {
    const key = await fundedKey();
    const tx = await seed(tenantA.id, key);
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    const block = await chain.mine();
    const deps = confirmDepsWith(direct, 3);
    const onBlock = { progress: false };
    await pollConfirmations(deps, BOUNDS, undefined, onBlock);
    const seen = (await get(tenantA, tx.id)).body;
    expect(seen).toMatchObject({ status: 'CONFIRMING', blockNumber: block, confirmations: 1 });
    await chain.mine();
    await pollConfirmations(deps, BOUNDS, undefined, onBlock);
    expect((await get(tenantA, tx.id)).body).toMatchObject({
      status: 'CONFIRMING',
      confirmations: 1,
      updatedAt: seen.updatedAt,
    });
    await chain.mine();
    await pollConfirmations(deps, BOUNDS, undefined, onBlock);
    expect((await get(tenantA, tx.id)).body).toMatchObject({
      status: 'COMPLETED',
      blockNumber: block,
      confirmations: 3,
    });
  });

  it("with the poller's memory, a run on a block reads a mined transfer again only when its depth is due", async () => {
    const tx = await seed(tenantA.id, await fundedKey());
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    const block = await chain.mine();
    const pk = keys.transaction(tenantA.id, tx.id).pk;
    const store = services().store;
    let reads = 0;
    const spying = Object.create(store, {
      getMany: {
        value: (ks: { pk: string; sk: string }[], o?: { attributes?: string[] }) => {
          reads += ks.filter((k) => k.pk === pk && k.sk === 'TX').length;
          return store.getMany(ks, o);
        },
      },
    }) as Store;
    const deps = { ...confirmDepsWith(direct, 4), store: spying };
    const memory = new ConfirmingMemory();
    const run = async (scheduled: boolean) => {
      reads = 0;
      await pollConfirmations(deps, BOUNDS, undefined, { progress: scheduled, memory });
      return reads;
    };
    expect(await run(false)).toBe(1); // first seen in its block: due at block + 3
    expect((await get(tenantA, tx.id)).body).toMatchObject({ blockNumber: block, confirmations: 1 });
    await chain.mine();
    expect(await run(false)).toBe(0);
    await chain.mine();
    expect(await run(false)).toBe(0);
    expect(await run(true)).toBe(1); // a scheduled run reads every CONFIRMING transaction
    expect((await get(tenantA, tx.id)).body).toMatchObject({ status: 'CONFIRMING', confirmations: 3 });
    await chain.mine();
    expect(await run(false)).toBe(1); // due
    expect((await get(tenantA, tx.id)).body).toMatchObject({ status: 'COMPLETED', confirmations: 4 });
  });

  it('a run on a block finds new transactions among the index entries sent since its last run; a scheduled run finds the rest', async () => {
    const store = services().store;
    const ours = new Set<string>();
    let indexed: string[] = [];
    let reads: string[] = [];
    const spying = Object.create(store, {
      query: {
        value: async (input: QueryInput) => {
          const page = await store.query(input);
          if (input.pattern.name === 'transactionsConfirming')
            indexed.push(...page.items.map((k) => String(k.pk)).filter((pk) => ours.has(pk)));
          return page;
        },
      },
      getMany: {
        value: (ks: { pk: string; sk: string }[], o?: { attributes?: string[] }) => {
          reads.push(...ks.filter((k) => ours.has(k.pk) && k.sk === 'TX').map((k) => k.pk));
          return store.getMany(ks, o);
        },
      },
    }) as Store;
    const deps = { ...confirmDepsWith(direct, 3), store: spying };
    const memory = new ConfirmingMemory();
    const run = async (scheduled: boolean) => {
      indexed = [];
      reads = [];
      await pollConfirmations(deps, BOUNDS, undefined, { progress: scheduled, memory });
      return { indexed: [...indexed].sort(), reads: [...reads].sort() };
    };
    const confirming = async () => {
      const tx = await seed(tenantA.id, await fundedKey());
      await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
      expect(await statusOf(tenantA, tx.id)).toBe('CONFIRMING');
      const pk = keys.transaction(tenantA.id, tx.id).pk;
      ours.add(pk);
      return { id: tx.id, pk };
    };
    const one = await confirming();
    await chain.mine();
    expect((await run(false)).reads).toEqual([one.pk]); // the first run reads every entry
    clock.advance(10_000);
    const two = await confirming(); // sent 10 s after the first run began: not mined
    expect(await run(false)).toEqual({ indexed: [one.pk, two.pk].sort(), reads: [two.pk] });
    // Sent (by its clock) before the range the next run reads.
    clock.advance(-25_000);
    const three = await confirming();
    clock.advance(35_000);
    // Only the entries sent since the previous run began, less the margin; the unmined one is read again.
    expect(await run(false)).toEqual({ indexed: [two.pk], reads: [two.pk] });
    const all = [one.pk, two.pk, three.pk].sort();
    // A scheduled run reads every entry, whole (the index holds the items).
    expect(await run(true)).toEqual({ indexed: all, reads: [] });
    for (let i = 0; i < 3; i++) {
      await chain.mine();
      await run(false);
    }
    for (const t of [one, two, three]) expect(await statusOf(tenantA, t.id)).toBe('COMPLETED');
  });

  it('fails over to the backup when the primary is down, and completes', async () => {
    const primary = await startProxy('http://127.0.0.1:9'); // nothing listens on the discard port
    primary.down = true;
    try {
      const client = nodeClient([primary.url, chain.url]);
      const tx = await seed(tenantA.id, await fundedKey());
      await runTransactionSteps(stepDepsWith(client), tenantA.id, tx.id);
      expect(await statusOf(tenantA, tx.id)).toBe('CONFIRMING');
      expect(primary.requests).toBeGreaterThan(0); // tried first, then the backup answered
      await chain.mine();
      await pollConfirmations(confirmDepsWith(client, 1), BOUNDS);
      expect(await statusOf(tenantA, tx.id)).toBe('COMPLETED');
    } finally {
      await primary.close();
    }
  });

  it("opens the primary's breaker after repeated failures and closes it after the cool-down (fake clock)", async () => {
    const primary = await startProxy(chain.url);
    try {
      const client = nodeClient([primary.url, chain.url], { breakerFailures: 2 });
      primary.down = true;
      await client.blockNumber();
      await client.blockNumber();
      expect(primary.requests).toBe(2); // two failures: the circuit opens
      await client.blockNumber();
      expect(primary.requests).toBe(2); // skipped while open; the backup answers
      primary.down = false;
      const tx = await seed(tenantA.id, await fundedKey());
      await runTransactionSteps(stepDepsWith(client), tenantA.id, tx.id);
      expect(await statusOf(tenantA, tx.id)).toBe('CONFIRMING');
      expect(primary.requests).toBe(2); // still open: the broadcast went to the backup
      clock.advance(31_000);
      await chain.mine();
      await pollConfirmations(confirmDepsWith(client, 1), BOUNDS);
      expect(primary.requests).toBeGreaterThan(2); // the trial call went to the primary, which answered: closed
      const after = primary.requests;
      await client.blockNumber();
      expect(primary.requests).toBe(after + 1); // the primary answers again first
      expect(await statusOf(tenantA, tx.id)).toBe('COMPLETED');
    } finally {
      await primary.close();
    }
  });

  it('fails a transfer whose nonce was already used on chain, with the reason (1304 semantics)', async () => {
    const recorded: { name: string; dimensions: Record<string, string> }[] = [];
    setMetricsSink((m, _v, dimensions) => void recorded.push({ name: m.name, dimensions }));
    const key = await fundedKey();
    const first = await seed(tenantA.id, key, { nonce: 0 });
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, first.id);
    await chain.mine();
    const second = await seed(tenantA.id, key, { nonce: 0, value: 1n }); // another transfer signed with the same nonce
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, second.id);
    const failed = (await get(tenantA, second.id)).body;
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/^nonce too low: nonce 0 was already used on chain/);
    expect(recorded.filter((m) => m.name === 'TransfersFailed').map((m) => m.dimensions)).toEqual([
      { reason: 'nonce_too_low' },
    ]);
    const events = (await tenantEvents(services().store, tenantA.id)).filter((e) => e.group === second.id);
    expect(events.find((e) => e.type === 'transaction.failed')!.data).toMatchObject({
      previous_status: 'BROADCASTING',
      failure_reason: failed.failureReason,
    });
  });

  it('fails on the node\'s "nonce too low" knob too, and on a node that rejects the transaction (1303 semantics), with its reason', async () => {
    chain.faults.set({ nonceTooLow: true });
    const a = await seed(tenantA.id, await fundedKey());
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, a.id);
    expect((await get(tenantA, a.id)).body).toMatchObject({
      status: 'FAILED',
      failureCode: 'nonce_too_low',
      subStatus: null,
      failureReason: expect.stringContaining('nonce too low'),
    });

    chain.faults.set({ nonceTooLow: false, reject: 'transaction underpriced' });
    const b = await seed(tenantA.id, await fundedKey());
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, b.id);
    expect((await get(tenantA, b.id)).body).toMatchObject({
      status: 'FAILED',
      failureCode: 'broadcast_rejected',
      failureReason: 'rejected by the chain node: transaction underpriced',
    });
  });

  it('gives the nonce of a rejected broadcast back to its wallet (nothing of it reached a pool), not that of a nonce too low', async () => {
    const walletId = newId();
    chain.faults.set({ reject: 'transaction underpriced' });
    const rejected = await seed(tenantA.id, await fundedKey(), { nonce: 4 }, walletId);
    await nonceItemAt(walletId, 5);
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, rejected.id);
    expect((await readNonceItem(services().store, tenantA.id, walletId)).state).toEqual({ next: 5, released: [4] });

    chain.faults.set({ reject: undefined, nonceTooLow: true });
    const used = await seed(tenantA.id, await fundedKey(), { nonce: 3 }, walletId);
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, used.id);
    expect((await get(tenantA, used.id)).body.failureCode).toBe('nonce_too_low');
    expect((await readNonceItem(services().store, tenantA.id, walletId)).state).toEqual({ next: 5, released: [4] });
  });

  it('repairs a dropped pool: the signed bytes sent again (DROPPED_FROM_POOL, then AWAITING_CONFIRMATIONS), all completed, in order', async () => {
    const key = await fundedKey();
    const walletId = newId();
    const txs = [
      await seed(tenantA.id, key, { nonce: 0 }, walletId),
      await seed(tenantA.id, key, { nonce: 1 }, walletId),
      await seed(tenantA.id, key, { nonce: 2 }, walletId),
    ];
    for (const t of txs) await runTransactionSteps(stepDepsWith(direct), tenantA.id, t.id);
    expect((await get(tenantA, txs[0]!.id)).body).toMatchObject({
      status: 'CONFIRMING',
      subStatus: 'AWAITING_CONFIRMATIONS',
    });
    expect(await chain.dropPending()).toBe(3);

    const deps = { ...confirmDepsWith(direct, 1), overdueAfterSeconds: 60 };
    // Other tests of this file may leave a transaction of their own CONFIRMING: these three are counted among them.
    const polled = await pollConfirmations(deps, BOUNDS);
    expect(polled.examined).toBeGreaterThanOrEqual(3);
    expect(polled.rebroadcast).toBeGreaterThanOrEqual(3);
    for (const t of txs)
      expect((await get(tenantA, t.id)).body).toMatchObject({ status: 'CONFIRMING', subStatus: 'DROPPED_FROM_POOL' });
    expect((await rpc('eth_getTransactionByHash', [txs[2]!.chainTxHash])) as object | null).not.toBeNull();

    // Known again: back to the default; nothing sent twice. Past the expected time, the run counts them as overdue.
    clock.advance(60_000);
    expect(await pollConfirmations(deps, BOUNDS)).toMatchObject({
      examined: 3,
      rebroadcast: 0,
      overdue: { AWAITING_CONFIRMATIONS: 3 },
    });
    for (const t of txs) expect((await get(tenantA, t.id)).body.subStatus).toBe('AWAITING_CONFIRMATIONS');
    await chain.mine();
    await pollConfirmations(deps, BOUNDS);
    for (const t of txs)
      expect((await get(tenantA, t.id)).body).toMatchObject({ status: 'COMPLETED', subStatus: null });

    const changes = (await tenantEvents(services().store, tenantA.id))
      .filter((e) => e.group === txs[0]!.id && e.type === 'transaction.status_changed')
      .map((e) => e.data as { status: string; sub_status: string | null });
    expect(changes.map((c) => `${c.status}/${c.sub_status}`)).toEqual([
      'BROADCASTING/AWAITING_BROADCAST',
      'CONFIRMING/AWAITING_CONFIRMATIONS',
      'CONFIRMING/DROPPED_FROM_POOL',
      'CONFIRMING/AWAITING_CONFIRMATIONS',
      'COMPLETED/null',
    ]);
    const audit = (await tenantAuditRecords(services().store, tenantA.id)).filter(
      (r) => r.resource_id === txs[0]!.id && r.action === 'transaction.sub_status_changed',
    );
    expect(audit.map((r) => r.change)).toEqual([
      {
        status: 'CONFIRMING',
        from: 'AWAITING_CONFIRMATIONS',
        to: 'DROPPED_FROM_POOL',
        reason: expect.stringContaining('sent again'),
      },
      {
        status: 'CONFIRMING',
        from: 'DROPPED_FROM_POOL',
        to: 'AWAITING_CONFIRMATIONS',
        reason: expect.stringContaining('knows'),
      },
    ]);
  });

  it('stays BROADCASTING while every node is down (shown as stuck), then completes when they are back', async () => {
    chain.faults.set({ down: true });
    const tx = await seed(tenantA.id, await fundedKey());
    await expect(runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id)).rejects.toBeInstanceOf(
      NodeUnavailableError,
    );
    expect(await statusOf(tenantA, tx.id)).toBe('BROADCASTING'); // written before sending; the message is retried
    await expect(runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id)).rejects.toBeInstanceOf(
      NodeUnavailableError,
    );

    clock.advance((config().CUSTODY_STUCK_AFTER_SECONDS + 1) * 1000);
    const stuck = await api.call('GET', '/v1/transactions?stuck=true', { key: tenantA.admin });
    expect(stuck.status).toBe(200);
    expect(stuck.body.transactions.map((t: { id: string }) => t.id)).toContain(tx.id);

    chain.faults.reset();
    clock.advance(31_000); // the breaker's cool-down
    // Half-open, the breaker lets one trial call through: the broadcast step's two calls (send and head) would meet it
    // at once and one be refused, as a redelivered message would be; the trial closes it first.
    expect(await direct.blockNumber()).toBeGreaterThanOrEqual(0);
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    await chain.mine();
    await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS);
    expect(await statusOf(tenantA, tx.id)).toBe('COMPLETED');
  });

  it('sends a transfer whose block was reorged out back to BROADCASTING (audited), rebroadcasts it, and completes it', async () => {
    const to = randomAddress();
    const tx = await seed(tenantA.id, await fundedKey(), { to, value: 5n });
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    await chain.mine();
    const deps = confirmDepsWith(direct, 3);
    await pollConfirmations(deps, BOUNDS);
    const before = (await get(tenantA, tx.id)).body;
    expect(before).toMatchObject({ status: 'CONFIRMING', confirmations: 1 });

    // The block vanishes and its transactions go back to the pool (not re-included).
    await chain.reorg(1, { reinclude: false });
    expect(await pollConfirmations(deps, BOUNDS)).toMatchObject({ reorged: 1 });
    expect((await get(tenantA, tx.id)).body).toMatchObject({
      status: 'BROADCASTING',
      blockNumber: null,
      confirmations: null,
    });
    const audit = await tenantAuditRecords(services().store, tenantA.id);
    const entry = audit.find(
      (e) =>
        e.resource_id === tx.id &&
        (e.change as { to?: string }).to === 'BROADCASTING' &&
        (e.change as { trigger?: string }).trigger === 'chain',
    );
    expect((entry!.change as { reason: string }).reason).toMatch(
      /^reorg: block \d+ \(0x[0-9a-f]{64}\) no longer holds the transaction$/,
    );

    // The worker rebroadcasts the same bytes ("already known": submitted), the next blocks include it.
    const again = await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    expect(again.moves.map(({ from, to }) => ({ from, to }))).toEqual([{ from: 'BROADCASTING', to: 'CONFIRMING' }]);
    await chain.mine(3);
    await pollConfirmations(deps, BOUNDS);
    expect((await get(tenantA, tx.id)).body).toMatchObject({ status: 'COMPLETED', confirmations: 3 });
    expect(await balanceOf(to)).toBe(5n);
  });

  it('treats a receipt that moved to another block (re-included by the reorg) as a reorg too, then completes on the new block', async () => {
    const tx = await seed(tenantA.id, await fundedKey());
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id);
    await chain.mine();
    const deps = confirmDepsWith(direct, 2);
    await pollConfirmations(deps, BOUNDS);
    const firstHash = (await services().store.get({ pk: `TENANT#${tenantA.id}#TX#${tx.id}`, sk: 'TX' }))!.block_hash;
    await chain.reorg(1); // re-included in a replacement block with another hash
    await pollConfirmations(deps, BOUNDS);
    expect(await statusOf(tenantA, tx.id)).toBe('BROADCASTING');
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, tx.id); // already known (mined): submitted
    await chain.mine();
    await pollConfirmations(deps, BOUNDS);
    const done = (await get(tenantA, tx.id)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', confirmations: 2 });
    const stored = await services().store.get({ pk: `TENANT#${tenantA.id}#TX#${tx.id}`, sk: 'TX' });
    expect(stored!.block_hash).not.toBe(firstHash);
  });

  it('finds the CONFIRMING transfers of two tenants in one run; each tenant sees only its own', async () => {
    const a = await seed(tenantA.id, await fundedKey());
    const b = await seed(tenantB.id, await fundedKey());
    await runTransactionSteps(stepDepsWith(direct), tenantA.id, a.id);
    await runTransactionSteps(stepDepsWith(direct), tenantB.id, b.id);
    await chain.mine();
    expect(await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS)).toMatchObject({ examined: 2, completed: 2 });
    expect(await statusOf(tenantA, a.id)).toBe('COMPLETED');
    expect(await statusOf(tenantB, b.id)).toBe('COMPLETED');

    expect((await get(tenantB, a.id)).status).toBe(404);
    expect((await get(tenantA, b.id)).status).toBe(404);
    const listB = await api.call('GET', '/v1/transactions?status=COMPLETED', { key: tenantB.admin });
    expect(listB.body.transactions.map((t: { id: string }) => t.id)).toEqual([b.id]);
  });

  it('bounds a run by the number of transactions; the rest wait for the next run', async () => {
    const txs = [
      await seed(tenantA.id, await fundedKey()),
      await seed(tenantB.id, await fundedKey()),
      await seed(tenantA.id, await fundedKey()),
    ];
    for (const t of txs) await runTransactionSteps(stepDepsWith(direct), t.tenantId, t.id);
    await chain.mine();
    const first = await pollConfirmations(confirmDepsWith(direct, 1), { maxTransactions: 1, maxMillis: 60_000 });
    expect(first).toMatchObject({ examined: 1, completed: 1 });
    const rest = await pollConfirmations(confirmDepsWith(direct, 1), BOUNDS);
    expect(rest).toMatchObject({ examined: 2, completed: 2 });
  });
});
