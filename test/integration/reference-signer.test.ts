import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';
import { HttpSigner } from '../../shared/adapters/signer/http-signer.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { readConfig } from '../../shared/config.js';
import { SignerUnavailableError } from '../../shared/ports/signer.js';
import {
  keccak256Hex,
  makeChainProfile,
  PQ_ALGORITHMS,
  keySizes,
  type PqAlgorithm,
} from '../../shared/domain/chain/chain-profile.js';

/* The reference signer over real HTTP, and the service's HTTP signer adapter talking to it. */
const TOKEN = 'reference-signer-test-token';
let dir: string;
let signer: ReferenceSigner;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refsigner-'));
  signer = await startReferenceSigner({ port: 0, dir, token: TOKEN });
});
afterAll(async () => {
  await signer?.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, token: string | null = TOKEN, base = signer.url) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const profileFor = (algorithm: PqAlgorithm, context = '') =>
  makeChainProfile({ chainId: 20803, algorithm, context, nativeAsset: { symbol: 'PQ', name: 'PQ' } });
const digest = keccak256Hex(new TextEncoder().encode('unsigned tx'));
const digestBytes = Buffer.from(digest.slice(2), 'hex');

describe('reference signer', () => {
  it('answers health without auth and refuses a missing or wrong bearer token (401)', async () => {
    expect((await fetch(`${signer.url}/health`)).status).toBe(200);
    expect((await post('/keys', { algorithm: 'ML-DSA-65' }, null)).status).toBe(401);
    expect((await post('/keys', { algorithm: 'ML-DSA-65' }, TOKEN + 'x')).status).toBe(401);
    expect((await post('/keys', { algorithm: 'ML-DSA-65' }, TOKEN.slice(0, -1))).status).toBe(401);
  });

  it.each(PQ_ALGORITHMS)(
    'creates a %s key pair and signs digests that verify under the FIPS 204 context given',
    async (algorithm) => {
      const created = await post('/keys', { algorithm, tenant_id: 't', vault_id: 'v', label: 'l' });
      expect(created.status).toBe(201);
      const { key_ref, public_key } = (await created.json()) as { key_ref: string; public_key: string };
      expect((public_key.length - 2) / 2).toBe(keySizes(algorithm).publicKey);
      const res = await post('/sign', { key_ref, digest, context: 'ctx-1' });
      expect(res.status).toBe(200);
      const { signature } = (await res.json()) as { signature: string };
      expect(profileFor(algorithm, 'ctx-1').verify(public_key, digestBytes, signature)).toBe(true);
      expect(profileFor(algorithm, '').verify(public_key, digestBytes, signature)).toBe(false);
    },
  );

  it('refuses an unknown algorithm or a digest that is not 32 bytes (400), and an unknown key_ref (404)', async () => {
    expect((await post('/keys', { algorithm: 'ML-DSA-99' })).status).toBe(400);
    const { key_ref } = (await (await post('/keys', { algorithm: 'ML-DSA-44' })).json()) as { key_ref: string };
    expect((await post('/sign', { key_ref, digest: '0x1234' })).status).toBe(400);
    const unknown = await post('/sign', { key_ref: 'key_00000000-0000-0000-0000-000000000000', digest });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe('key_not_found');
    expect(((await (await post('/no-such-route', {})).json()) as any).error.code).toBe('not_found');
    const mismatch = await post('/sign', { key_ref, digest, algorithm: 'ML-DSA-65' });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as any).error.code).toBe('algorithm_mismatch');
    expect((await post('/sign', { key_ref: '../master', digest })).status).toBe(404);
  });

  it('keeps keys on disk, encrypted, owner-only, and signs with them after a restart', async () => {
    const { key_ref, public_key } = (await (await post('/keys', { algorithm: 'ML-DSA-65' })).json()) as {
      key_ref: string;
      public_key: string;
    };
    const file = join(dir, 'keys', `${key_ref}.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'master.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'keys'))).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(stored.seed).sort()).toEqual(['ciphertext', 'iv', 'tag']);
    const restarted = await startReferenceSigner({ port: 0, dir, token: TOKEN });
    try {
      const res = await post('/sign', { key_ref, digest }, TOKEN, restarted.url);
      const { signature } = (await res.json()) as { signature: string };
      expect(profileFor('ML-DSA-65').verify(public_key, digestBytes, signature)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('HTTP signer adapter', () => {
  it('generates a key and signs through the reference signer', async () => {
    const adapter = new HttpSigner({ url: `${signer.url}/`, token: TOKEN, timeoutMs: 5_000 });
    const key = await adapter.generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-87' });
    expect((key.publicKey.length - 2) / 2).toBe(2592);
    const out = await adapter.sign({
      keyRef: key.keyRef,
      digest,
      context: '',
      algorithm: 'ML-DSA-87',
      transactionId: 'tx-1',
      tenantId: 't',
      unsignedTx: '0x',
      receipt: { payload: '{}', key_id: 'none', algorithm: 'ML-DSA-65', signature: '0x00' },
    });
    expect(out.outcome).toBe('signed');
    expect(profileFor('ML-DSA-87').verify(key.publicKey, digestBytes, (out as { signature: string }).signature)).toBe(
      true,
    );
  });

  it('turns a refused token, an unreachable signer and a timeout into 503 1500', async () => {
    const hanging = http.createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const cases = [
        new HttpSigner({ url: signer.url, token: 'wrong-token', timeoutMs: 5_000 }),
        new HttpSigner({ url: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 5_000 }),
        new HttpSigner({ url: hangingUrl, token: TOKEN, timeoutMs: 200 }),
        makeSigner(readConfig({ CUSTODY_SIGNER_TYPE: 'remote' })),
      ];
      for (const adapter of cases) {
        const err = await adapter
          .generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-65' })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SignerUnavailableError);
        expect(err).toMatchObject({ code: 1500, status: 503 });
      }
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
    }
  });

  it('refuses a key of another parameter set from the signer (503 1500)', async () => {
    const adapter = new HttpSigner({ url: signer.url, token: TOKEN, timeoutMs: 5_000 });
    // A signer that makes ML-DSA-44 keys whatever it is asked: a proxy in front of the reference signer rewrites the request.
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const answer = await post(
          req.url!,
          JSON.parse(Buffer.concat(chunks).toString().replace('ML-DSA-65', 'ML-DSA-44')),
        );
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text());
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const lying = new HttpSigner({
        url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        token: TOKEN,
        timeoutMs: 5_000,
      });
      await expect(
        adapter.generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-65' }),
      ).resolves.toBeTruthy();
      await expect(
        lying.generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-65' }),
      ).rejects.toBeInstanceOf(SignerUnavailableError);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });
});
