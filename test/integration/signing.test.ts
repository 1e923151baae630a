import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeClock } from '../../shared/ports/clock.js';
import type { LocalStack } from '../../local/stack.js';
import type { ReferenceSigner } from '../../tools/reference-signer/server.js';
import { CallbackWorker } from '../../tools/reference-signer/callback-worker.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { readConfig } from '../../shared/config.js';
import { stepDeps } from '../support/step-deps.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import {
  chainProfileFromConfig,
  chainProfileValues,
  fromHex,
  makeChainProfileLoadingMlDsa,
  ML_DSA,
  toHex,
} from '../../shared/domain/chain/chain-profile.js';
import { loadMlDsa } from '../../shared/composition/profile-on-demand.js';
import { HttpSigner } from '../../shared/adapters/signer/http-signer.js';
import { decodeSignedTx } from '../../shared/domain/chain/pq-evm-v1.js';
import { decodeTransaction } from '../../shared/domain/transactions/transaction-item.js';
import { loadSignedTx } from '../../shared/domain/transactions/transaction-store.js';
import type { Key, TestApi } from '../support/local-api.js';
import { createVault, registerWallet } from '../support/fixtures.js';
import {
  fund as fundOnChain,
  getTransaction,
  signerHeldWallet,
  startSigningWorld,
  stopSigningWorld,
  submitTransfer,
  type SigningWorld,
} from '../support/signing-world.js';
import { makeCa, type Pem, type TestCa } from '../support/tls.js';

/**
 * Signing over real HTTP on DynamoDB Local and the dev chain (docs/transactions.md, "Signing"): the local stack in `callback` mode with a
 * reference signer of the test's own (HTTPS, gRPC with mutual TLS made at run time, callback worker). A transfer's
 * way from APPROVED into PENDING_SIGNATURE (nonce, fees, unsigned tx, balance check) and from there into SIGNED by
 * every path: a test-held key posting its signature, the service pushing to the signer over HTTPS (`remote`) and over
 * gRPC (`grpc`), and the reference signer's callback worker.
 */
const clock = new FakeClock(Date.now());
let world: SigningWorld;
let stack: LocalStack;
let api: TestApi;
let signer: ReferenceSigner;
let signerToken: string;
let ca: TestCa;
let client: Pem;
let tenantId: string;
let admin: Key;
let operator: Key;
let viewer: Key;
let vaultId: string;

beforeAll(async () => {
  ca = await makeCa('Signing test CA');
  const server = await ca.issue('localhost', 'server');
  client = await ca.issue('custody-service', 'client');
  world = await startSigningWorld(clock, { name: 'signing', grpc: { tls: { ca: ca.cert, ...server } } });
  ({ stack, api, signer, token: signerToken } = world);
  ({ id: tenantId, admin, operator, viewer, vaultId } = world.tenant);
}, 180_000);
afterAll(() => stopSigningWorld(world));

const profile = () => chainProfileFromConfig(stack.config);
const fund = (address: string, wei?: bigint) => fundOnChain(world, address, wei);
const get = (id: string, key?: Key) => getTransaction(world, id, key);
const transfer = (walletId: string, amount = '1000000000000000000') => submitTransfer(world, walletId, amount);

async function fundedWallet() {
  const w = await registerWallet(api, admin, tenantId, vaultId, Math.floor(clock.now().getTime() / 1000));
  await fund(w.wallet.address);
  return w;
}

const generatedWallet = () => signerHeldWallet(world);

