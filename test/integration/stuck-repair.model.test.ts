import { testProfile } from '../support/step-deps.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { config } from '../../shared/config.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { JsonRpcChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { pollConfirmations } from '../../shared/domain/transactions/confirm.js';
import { fromHex } from '../../shared/domain/chain/chain-profile.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import type { Key, TestApi } from '../support/local-api.js';
import { engineConfirmDeps, engineStepDeps, startEngineWorld } from '../support/engine-world.js';
import { nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { testKey, type TestKey } from '../support/pq-chain.js';
import { devChainRpc } from '../support/test-chain.js';

/**
 * Model-based test of stuck-transaction repair, on DynamoDB Local, the real API and the dev chain (its journal in a
 * folder, so a node restart keeps its blocks): seeded random sequences of submissions, signatures (a callback signer
 * through the API), cancels before signing (lost nonces), broadcasts the node rejects, dropped pools, nodes down, node
 * restarts, worker runs that never happen (a killed worker: the steps are left for the end) and mined blocks with poller
 * runs. At the end the faults stop, and the worker, the signer and the poller run until nothing moves: every accepted
 * transfer is terminal, every one that was signed and not rejected COMPLETED, and on chain the wallet's transactions
 * use each nonce once, 0 to n-1, with no gap.
 */
type Cmd =
  | { kind: 'submit' }
  | { kind: 'sign'; pick: number; run: boolean }
  | { kind: 'cancel' }
  | { kind: 'reject' }
  | { kind: 'drop' }
  | { kind: 'down' }
  | { kind: 'restartNode' }
  | { kind: 'mine' };

const ETH = 10n ** 18n;
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
const dataDir = mkdtempSync(path.join(tmpdir(), 'custody-model-chain-'));
let chain: DevChain;
let port = 0;
let api: TestApi;
let tenant: { id: string; admin: Key; vaultId: string };
let direct: JsonRpcChain;
let seedByte = 0xd0;
const rpc = devChainRpc(() => chain.url);
const stepDeps = () => engineStepDeps(clock, direct);
const confirmDeps = () => engineConfirmDeps(clock, direct);
const BOUNDS = { maxTransactions: 200, maxMillis: 60_000 };
const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: tenant.admin })).body;
const ofWallet = async (walletId: string) =>
  (await api.call('GET', `/v1/transactions?wallet_id=${walletId}&limit=200`, { key: tenant.admin })).body
    .transactions as { id: string; status: string; operation: string }[];
const quietly = async (p: Promise<unknown>) => p.catch(() => undefined); // a node down: the step or run is retried later

async function sign(key: TestKey, id: string) {
  const payload = await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: tenant.admin });
  if (payload.status !== 200) return false;
  const signature = testProfile().sign(key.secretKey, fromHex(payload.body.digest));
  return (
    (await api.call('POST', `/v1/transactions/${id}/signature`, { key: tenant.admin, body: { signature } })).status ===
    200
  );
}

async function startChain() {
  chain = await startDevChain({ chainId: config().CUSTODY_CHAIN_ID, clock, dataDir, port });
  port = chain.port;
}

/** What the sequences exercised, over all runs: the test checks it did meet the repairs it is about. */
const seen = { fillers: 0, cancelled: 0, rejected: 0 };

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'REJECTED', 'BLOCKED']);

