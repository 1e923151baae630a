import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../local/stack.js';
import { createCustodyClient, type CustodyClient } from '../../clients/typescript/src/index.js';
import { transferBatch } from '../support/transfer-batch.js';

/**
 * The local stack (`npm start`: DynamoDB Local with its data on disk, the dev chain with its journal, the reference
 * signer, in-process queues) stopped with transfers in flight, some in the node's pool or in a block short of the
 * depth, some with their messages still queued, then started again on the same data folder: every transfer completes,
 * each at its own nonce, and the chain shows exactly that many transactions of the wallet.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'custody-restart-transfers-'));
const clock = new FakeClock(Date.now());
const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env; // the stack starts its own dev chain
const options: LocalStackOptions = { port: 0, dataDir: dir, clock, env, schedules: { 'deposit-scanner': null } };
let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const as = (s: LocalStack, apiKey: string): CustodyClient => createCustodyClient({ baseUrl: s.baseUrl, apiKey });
const COIN = 10n ** 18n;

describe('a restart of the local stack with transfers in flight', () => {
  it('completes every transfer, each at its own nonce', async () => {
    stack = await startLocalStack(options);
    const operator = as(stack, `${stack.operator!.keyId}:${stack.operator!.secret}`);
    const tenant = await operator.post('/v1/tenants', {
      body: { name: 'Restart', admin_email: 'admin@restart.example' },
      idempotencyKey: 'restart-1',
    });
    const secret = `${tenant.admin_credential.key_id}:${tenant.admin_credential.secret}`;
    let admin = as(stack, secret);
    const vault = await admin.post('/v1/vault/accounts', { body: { name: 'Hot' } });
    const wallet = await admin.post('/v1/vault/accounts/{vaultAccountId}/wallets/generate', {
      params: { path: { vaultAccountId: vault.id } },
      body: { label: 'hot' },
    });
    await stack.devChain!.state.setBalance(wallet.address, 10n * COIN);
    const { transfers, submit } = await transferBatch(admin, wallet.id);

    // Three broadcast and in a block short of the depth; three more with their first steps queued.
    await submit(3);
    await stack.drain();
    await stack.devChain!.mine();
    await stack.runSchedule('chain-poller');
    await submit(3);
    // One round: the stack is stopped before it quiesces (drain says so by throwing).
    await expect(stack.drain({ maxRounds: 1 })).rejects.toThrow(/did not quiesce/);
    const before = await Promise.all(
      transfers.map(async (t) => (await admin.get('/v1/transactions/{id}', { params: { path: { id: t.id } } })).status),
    );
    expect(before.filter((s) => s === 'COMPLETED')).toEqual([]);
    await stack.stop();
    stack = undefined;

    stack = await startLocalStack(options);
    admin = as(stack, secret);
    const statuses = async () =>
      Promise.all(
        transfers.map(async (t) => await admin.get('/v1/transactions/{id}', { params: { path: { id: t.id } } })),
      );
    for (let round = 0; round < 6 && (await statuses()).some((t) => t.status !== 'COMPLETED'); round++) {
      await stack.drain();
      await stack.devChain!.mine(stack.config.CUSTODY_CONFIRMATION_DEPTH + 1);
      await stack.runSchedule('chain-poller');
      await stack.drain();
    }
    const done = await statuses();
    expect(done.map((t) => t.status)).toEqual(transfers.map(() => 'COMPLETED'));
    expect(done.map((t) => t.nonce).sort((a, b) => a! - b!)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await stack.devChain!.state.transactionCount(wallet.address, 'latest')).toBe(transfers.length);
    for (const t of transfers) expect(await stack.devChain!.state.balanceOf(t.to)).toBe(t.amount);
  }, 240_000); // two starts of DynamoDB Local with data on disk, a dev chain and the signer: slow on a loaded machine
});