describe('entering PENDING_SIGNATURE', () => {
  it("takes the nonce, estimates fees and gas, and offers the payload with the wallet's key", async () => {
    const { wallet } = await fundedWallet();
    const id = await transfer(wallet.id);
    const tx = await get(id);
    expect(tx.status).toBe('PENDING_SIGNATURE');
    expect(tx.nonce).toBe(0);
    expect(tx.gasLimit).toBe(21000);
    const res = await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: viewer });
    expect(res.status).toBe(200);
    const p = res.body;
    expect(Object.keys(p)).toEqual([
      'transaction_id',
      'digest',
      'unsigned_tx',
      'nonce',
      'chain_id',
      'algorithm',
      'context',
      'public_key',
      'receipt',
      'tx',
    ]);
    expect(p).toMatchObject({
      transaction_id: id,
      nonce: 0,
      chain_id: 20803,
      algorithm: 'ML-DSA-65',
      context: stack.config.CUSTODY_PQ_CONTEXT,
    });
    expect(p.tx).toMatchObject({
      chainId: 20803,
      nonce: 0,
      gasLimit: 21000,
      to: tx.destinationAddr.toLowerCase(),
      value: tx.amount,
      data: '0x',
    });
    expect(tx.fee).toBe((BigInt(p.tx.gasLimit) * BigInt(p.tx.maxFeePerGas)).toString());
    const tf = {
      ...p.tx,
      chainId: BigInt(p.tx.chainId),
      nonce: BigInt(p.tx.nonce),
      gasLimit: BigInt(p.tx.gasLimit),
      maxFeePerGas: BigInt(p.tx.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(p.tx.maxPriorityFeePerGas),
      value: BigInt(p.tx.value),
    };
    expect(profile().signingPayload(tf)).toEqual({ unsignedTx: p.unsigned_tx, digest: p.digest });
  });

  it('fails a transfer whose wallet cannot pay amount + maximum fee, taking no nonce', async () => {
    const { wallet } = await registerWallet(api, admin, tenantId, vaultId, Math.floor(clock.now().getTime() / 1000));
    await fund(wallet.address, 10n ** 18n); // exactly the amount: the fee does not fit
    const tx = await get(await transfer(wallet.id));
    expect(tx.status).toBe('FAILED');
    expect(tx.failureReason).toMatch(/^insufficient funds/);
    expect(tx.nonce).toBeNull();
    await fund(wallet.address);
    expect((await get(await transfer(wallet.id))).nonce).toBe(0); // the failed transfer took none
  });

  it("gives a cancelled transfer's nonce to the next transfer of the wallet", async () => {
    const { wallet } = await fundedWallet();
    const a = await transfer(wallet.id);
    const b = await transfer(wallet.id);
    expect([(await get(a)).nonce, (await get(b)).nonce]).toEqual([0, 1]);
    expect(
      (await api.call('POST', `/v1/transactions/${a}/cancel`, { key: operator, body: { reason: 'wrong amount' } })).body
        .status,
    ).toBe('CANCELLED');
    const c = await transfer(wallet.id);
    expect((await get(c)).nonce).toBe(0);
    expect((await get(await transfer(wallet.id))).nonce).toBe(2);
  });
});

describe('the signature', () => {
  it("moves to SIGNED when it verifies against the wallet's key; the signed transaction carries it", async () => {
    const { wallet, secretKey } = await fundedWallet();
    const id = await transfer(wallet.id);
    const p = (await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: operator })).body;
    const signature = profile().sign(secretKey, fromHex(p.digest));
    const res = await api.call('POST', `/v1/transactions/${id}/signature`, { key: operator, body: { signature } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SIGNED');
    expect(res.body.chainTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(JSON.stringify(res.body)).not.toContain(signature.slice(2, 200)); // no signature in responses
    const list = await api.call('GET', `/v1/transactions?wallet_id=${wallet.id}`, { key: operator });
    expect(JSON.stringify(list.body)).not.toContain(signature.slice(2, 200));
    const item = await stack.store.get({ pk: `TENANT#${tenantId}#TX#${id}`, sk: 'TX' }, { consistent: true });
    expect(item).not.toHaveProperty('signed_tx'); // in an item of its own
    const signed = decodeSignedTx(fromHex((await loadSignedTx(stack.store, decodeTransaction(item!)))!));
    expect(signed.signature).toBe(signature);
    expect(signed.publicKey).toBe(p.public_key);
    expect(profile().deriveAddress(signed.publicKey)).toBe(wallet.address);

    // Not waiting any more: 409 1301 for the payload and for another signature.
    const again = await api.call('POST', `/v1/transactions/${id}/signature`, { key: operator, body: { signature } });
    expect([again.status, again.body.error.code]).toEqual([409, 1301]);
    const payload = await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: operator });
    expect([payload.status, payload.body.error.code]).toEqual([409, 1301]);
  });

  it('refuses a signature by another key (422 1302) and a malformed one (400 1100), changing nothing', async () => {
    const { wallet } = await fundedWallet();
    const id = await transfer(wallet.id);
    const before = await get(id);
    const p = (await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: operator })).body;
    const other = ML_DSA['ML-DSA-65'].keygen();
    const wrong = await api.call('POST', `/v1/transactions/${id}/signature`, {
      key: operator,
      body: { signature: profile().sign(other.secretKey, fromHex(p.digest)) },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([422, 1302]);
    for (const signature of ['0xzz', 'abcd', '0x']) {
      const bad = await api.call('POST', `/v1/transactions/${id}/signature`, { key: operator, body: { signature } });
      expect([bad.status, bad.body.error.code]).toEqual([400, 1100]);
    }
    expect(await get(id)).toEqual(before);
  });

  it('is 409 1301 before PENDING_SIGNATURE, 404 1300 for another tenant, 403 for a viewer', async () => {
    const approvalVault = (await createVault(api, admin)).id;
    expect(
      (
        await api.call('POST', '/v1/policies', {
          key: admin,
          body: { vault_id: approvalVault, name: 'one approval', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] },
        })
      ).status,
    ).toBe(201);
    const held = await registerWallet(api, admin, tenantId, approvalVault, Math.floor(clock.now().getTime() / 1000));
    await fund(held.wallet.address);
    const waiting = await transfer(held.wallet.id);
    expect((await get(waiting)).status).toBe('PENDING_AUTHORIZATION');
    const early = await api.call('GET', `/v1/transactions/${waiting}/signing-payload`, { key: operator });
    expect([early.status, early.body.error.code]).toEqual([409, 1301]);
    const sig = profile().sign(held.secretKey, new Uint8Array(32));
    const earlySig = await api.call('POST', `/v1/transactions/${waiting}/signature`, {
      key: operator,
      body: { signature: sig },
    });
    expect([earlySig.status, earlySig.body.error.code]).toEqual([409, 1301]);
    const { wallet } = await fundedWallet();
    const id = await transfer(wallet.id);
    expect((await get(id)).status).toBe('PENDING_SIGNATURE');
    const t2 = await api.call('POST', '/v1/tenants', {
      body: { name: 'signing-other', admin_email: 'admin@other.example', admin_name: 'Other' },
    });
    const otherAdmin: Key = { keyId: t2.body.admin_credential.key_id, secret: t2.body.admin_credential.secret };
    const foreign = await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: otherAdmin });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 1300]);
    const foreignSig = await api.call('POST', `/v1/transactions/${id}/signature`, {
      key: otherAdmin,
      body: { signature: sig },
    });
    expect([foreignSig.status, foreignSig.body.error.code]).toEqual([404, 1300]);
    expect(
      (await api.call('POST', `/v1/transactions/${id}/signature`, { key: viewer, body: { signature: sig } })).status,
    ).toBe(403);
    expect((await get(id)).status).toBe('PENDING_SIGNATURE');
  });
});

