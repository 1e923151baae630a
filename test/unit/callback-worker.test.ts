import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { KeyStore } from '../../tools/reference-signer/key-store.js';
import { CallbackWorker } from '../../tools/reference-signer/callback-worker.js';
import { keccak256Hex, makeChainProfile, toHex } from '../../shared/domain/chain/chain-profile.js';

/* The reference signer's callback worker against a small real HTTP fake of the three public routes it uses
   (list pending, signing payload, post signature; shapes of docs/signer.md, "Callback mode"), which verifies signatures like the
   service does. */
const CREDENTIAL = 'key_fake:secret-fake';
const CONTEXT = 'pq-evm-v1';
const profile = makeChainProfile({
  chainId: 20803,
  algorithm: 'ML-DSA-65',
  context: CONTEXT,
  nativeAsset: { symbol: 'PQ', name: 'PQ' },
});

type FakeTx = {
  id: string;
  status: string;
  publicKey: string;
  digest: string;
  signature?: string;
  listedAnyway?: boolean;
};
const txs = new Map<string, FakeTx>();
const hits: string[] = [];
let server: http.Server;
let apiUrl: string;
let dir: string;
let keys: KeyStore;

function fakeApi(req: http.IncomingMessage, res: http.ServerResponse) {
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const url = new URL(req.url ?? '/', 'http://fake');
  hits.push(`${req.method} ${url.pathname}`);
  if (req.headers.authorization !== `Bearer ${CREDENTIAL}`)
    return send(401, { error: { code: 1000, message: 'unauthenticated' } });
  if (req.method === 'GET' && url.pathname === '/v1/transactions') {
    const all = [...txs.values()].filter((t) => t.status === url.searchParams.get('status') || t.listedAnyway);
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const page = all.slice(from, from + 2); // small pages: the worker must follow next_cursor
    return send(200, {
      transactions: page.map((t) => ({ id: t.id, status: t.status })),
      next_cursor: from + 2 < all.length ? String(from + 2) : null,
    });
  }
  const m = /^\/v1\/transactions\/([^/]+)\/(signing-payload|signature)$/.exec(url.pathname);
  const tx = m ? txs.get(m[1]!) : undefined;
  if (!m || !tx) return send(404, { error: { code: 1300 } });
  if (tx.status !== 'PENDING_SIGNATURE') return send(409, { error: { code: 1301 } });
  if (req.method === 'GET' && m[2] === 'signing-payload') {
    return send(200, {
      transaction_id: tx.id,
      digest: tx.digest,
      unsigned_tx: '0x50',
      nonce: 0,
      chain_id: 20803,
      algorithm: 'ML-DSA-65',
      context: CONTEXT,
      public_key: tx.publicKey,
      tx: {},
    });
  }
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const { signature } = JSON.parse(body) as { signature: string };
    if (!profile.verify(tx.publicKey, Buffer.from(tx.digest.slice(2), 'hex'), signature))
      return send(422, { error: { code: 1302 } });
    tx.status = 'SIGNED';
    tx.signature = signature;
    send(200, { id: tx.id, status: 'SIGNED' });
  });
}

const addTx = (publicKey: string, status = 'PENDING_SIGNATURE', extra: Partial<FakeTx> = {}): FakeTx => {
  const tx = { id: randomUUID(), status, publicKey, digest: keccak256Hex(Buffer.from(randomUUID())), ...extra };
  txs.set(tx.id, tx);
  return tx;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'callback-worker-'));
  keys = await KeyStore.open(dir);
  server = http.createServer(fakeApi);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

describe('callback worker', () => {
  it('signs the pending transactions of its keys (found by public key), skips others and remembers them', async () => {
    const mine1 = await keys.createKey('ML-DSA-65', { tenant_id: null, vault_id: null, label: null });
    const mine2 = await keys.createKey('ML-DSA-65', { tenant_id: null, vault_id: null, label: null });
    const foreignKey = toHex(ml_dsa65.keygen(new Uint8Array(32).fill(7)).publicKey);
    const a = addTx(mine1.publicKey);
    const b = addTx(mine2.publicKey.toUpperCase().replace('0X', '0x'));
    const c = addTx(mine1.publicKey);
    const foreign = addTx(foreignKey);
    const done = addTx(mine1.publicKey, 'COMPLETED');
    const logs: string[] = [];
    const worker = new CallbackWorker({ keys, apiUrl: `${apiUrl}/`, credential: CREDENTIAL, log: (m) => logs.push(m) });

    const first = await worker.runOnce();
    expect(first.signed.sort()).toEqual([a.id, b.id, c.id].sort());
    expect(first.notMine).toEqual([foreign.id]);
    for (const t of [a, b, c]) {
      expect(t.status).toBe('SIGNED');
      expect(profile.verify(t.publicKey, Buffer.from(t.digest.slice(2), 'hex'), t.signature!)).toBe(true);
    }
    expect(foreign.status).toBe('PENDING_SIGNATURE');
    expect(done.status).toBe('COMPLETED');
    expect(logs.join('\n')).not.toContain('secret-fake');

    hits.length = 0;
    const second = await worker.runOnce();
    expect(second).toEqual({ signed: [], refused: [], notMine: [foreign.id], moved: [], failed: [] });
    expect(hits).toEqual(['GET /v1/transactions']); // the foreign transaction's payload is not fetched again
  });

  it('finds a key created by another process after it started (rereads the key directory on a miss)', async () => {
    const worker = new CallbackWorker({ keys, apiUrl, credential: CREDENTIAL, log: () => undefined });
    const other = await KeyStore.open(dir);
    const created = await other.createKey('ML-DSA-65', { tenant_id: null, vault_id: null, label: null });
    const t = addTx(created.publicKey);
    expect((await worker.runOnce()).signed).toContain(t.id);
  });

  it('treats a transaction that moved on (409) as done and a refused signature as a failure to retry', async () => {
    const key = await keys.createKey('ML-DSA-65', { tenant_id: null, vault_id: null, label: null });
    const cancelled = addTx(key.publicKey, 'CANCELLED', { listedAnyway: true });
    const wrongKey = addTx(key.publicKey);
    const worker = new CallbackWorker({
      keys,
      apiUrl,
      credential: CREDENTIAL,
      log: () => undefined,
      // the signer answers for another key (as if its key files were swapped): the API refuses the signature (422)
      fetchImpl: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).endsWith(`${wrongKey.id}/signing-payload`)) {
          const p = (await res.json()) as Record<string, unknown>;
          return new Response(JSON.stringify({ ...p, digest: keccak256Hex(Buffer.from('other digest')) }), {
            status: 200,
          });
        }
        return res;
      },
    });
    const out = await worker.runOnce();
    expect(out.moved).toContain(cancelled.id);
    expect(out.failed).toEqual([{ id: wrongKey.id, reason: 'signature answered HTTP 422 (code 1302)' }]);
    expect(wrongKey.status).toBe('PENDING_SIGNATURE');
  });

  it('fails the pass when the API refuses its credential', async () => {
    const worker = new CallbackWorker({ keys, apiUrl, credential: 'key_fake:wrong', log: () => undefined });
    await expect(worker.runOnce()).rejects.toThrow('listing pending transactions answered HTTP 401');
  });
});
