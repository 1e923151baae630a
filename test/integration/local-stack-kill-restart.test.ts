import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../shared/adapters/local/dynamodb-local.js';
import { createCustodyClient, type CustodyClient } from '../../clients/typescript/src/index.js';
import { transferBatch } from '../support/transfer-batch.js';
import { devChainRpc } from '../support/test-chain.js';
import {
  alive,
  eventually,
  processesMentioning,
  stackEnv,
  startStackProcess,
  waitForOutput,
  type StackProcess,
} from '../support/stack-process.js';

/**
 * `npm start` killed with SIGKILL while transfers are in flight (some mined short of the depth, some in the node's
 * pool, some still being signed or queued), then started again on the same data folder: no graceful stop, no exit
 * handler, only what reached the disk. DynamoDB Local goes with it (the watchdog), the stale lock does not block the
 * restart, the chain comes back with every block it sealed, and every accepted transfer completes at its own nonce.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'custody-kill-restart-'));
// Blocks from the stack's one-second timer, as with `npm start`; a short depth keeps the file fast.
const env = stackEnv({ CUSTODY_CONFIRMATION_DEPTH: '2' });
const runs: StackProcess[] = [];
const javaPids: number[] = [];

afterAll(() => {
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  for (const pid of javaPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const COIN = 10n ** 18n;
const FUNDS = 10n * COIN;
const TRANSFERS = 10;
/** Above the dev chain's 1 gwei tip: transfers already in its pool are not mined (docs/chain-node.md, fault knobs). */
const CONGESTED = (2n * 10n ** 9n).toString();

/** A JSON-RPC call to the dev chain at `url`. */
const rpc = <T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> =>
  devChainRpc(() => url)(method, params) as Promise<T>;

/** Starts the stack on the data folder and answers its chain's URL once the banner is complete. */
async function start(port: number): Promise<{ run: StackProcess; chainUrl: string; javaPid: number }> {
  const run = startStackProcess(dir, ['--port', String(port)], env);
  runs.push(run);
  const javaPid = Number((await waitForOutput(run, /java pid (\d+)/, 150_000))[1]);
  javaPids.push(javaPid);
  await waitForOutput(run, /^ready: http:\S+$/m, 90_000);
  await waitForOutput(run, /^Ctrl-C stops it\.$/m, 10_000);
  const stack = JSON.parse(readFileSync(path.join(dir, 'stack.json'), 'utf8')) as { chain_rpc_url: string };
  return { run, chainUrl: stack.chain_rpc_url, javaPid };
}

type Block = { number: string; hash: string };

