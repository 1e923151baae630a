import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepDeps } from '../support/step-deps.js';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { continuesInItsGroup } from '../../shared/domain/transactions/worker-messages.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { config } from '../../shared/config.js';
import { decodeTransaction } from '../../shared/domain/transactions/transaction-item.js';
import { loadSignedTx } from '../../shared/domain/transactions/transaction-store.js';
import { entityChain } from '../../shared/domain/audit/audit-record.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';
import { tenantAuditRecords } from '../support/tenant-events.js';

/**
 * The worker's commits on DynamoDB Local: consecutive automatic moves of a transaction land in ONE transactional write
 * (the item once, conditional on the version read; one audit record per move, chained in order on the item, each
 * with its events), and a run of the transaction worker ends at the first step that must follow a commit.
 */
let testChain: TestChain;
let api: TestApi;
let tenantId: string;
let admin: Key;
let walletId: string;
let walletSecret: Uint8Array;

beforeAll(async () => {
  testChain = await startTestChain();
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  const vaultId = (await createVault(api, admin)).id;
  const w = await registerWallet(api, admin, tenantId, vaultId);
  await testChain.fund(w.wallet.address);
  walletId = w.wallet.id;
  walletSecret = w.secretKey;
});
afterAll(async () => {
  await api?.close();
  await testChain?.stop();
});

const deps = () => ({ ...stepDeps(), chain: testChain.chain, approvalTtlSeconds: 3600 });

/** Counts the store's committed writes while `fn` runs (the store itself does the writing). */
async function countingWrites<T>(fn: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const store = services().store;
  const write = store.write.bind(store);
  let writes = 0;
  store.write = async (...args) => {
    await write(...args);
    writes++;
  };
  try {
    return { result: await fn(), writes };
  } finally {
    store.write = write;
  }
}

