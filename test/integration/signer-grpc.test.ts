import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http2 from 'node:http2';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';
import { GrpcSigner, type TlsMaterial } from '../../shared/adapters/signer/grpc-signer.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { readConfig } from '../../shared/config.js';
import { SignerUnavailableError, type SignRequest } from '../../shared/ports/signer.js';
import { keccak256Hex, makeChainProfile } from '../../shared/domain/chain/chain-profile.js';
import { makeCa, type Pem, type TestCa } from '../support/tls.js';

/* The gRPC signer (signer.v1.Signer over HTTP/2 with mutual TLS): the service's adapter against the reference
   signer, with a CA and certificates made at run time. */
let dir: string;
let ca: TestCa;
let client: Pem;
let signer: ReferenceSigner;
const open: GrpcSigner[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grpcsigner-'));
  ca = await makeCa('Signer CA');
  const server = await ca.issue('localhost', 'server');
  client = await ca.issue('custody-service', 'client');
  signer = await startReferenceSigner({
    port: 0,
    dir,
    token: 'reference-signer-test-token',
    grpc: { tls: { ca: ca.cert, ...server } },
  });
});
afterAll(async () => {
  for (const s of open) s.close();
  await signer?.close();
  await rm(dir, { recursive: true, force: true });
});

const grpcSigner = (tls: TlsMaterial, timeoutMs = 5_000) => {
  const s = new GrpcSigner({ url: signer.grpcUrl!, timeoutMs, tls: async () => tls });
  open.push(s);
  return s;
};
const profile = (context: string) =>
  makeChainProfile({ chainId: 20803, algorithm: 'ML-DSA-65', context, nativeAsset: { symbol: 'PQ', name: 'PQ' } });
const digest = keccak256Hex(new TextEncoder().encode('unsigned tx over grpc'));
const req = (keyRef: string, over: Partial<SignRequest> = {}): SignRequest => ({
  keyRef,
  digest,
  context: 'pq-evm-v1',
  algorithm: 'ML-DSA-65',
  transactionId: 'tx-1',
  tenantId: 't-1',
  unsignedTx: '0x',
  receipt: { payload: '{}', key_id: 'none', algorithm: 'ML-DSA-65', signature: '0x00' },
  ...over,
});

describe('gRPC signer with mutual TLS', () => {
  it('generates a key and signs a digest whose ML-DSA signature verifies with the chain profile', async () => {
    const s = grpcSigner({ ca: ca.cert, ...client });
    expect(await s.healthy()).toBe(true);
    const key = await s.generateKey({ tenantId: 't-1', vaultId: 'v-1', walletLabel: 'hot', algorithm: 'ML-DSA-65' });
    const out = await s.sign(req(key.keyRef));
    expect(out.outcome).toBe('signed');
    const signature = (out as { signature: string }).signature;
    expect(profile('pq-evm-v1').verify(key.publicKey, Buffer.from(digest.slice(2), 'hex'), signature)).toBe(true);
    expect(profile('').verify(key.publicKey, Buffer.from(digest.slice(2), 'hex'), signature)).toBe(false);
  });

  it('answers key_not_held for a key the signer does not hold, permanent for a key of another parameter set', async () => {
    const s = grpcSigner({ ca: ca.cert, ...client });
    expect(await s.sign(req('key_00000000-0000-0000-0000-000000000000'))).toMatchObject({ outcome: 'key_not_held' });
    const key44 = await s.generateKey({ tenantId: 't-1', vaultId: 'v-1', walletLabel: null, algorithm: 'ML-DSA-44' });
    expect(await s.sign(req(key44.keyRef))).toMatchObject({ outcome: 'permanent' });
  });

  it('refuses a client without a certificate and one whose certificate comes from another CA', async () => {
    const other = await makeCa('Another CA');
    const foreign = await other.issue('custody-service', 'client');
    const key = await grpcSigner({ ca: ca.cert, ...client }).generateKey({
      tenantId: 't',
      vaultId: 'v',
      walletLabel: null,
      algorithm: 'ML-DSA-65',
    });
    for (const tls of [
      { ca: ca.cert, cert: '', key: '' },
      { ca: ca.cert, ...foreign },
    ]) {
      const s = grpcSigner(tls);
      const out = await s.sign(req(key.keyRef));
      expect(out.outcome).toBe('transient');
      expect(out).not.toHaveProperty('signature');
      await expect(
        s.generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-65' }),
      ).rejects.toBeInstanceOf(SignerUnavailableError);
      expect(await s.healthy()).toBe(false);
    }
    // The handshake itself fails: a raw HTTP/2 client without a certificate never gets a session.
    const raw = http2.connect(signer.grpcUrl!, { ca: ca.cert });
    const failure = await new Promise<unknown>((resolve) => {
      raw.on('error', resolve);
      raw
        .request({ ':path': '/signer.v1.Signer/Health', ':method': 'POST', 'content-type': 'application/grpc' })
        .on('error', resolve)
        .on('response', () => resolve(null))
        .end();
    });
    raw.destroy();
    expect(failure).toBeInstanceOf(Error);
  });

  it('does not trust a signer whose server certificate is not from the configured CA', async () => {
    const other = await makeCa('Another CA');
    const out = await grpcSigner({ ca: other.cert, ...client }).sign(req('key_00000000-0000-0000-0000-000000000000'));
    expect(out.outcome).toBe('transient');
  });

  it('is what makeSigner builds for CUSTODY_SIGNER_TYPE=grpc, reading PEM files and inline PEM', async () => {
    await writeFile(join(dir, 'client.pem'), client.cert);
    await writeFile(join(dir, 'client.key'), client.key, { mode: 0o600 });
    const cfg = readConfig({
      CUSTODY_SIGNER_TYPE: 'grpc',
      CUSTODY_SIGNER_GRPC_URL: signer.grpcUrl!,
      CUSTODY_SIGNER_TLS_CA: ca.cert,
      CUSTODY_SIGNER_TLS_CERT: join(dir, 'client.pem'),
      CUSTODY_SIGNER_TLS_KEY: join(dir, 'client.key'),
    });
    const s = makeSigner(cfg);
    expect(s).toBeInstanceOf(GrpcSigner);
    open.push(s as GrpcSigner);
    const key = await s.generateKey({ tenantId: 't', vaultId: 'v', walletLabel: null, algorithm: 'ML-DSA-65' });
    expect((await s.sign(req(key.keyRef))).outcome).toBe('signed');
  });

  it('refuses a grpc configuration without the URL or the client certificate', () => {
    expect(() => readConfig({ CUSTODY_SIGNER_TYPE: 'grpc' })).toThrow(/CUSTODY_SIGNER_GRPC_URL/);
    expect(() => readConfig({ CUSTODY_SIGNER_TYPE: 'grpc', CUSTODY_SIGNER_GRPC_URL: 'https://signer:8701' })).toThrow(
      /CUSTODY_SIGNER_TLS_CERT/,
    );
    expect(() => readConfig({ CUSTODY_SIGNER_GRPC_URL: 'http://signer:8701' })).toThrow(/https/);
    expect(() => readConfig({ CUSTODY_SIGNER_TLS_CERT: 'a.pem' })).toThrow(/both or neither/);
  });
});