describe('npm start killed with SIGKILL with transfers in flight', () => {
  it('restarts on the same data folder and completes every transfer, each at its own nonce, on the same chain', async () => {
    const port = await freePort();
    const first = await start(port);
    const baseUrl = `http://127.0.0.1:${port}`;
    const op = JSON.parse(readFileSync(path.join(dir, 'operator.json'), 'utf8')) as { key_id: string; secret: string };
    const operator = createCustodyClient({ baseUrl, apiKey: `${op.key_id}:${op.secret}` });
    const tenant = await operator.post('/v1/tenants', {
      body: { name: 'Kill', admin_email: 'admin@kill.example' },
      idempotencyKey: 'kill-restart-1',
    });
    const admin: CustodyClient = createCustodyClient({
      baseUrl,
      apiKey: `${tenant.admin_credential.key_id}:${tenant.admin_credential.secret}`,
    });
    const vault = await admin.post('/v1/vault/accounts', { body: { name: 'Hot' } });
    const wallet = await admin.post('/v1/vault/accounts/{vaultAccountId}/wallets/generate', {
      params: { path: { vaultAccountId: vault.id } },
      body: { label: 'hot' },
    });
    await rpc(first.chainUrl, 'anvil_setBalance', [wallet.address, `0x${FUNDS.toString(16)}`]);
    const { transfers, submit } = await transferBatch(admin, wallet.id);
    const read = (id: string) => admin.get('/v1/transactions/{id}', { params: { path: { id } } });

    // Four go through to a block, then the chain is congested (it asks a tip above what they pay) and six more are
    // sent: those the node takes stay in its pool, and so do the wallet's later nonces, until the restart lifts the
    // knob. (A wallet's batch is sent at once, so congesting the chain after the first of them could come too late.)
    await submit(4);
    await eventually('a transfer mined', 60_000, async () => {
      const txs = await Promise.all(transfers.map((t) => read(t.id)));
      return txs.some((t) => t.blockNumber !== null) ? true : undefined;
    });
    // The node's suggestion lags the spike (1 gwei), so what the service pays is below what the node asks, whenever it
    // reads the fees.
    await rpc(first.chainUrl, 'dev_setFaults', [{ minTipWei: CONGESTED, suggestedTipWei: (10n ** 9n).toString() }]);
    await submit(TRANSFERS - 4);
    const broadcast = async () =>
      (await Promise.all(transfers.slice(4).map((t) => read(t.id)))).filter((t) => t.status === 'CONFIRMING');
    await eventually('one of the last six broadcast', 60_000, async () =>
      (await broadcast()).length ? true : undefined,
    );
    const pooled = await eventually('a transfer held in the pool', 60_000, async () => {
      for (const t of await broadcast()) {
        const onNode = await rpc<{ blockNumber: string | null }>(first.chainUrl, 'eth_getTransactionByHash', [
          t.chainTxHash,
        ]);
        if (onNode.blockNumber === null) return t.chainTxHash!;
      }
      return undefined;
    });
    const sealed = await rpc<Block>(first.chainUrl, 'eth_getBlockByNumber', ['latest', false]);
    const before = await Promise.all(transfers.map((t) => read(t.id)));
    expect(before.find((t) => t.chainTxHash === pooled)?.status).toBe('CONFIRMING');

    first.run.child.kill('SIGKILL');
    expect(await first.run.exit).toEqual({ code: null, signal: 'SIGKILL' });
    // No exit handler ran: the lock of the dead stack is still there, and the restart must take it over.
    expect(JSON.parse(readFileSync(path.join(dir, 'stack.lock'), 'utf8'))).toMatchObject({ pid: first.run.child.pid });
    // The watchdog ends DynamoDB Local, and then itself: nothing of the killed stack is left running.
    await eventually('DynamoDB Local gone', 30_000, () => (alive(first.javaPid) ? undefined : true));
    await eventually('no process of the data folder', 30_000, () =>
      processesMentioning(dir).length === 0 ? true : undefined,
    );
    expect(processesMentioning(`kill -9 "$0" ${first.javaPid}`)).toEqual([]);

    const second = await start(port);
    expect(second.run.stdout()).toContain(`chain: state in ${path.join(dir, 'chain')}`);
    expect(existsSync(path.join(dir, 'stack.lock'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'stack.lock'), 'utf8'))).toMatchObject({
      pid: second.run.child.pid,
    });
    // The chain survived: the block sealed before the kill, with its hash, and the pooled transfer the node took.
    const again = await rpc<Block>(second.chainUrl, 'eth_getBlockByNumber', [sealed.number, false]);
    expect(again.hash).toBe(sealed.hash);
    expect(await rpc(second.chainUrl, 'eth_getTransactionByHash', [pooled])).not.toBeNull();

    const done = await eventually('every transfer COMPLETED', 150_000, async () => {
      const txs = await Promise.all(transfers.map((t) => read(t.id)));
      return txs.every((t) => t.status === 'COMPLETED') ? txs : undefined;
    });
    expect(done.map((t) => t.nonce).sort((a, b) => a! - b!)).toEqual([...Array(TRANSFERS).keys()]);
    const nonce = await rpc<string>(second.chainUrl, 'eth_getTransactionCount', [wallet.address, 'latest']);
    expect(Number(nonce)).toBe(TRANSFERS); // nothing sent twice, no nonce skipped
    let fees = 0n;
    for (const t of done) {
      const receipt = await rpc<{ status: string; gasUsed: string; effectiveGasPrice: string; from: string }>(
        second.chainUrl,
        'eth_getTransactionReceipt',
        [t.chainTxHash],
      );
      expect(receipt.status).toBe('0x1');
      expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase());
      fees += BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    }
    for (const t of transfers)
      expect(BigInt(await rpc<string>(second.chainUrl, 'eth_getBalance', [t.to]))).toBe(t.amount);
    const spent = transfers.reduce((sum, t) => sum + t.amount, 0n) + fees;
    expect(BigInt(await rpc<string>(second.chainUrl, 'eth_getBalance', [wallet.address]))).toBe(FUNDS - spent);

    second.run.child.kill('SIGTERM');
    expect((await second.run.exit).code).toBe(0);
    expect(alive(second.javaPid)).toBe(false);
  }, 400_000); // two starts of DynamoDB Local with data on disk, on a loaded machine
});