describe('signer modes', () => {
  const pushDeps = (mode: 'remote' | 'grpc') => {
    const cfg =
      mode === 'remote'
        ? readConfig({
            CUSTODY_SIGNER_TYPE: 'remote',
            CUSTODY_SIGNER_URL: signer.url,
            CUSTODY_SIGNER_TOKEN: signerToken,
          })
        : readConfig({
            CUSTODY_SIGNER_TYPE: 'grpc',
            CUSTODY_SIGNER_GRPC_URL: signer.grpcUrl!,
            CUSTODY_SIGNER_TLS_CA: ca.cert,
            CUSTODY_SIGNER_TLS_CERT: client.cert,
            CUSTODY_SIGNER_TLS_KEY: client.key,
          });
    return { ...stepDeps(stack.ports), signer: makeSigner(cfg) };
  };

  it('callback: the service never calls out; the transfer waits in PENDING_SIGNATURE', async () => {
    const w = await generatedWallet();
    const id = await transfer(w.id);
    expect((await get(id)).status).toBe('PENDING_SIGNATURE');
    expect(await runTransactionSteps(stepDeps(stack.ports), tenantId, id)).toEqual({ moves: [], stopped: 'idle' });
  });

  for (const mode of ['remote', 'grpc'] as const) {
    it(`${mode}: the service pushes the payload to the reference signer and the transfer reaches SIGNED on its own`, async () => {
      const w = await generatedWallet();
      const id = await transfer(w.id);
      const run = await runTransactionSteps(pushDeps(mode), tenantId, id, 'PENDING_SIGNATURE');
      expect(run.moves[0]).toMatchObject({ from: 'PENDING_SIGNATURE', to: 'SIGNED' });
      const tx = await get(id);
      expect(tx.chainTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    });
  }

  it('remote: a wallet whose key the signer does not hold keeps waiting for a callback signature', async () => {
    const { wallet } = await fundedWallet(); // registered: the test holds its key, not the signer
    const id = await transfer(wallet.id);
    expect(await runTransactionSteps(pushDeps('remote'), tenantId, id, 'PENDING_SIGNATURE')).toEqual({
      moves: [],
      stopped: 'idle',
    });
    expect((await get(id)).status).toBe('PENDING_SIGNATURE');
  });

  it('remote: a signer that refuses the request (permanent) ends the transfer FAILED with the reason, its nonce given back', async () => {
    const w = await generatedWallet();
    const id = await transfer(w.id);
    // The wallet's key reference now names a key of another parameter set: the signer refuses (algorithm mismatch).
    const other = await signer.keys.createKey('ML-DSA-44', { tenant_id: tenantId, vault_id: vaultId, label: null });
    const key = { pk: `TENANT#${tenantId}`, sk: `WALLET#${w.id}` };
    const item = await stack.store.get(key, { consistent: true });
    await stack.store.write([{ op: 'put', item: { ...item!, ...key, signer_key_ref: other.keyRef } }]);
    expect(await runTransactionSteps(pushDeps('remote'), tenantId, id, 'PENDING_SIGNATURE')).toMatchObject({
      moves: [{ from: 'PENDING_SIGNATURE', to: 'FAILED' }],
    });
    const tx = await get(id);
    expect(tx.failureReason).toMatch(/^signer refused: /);
    const nonce = await stack.store.get({ pk: `TENANT#${tenantId}#NONCE#${w.id}`, sk: 'NONCE' }, { consistent: true });
    expect(nonce!.released).toEqual([tx.nonce]);
  });

  it("the reference signer's callback worker signs the transfers of its keys through the public API", async () => {
    const w = await generatedWallet();
    const { wallet: foreign } = await fundedWallet();
    const mine = await transfer(w.id);
    const notMine = await transfer(foreign.id);
    const worker = new CallbackWorker({
      keys: signer.keys,
      apiUrl: stack.baseUrl,
      credential: `${operator.keyId}:${operator.secret}`,
    });
    const pass = await worker.runOnce();
    expect(pass.signed).toContain(mine);
    expect(pass.notMine).toContain(notMine);
    expect(pass.failed).toEqual([]);
    expect((await get(mine)).status).toBe('SIGNED');
    expect((await get(notMine)).status).toBe('PENDING_SIGNATURE');
  });

  describe("with the transaction worker's profile (ML-DSA loaded by the signing step: profile-wiring-on-demand.ts)", () => {
    /** A profile as the worker wires it, counting its loads of ML-DSA; the first `failures` loads fail. */
    const workerProfile = (failures = 0) => {
      const load = vi.fn(loadMlDsa);
      for (let i = 0; i < failures; i++) load.mockRejectedValueOnce(new Error('chunk not readable'));
      return { profile: makeChainProfileLoadingMlDsa(chainProfileValues(stack.config), load), load };
    };

    it("remote: verifies the signer's real signature through the loaded verifier (SIGNED), loading ML-DSA once", async () => {
      const { profile, load } = workerProfile();
      const w = await generatedWallet();
      const id = await transfer(w.id);
      const run = await runTransactionSteps({ ...pushDeps('remote'), profile }, tenantId, id, 'PENDING_SIGNATURE');
      expect(run.moves[0]).toMatchObject({ from: 'PENDING_SIGNATURE', to: 'SIGNED' });
      expect(load).toHaveBeenCalledTimes(1);
      const record = decodeTransaction(
        (await stack.store.get({ pk: `TENANT#${tenantId}#TX#${id}`, sk: 'TX' }, { consistent: true }))!,
      );
      const signed = decodeSignedTx(fromHex((await loadSignedTx(stack.store, record))!));
      expect(signed.publicKey).toBe(w.public_key);
      expect(profile.verify(w.public_key, fromHex(record.digest!), signed.signature)).toBe(true);
      expect(
        profile.verify(
          w.public_key,
          fromHex(record.digest!),
          `0x${signed.signature.slice(2, 10) === '00000000' ? '11111111' : '00000000'}${signed.signature.slice(10)}`,
        ),
      ).toBe(false);
    });

    it('refuses a signature by another key (FAILED, nothing signed); a failed load of ML-DSA fails only that run and is not kept', async () => {
      const { profile, load } = workerProfile(1);
      const w = await generatedWallet();
      const id = await transfer(w.id);
      // A signer over real HTTP that answers a real ML-DSA signature of the right size, by a key that is not the wallet's.
      const other = ML_DSA[profile.algorithm].keygen();
      const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const { digest } = JSON.parse(body) as { digest: string };
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              signature: toHex(
                ML_DSA[profile.algorithm].sign(
                  fromHex(digest),
                  other.secretKey,
                  profile.context ? { context: new TextEncoder().encode(profile.context) } : undefined,
                ),
              ),
            }),
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const deps = {
          ...stepDeps(stack.ports),
          profile,
          signer: new HttpSigner({
            url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
            timeoutMs: 5_000,
          }),
        };
        await expect(runTransactionSteps(deps, tenantId, id, 'PENDING_SIGNATURE')).rejects.toThrow(
          'chunk not readable',
        );
        expect((await get(id)).status).toBe('PENDING_SIGNATURE');
        expect(await runTransactionSteps(deps, tenantId, id, 'PENDING_SIGNATURE')).toMatchObject({
          moves: [{ from: 'PENDING_SIGNATURE', to: 'FAILED' }],
        });
        expect(load).toHaveBeenCalledTimes(2);
        const tx = await get(id);
        expect(tx.failureReason).toBe("signer answered a signature that does not verify against the wallet's key");
        expect(tx.chainTxHash ?? null).toBeNull();
      } finally {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
      }
    });
  });
});