describe('the worker commits a stretch of automatic moves at once', () => {
  it('moves a new transfer SUBMITTED -> ... -> APPROVED in one write, one audit record per move chained on the item, and stops before the nonce', async () => {
    const submitted = await api.call('POST', '/v1/transactions', {
      key: admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    const before = decodeTransaction(
      (await services().store.get(keys.transaction(tenantId, id), { consistent: true }))!,
    );

    const { result: run, writes } = await countingWrites(() =>
      runTransactionSteps(deps(), tenantId, id, 'SUBMITTED', { goOn: () => false }),
    );
    const path = run.moves.map((m) => `${m.from}>${m.to}`);
    expect(path[0]).toBe('SUBMITTED>QUEUED');
    expect(run.moves.at(-1)!.to).toBe('APPROVED');
    expect(run.moves.length).toBeGreaterThan(1);
    expect(writes).toBe(1);

    const item = (await services().store.get(keys.transaction(tenantId, id), { consistent: true }))!;
    expect(item).toMatchObject({ status: 'APPROVED', version: before.version + 1 });
    const chain = entityChain(keys.transaction(tenantId, id));
    const records = (await tenantAuditRecords(services().store, tenantId)).filter((r) => r.chain === chain);
    const moves = records.filter((r) => r.action === 'transaction.status_changed');
    expect(moves.map((r) => `${(r.change as { from: string }).from}>${(r.change as { to: string }).to}`)).toEqual(path);
    // Each record chains on the one before it; the item carries the last.
    for (let i = 1; i < records.length; i++) expect(records[i]!.previous_hash).toBe(records[i - 1]!.hash);
    expect(item.audit_hash).toBe(records.at(-1)!.hash);
    // Each move has its own transaction.status_changed, in order (a change's events ride in its first record).
    const events = moves.flatMap((r) =>
      (r.events ?? [])
        .filter((e) => e.type === 'transaction.status_changed')
        .map((e) => (e.data as { status: string }).status),
    );
    expect(events).toEqual(run.moves.map((m) => m.to));
  });

  it('leaves APPROVED to its own message (the nonce), then commits SIGNED -> BROADCASTING with the signature and leaves the broadcast to the next', async () => {
    const submitted = await api.call('POST', '/v1/transactions', {
      key: admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
    });
    const id = submitted.body.id as string;
    await runTransactionSteps(deps(), tenantId, id, 'SUBMITTED', { goOn: () => false });
    const nonce = await runTransactionSteps(deps(), tenantId, id, 'APPROVED', { goOn: () => false });
    expect(nonce.moves.map((m) => m.to)).toEqual(['PENDING_SIGNATURE']);
    const { result: signed } = await countingWrites(() =>
      runTransactionSteps(deps(), tenantId, id, 'PENDING_SIGNATURE', { goOn: () => false }),
    );
    // In callback mode (no push signer) it waits; with a push signer, SIGNED and BROADCASTING are one commit.
    if (signed.moves.length) expect(signed.moves.map((m) => m.to)).toEqual(['SIGNED', 'BROADCASTING']);
    else expect(signed.stopped).toBe('idle');
  });
});

describe('a worker run goes on from its own commits', () => {
  /** A new transfer taken to SIGNED: its nonce, then a signature posted as a callback signer would. */
  async function signedTransfer(): Promise<string> {
    const submitted = await api.call('POST', '/v1/transactions', {
      key: admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
    });
    const id = submitted.body.id as string;
    await runTransactionSteps(deps(), tenantId, id, 'SUBMITTED', { goOn: () => false });
    await runTransactionSteps(deps(), tenantId, id, 'APPROVED', { goOn: () => false });
    const p = (await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: admin })).body;
    const signature = chainProfileFromConfig(config()).sign(walletSecret, Buffer.from(p.digest.slice(2), 'hex'));
    const res = await api.call('POST', `/v1/transactions/${id}/signature`, { key: admin, body: { signature } });
    expect(res.body.status).toBe('SIGNED');
    return id;
  }
  const itemOf = async (id: string) =>
    (await services().store.get(keys.transaction(tenantId, id), { consistent: true }))!;

  it('commits BROADCASTING marked as its own (no message is routed for it), then broadcasts in the same run from the item it wrote', async () => {
    const id = await signedTransfer();
    const written: Record<string, unknown>[] = [];
    const reads: string[] = [];
    const store = services().store;
    const write = store.write.bind(store);
    const getMany = store.getMany.bind(store);
    store.write = async (ops, opts) => {
      for (const o of ops) if (o.op === 'put' && o.item.entity === 'transaction') written.push(o.item);
      await write(ops, opts);
    };
    store.getMany = async (ks, opts) => {
      for (const k of ks) if (k.sk === keys.transaction(tenantId, id).sk) reads.push(k.sk);
      return getMany(ks, opts);
    };
    let run;
    try {
      run = await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup });
    } finally {
      store.write = write;
      store.getMany = getMany;
    }
    expect(run.moves.map((m) => m.to)).toEqual(['BROADCASTING', 'CONFIRMING']);
    expect(written.map((i) => [i.status, i.worker_continues])).toEqual([
      ['BROADCASTING', true],
      ['CONFIRMING', undefined],
    ]);
    expect((await itemOf(id)).worker_continues).toBeUndefined();
    // Two commits, one read: the second started from what the first wrote (its version and audit chain end).
    expect(reads).toHaveLength(1);
    const chain = entityChain(keys.transaction(tenantId, id));
    const records = (await tenantAuditRecords(store, tenantId)).filter((r) => r.chain === chain);
    for (let i = 1; i < records.length; i++) expect(records[i]!.previous_hash).toBe(records[i - 1]!.hash);
    expect((await itemOf(id)).audit_hash).toBe(records.at(-1)!.hash);
  });

  it('reads the transaction afresh when what it starts from was changed meanwhile', async () => {
    const id = await signedTransfer();
    const stale = decodeTransaction(await itemOf(id));
    // Another writer moves the item on (a note edited, say) after the state the run was handed.
    const item = await itemOf(id);
    await services().store.write([
      {
        op: 'put',
        item: { ...item, note: 'edited meanwhile', version: Number(item.version) + 1 },
        condition: { type: 'version', version: Number(item.version) },
      },
    ]);
    const run = await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup, known: stale });
    expect(run.moves.map((m) => m.to)).toEqual(['BROADCASTING', 'CONFIRMING']);
    expect(decodeTransaction(await itemOf(id))).toMatchObject({ status: 'CONFIRMING', note: 'edited meanwhile' });
  });

  it('takes a transaction up from the marked status when the message of a run that stopped short is retried', async () => {
    const id = await signedTransfer();
    // A run that committed BROADCASTING and stopped there unmarked: a retried SIGNED message finds nothing to do.
    await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: () => false });
    expect((await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup })).stopped).toBe(
      'idle',
    );
    // Marked, as a run that goes on leaves it before its broadcast: the same message now broadcasts it.
    const item = await itemOf(id);
    await services().store.write([
      {
        op: 'put',
        item: { ...item, worker_continues: true, version: Number(item.version) + 1 },
        condition: { type: 'version', version: Number(item.version) },
      },
    ]);
    const resumed = await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup });
    expect(resumed.moves.map((m) => `${m.from}>${m.to}`)).toEqual(['BROADCASTING>CONFIRMING']);
    expect(decodeTransaction(await itemOf(id)).chainTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  describe('its signed encoding, in an item of its own', () => {
    const signedItemOf = (id: string) =>
      services().store.get(keys.transactionSigned(tenantId, id), { consistent: true });

    it('is written once, with the signature, and sent from there: the later writes of the transaction do not carry it', async () => {
      const id = await signedTransfer();
      expect(await itemOf(id)).not.toHaveProperty('signed_tx');
      const own = await signedItemOf(id);
      expect(own).toMatchObject({ entity: 'signed_tx' });
      const store = services().store;
      const write = store.write.bind(store);
      const signedWrites: unknown[] = [];
      store.write = async (ops, opts) => {
        for (const o of ops)
          if (o.op === 'put' && (o.item.sk === 'SIGNED' || 'signed_tx' in o.item)) signedWrites.push(o.item);
        await write(ops, opts);
      };
      try {
        const run = await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup });
        expect(run.moves.map((m) => m.to)).toEqual(['BROADCASTING', 'CONFIRMING']);
      } finally {
        store.write = write;
      }
      expect(signedWrites).toEqual([]);
      const tx = decodeTransaction(await itemOf(id));
      expect(await testChain.chain.transactionsKnown([tx.chainTxHash!])).toEqual([true]);
      expect(await loadSignedTx(store, tx)).toMatch(/^0x50/);
    });

    it('is moved out of an item written when the item held it, at its next write, and still sent', async () => {
      const id = await signedTransfer();
      // The transaction as stored before the encoding had an item of its own: on the item, and nothing beside it.
      const store = services().store;
      const item = await itemOf(id);
      const own = (await signedItemOf(id))!;
      await store.write([
        {
          op: 'put',
          item: { ...item, signed_tx: own.raw, version: Number(item.version) + 1 },
          condition: { type: 'version', version: Number(item.version) },
        },
        { op: 'delete', key: keys.transactionSigned(tenantId, id) },
      ]);
      const run = await runTransactionSteps(deps(), tenantId, id, 'SIGNED', { goOn: continuesInItsGroup });
      expect(run.moves.map((m) => m.to)).toEqual(['BROADCASTING', 'CONFIRMING']);
      expect(await itemOf(id)).not.toHaveProperty('signed_tx');
      expect((await signedItemOf(id))?.raw).toEqual(own.raw);
      const tx = decodeTransaction(await itemOf(id));
      expect(await testChain.chain.transactionsKnown([tx.chainTxHash!])).toEqual([true]);
    });
  });
});