async function runSequence(cmds: Cmd[]) {
  const key = testKey(seedByte++);
  await rpc('anvil_setBalance', [key.address, `0x${(10n * ETH).toString(16)}`]);
  const { wallet } = await registerWallet(
    api,
    tenant.admin,
    tenant.id,
    tenant.vaultId,
    Math.floor(clock.now().getTime() / 1000),
    key,
  );
  const accepted: string[] = [];
  const rejected = new Set<string>();
  const cancelled = new Set<string>();
  const waitingSignature = async () => {
    const out: string[] = [];
    for (const id of accepted) if ((await get(id)).status === 'PENDING_SIGNATURE') out.push(id);
    return out;
  };
  for (const c of cmds) {
    switch (c.kind) {
      case 'submit': {
        const res = await api.call('POST', '/v1/transactions', {
          key: tenant.admin,
          body: { sourceWalletId: wallet.id, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
        });
        expect(res.status).toBe(201);
        accepted.push(res.body.id);
        await quietly(runTransactionSteps(stepDeps(), tenant.id, res.body.id));
        break;
      }
      case 'sign':
      case 'reject': {
        const ready = await waitingSignature();
        if (!ready.length) break;
        // A rejected broadcast takes the lowest nonce waiting: the one most likely to have later ones in flight.
        const id = c.kind === 'reject' ? ready[0]! : ready[c.pick % ready.length]!;
        if (!(await sign(key, id))) break;
        if (c.kind === 'reject') chain.faults.set({ reject: 'invalid transaction: rejected by the model' });
        if (c.kind === 'reject' || c.run) await quietly(runTransactionSteps(stepDeps(), tenant.id, id));
        if (c.kind === 'reject') {
          chain.faults.set({ reject: null });
          if ((await get(id)).failureCode === 'broadcast_rejected') rejected.add(id);
        }
        break;
      }
      case 'cancel': {
        const ready = await waitingSignature();
        if (!ready.length) break;
        const id = ready[0]!; // the lowest nonce waiting, as for a rejection
        expect((await api.call('POST', `/v1/transactions/${id}/cancel`, { key: tenant.admin, body: {} })).status).toBe(
          200,
        );
        cancelled.add(id);
        break;
      }
      case 'drop':
        await chain.dropPending();
        break;
      case 'down':
        chain.faults.set({ down: true });
        await quietly(pollConfirmations(confirmDeps(), BOUNDS));
        chain.faults.reset();
        break;
      case 'restartNode':
        await chain.stop();
        await startChain();
        break;
      case 'mine':
        await chain.mine();
        await quietly(pollConfirmations(confirmDeps(), BOUNDS));
        break;
    }
  }

  // The faults stop; the worker, the signer and the poller run until every transaction of the wallet is terminal.
  chain.faults.reset();
  for (let round = 0; round < 12; round++) {
    const open = (await ofWallet(wallet.id)).filter((t) => !TERMINAL.has(t.status));
    if (!open.length) break;
    for (const t of open) {
      if (t.status === 'PENDING_SIGNATURE' && !cancelled.has(t.id)) await sign(key, t.id);
      await quietly(runTransactionSteps(stepDeps(), tenant.id, t.id));
    }
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
  }

  const all = await ofWallet(wallet.id);
  expect(all.filter((t) => !TERMINAL.has(t.status))).toEqual([]);
  seen.fillers += all.filter((t) => t.operation === 'FILL_NONCE').length;
  seen.cancelled += cancelled.size;
  seen.rejected += rejected.size;
  for (const id of accepted) {
    const tx = await get(id);
    const expected = cancelled.has(id) ? 'CANCELLED' : rejected.has(id) ? 'FAILED' : 'COMPLETED';
    expect(tx.status, `${id} ${tx.failureReason ?? ''}`).toBe(expected);
  }
  // On chain: each completed transaction of the wallet at its own nonce, 0..n-1, and nothing else of the wallet mined.
  const completed = all.filter((t) => t.status === 'COMPLETED');
  const nonces: number[] = [];
  for (const t of completed) {
    const onChain = await rpc('eth_getTransactionByHash', [(await get(t.id)).chainTxHash]);
    expect(onChain.from.toLowerCase()).toBe(key.address.toLowerCase());
    nonces.push(Number(onChain.nonce));
  }
  expect(nonces.sort((a, b) => a - b)).toEqual(completed.map((_, i) => i));
  expect(Number(await rpc('eth_getTransactionCount', [key.address, 'latest']))).toBe(completed.length);
}

const command: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'submit' as const }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('sign' as const), pick: fc.nat(9), run: fc.boolean() }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'reject' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'drop' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'down' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'restartNode' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'mine' as const }), weight: 2 },
);

/** A few transfers first (so that signatures, cancels and rejections have something to act on), then anything. */
const sequence: fc.Arbitrary<Cmd[]> = fc
  .tuple(fc.integer({ min: 3, max: 5 }), fc.array(command, { minLength: 6, maxLength: 12, size: 'max' }))
  .map(([n, rest]) => [...Array.from({ length: n }, (): Cmd => ({ kind: 'submit' })), ...rest]);

beforeAll(async () => {
  await startChain();
  ({ api, tenant, direct } = await startEngineWorld(clock, { chain, breakerFailures: 1_000, breakerCooldownMs: 1 }));
}, 60_000);
afterAll(async () => {
  await api?.close();
  await chain?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stuck-transaction repair under random faults', () => {
  it('ends with every accepted transfer terminal and each nonce used once on chain', async () => {
    await fc.assert(fc.asyncProperty(sequence, runSequence), { numRuns: 5, seed: 20260301, endOnFailure: true });
    expect(seen.fillers, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.rejected, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 240_000);
});
