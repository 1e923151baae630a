import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { createCustodyClient } from '../../clients/typescript/src/index.js';
import type { OutgoingMessage } from '../../shared/ports/queue.js';
import { transferBatch } from '../support/transfer-batch.js';
import { keys } from '../../shared/store/keys.js';

/**
 * A wallet's transfers on the local stack (`npm start`: DynamoDB Local, the dev chain, the reference signer in
 * `remote` mode): one nonce pass takes the waiting batch to the node, in one message of the wallet's group. The
 * signer is asked for all of them, the node receives them in nonce order, and no message is queued per transaction
 * between its nonce and its broadcast.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'custody-wallet-batch-'));
const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env; // the stack starts its own dev chain
let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A new tenant's admin client and a funded wallet of its own, on the stack. */
async function fundedWallet(s: LocalStack, name: string) {
  const operator = createCustodyClient({ baseUrl: s.baseUrl, apiKey: `${s.operator!.keyId}:${s.operator!.secret}` });
  const tenant = await operator.post('/v1/tenants', {
    body: { name, admin_email: `admin@${name.toLowerCase().replace(/\W/g, '')}.example` },
    idempotencyKey: name,
  });
  const admin = createCustodyClient({
    baseUrl: s.baseUrl,
    apiKey: `${tenant.admin_credential.key_id}:${tenant.admin_credential.secret}`,
  });
  const vault = await admin.post('/v1/vault/accounts', { body: { name: `${name} vault` } });
  const wallet = await admin.post('/v1/vault/accounts/{vaultAccountId}/wallets/generate', {
    params: { path: { vaultAccountId: vault.id } },
    body: { label: 'hot' },
  });
  await s.devChain!.state.setBalance(wallet.address, 10n ** 19n);
  return { tenant, admin, wallet };
}

describe("a wallet's batch of transfers", () => {
  it('goes from nonce to broadcast in one message, reaching the node in nonce order', async () => {
    stack = await startLocalStack({
      port: 0,
      dataDir: dir,
      clock: new FakeClock(Date.now()),
      env,
      schedules: { 'deposit-scanner': null },
      background: false, // nothing moves until drain(): the six transfers wait in APPROVED together
    });
    const s = stack;
    const { tenant, admin, wallet } = await fundedWallet(s, 'Batch');

    // What the node receives, in order, and what the transactions queue carries.
    const state = s.devChain!.state;
    const submit = state.submit.bind(state);
    const received: number[] = [];
    state.submit = async (raw) => {
      const hash = await submit(raw);
      received.push(Number(state.transaction(hash)!.pooled.tx.nonce));
      return hash;
    };
    const queued: string[] = [];
    const send = s.queues.send.bind(s.queues);
    s.queues.send = async (queue, messages: OutgoingMessage[]) => {
      if (queue === 'transactions')
        for (const m of messages) queued.push(String((JSON.parse(m.body) as { status?: string }).status));
      return send(queue, messages);
    };

    // How often the wallet's item is read.
    const walletKey = keys.wallet(tenant.id, wallet.id);
    let walletReads = 0;
    const get = s.store.get.bind(s.store);
    s.store.get = async (key, opts) => {
      if (key.pk === walletKey.pk && key.sk === walletKey.sk) walletReads++;
      return get(key, opts);
    };

    const { transfers, submit: post } = await transferBatch(admin, wallet.id);
    await post(6);
    await s.drain();

    const statuses = await Promise.all(
      transfers.map(async (t) => (await admin.get('/v1/transactions/{id}', { params: { path: { id: t.id } } })).status),
    );
    expect(statuses).toEqual(Array(6).fill('CONFIRMING'));
    expect(received).toEqual([0, 1, 2, 3, 4, 5]);
    // Per transfer: its submission and its approval (the wallet's group); nothing between nonce and broadcast.
    expect(queued.filter((q) => !['SUBMITTED', 'APPROVED'].includes(q))).toEqual([]);
    expect(queued.filter((q) => q === 'APPROVED')).toHaveLength(6);
    // One pass took all six: it read the wallet once for them, the signer's step once each.
    expect(walletReads).toBe(1 + 6);
  });

  it("hands a transfer whose signer call failed to its own message, without failing the wallet's", async () => {
    const s = stack!;
    const { admin, wallet } = await fundedWallet(s, 'Batch 2');
    // The signer fails its third call of the batch once (a 500: transient for the service).
    const keyStore = s.referenceSigner!.keys;
    const sign = keyStore.sign.bind(keyStore);
    let calls = 0;
    keyStore.sign = async (...args) => {
      if (++calls === 3) throw new Error('signer hiccup');
      return sign(...args);
    };
    const queued: { status?: string; group?: string }[] = [];
    const send = s.queues.send.bind(s.queues);
    s.queues.send = async (queue, messages: OutgoingMessage[]) => {
      if (queue === 'transactions')
        for (const m of messages) queued.push({ status: JSON.parse(m.body).status, group: m.groupId });
      return send(queue, messages);
    };
    const { transfers, submit: post } = await transferBatch(admin, wallet.id);
    await post(4);
    await s.drain();
    // No message failed (none waits out a visibility timeout), and every transfer reached the node.
    expect(s.queues.queue('transactions').depth()).toMatchObject({ inFlight: 0, visible: 0 });
    const statuses = await Promise.all(
      transfers.map(async (t) => (await admin.get('/v1/transactions/{id}', { params: { path: { id: t.id } } })).status),
    );
    expect(statuses).toEqual(Array(4).fill('CONFIRMING'));
    // The failed one was handed back: a PENDING_SIGNATURE message in its own group, not the wallet's.
    expect(queued.filter((q) => q.status === 'PENDING_SIGNATURE')).toEqual([
      { status: 'PENDING_SIGNATURE', group: expect.not.stringMatching(/^wallet-/) },
    ]);
  });
});
