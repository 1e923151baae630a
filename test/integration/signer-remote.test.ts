import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';
import { classifyHttpAnswer, HttpSigner } from '../../shared/adapters/signer/http-signer.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { AwsSecretsManagerProvider } from '../../shared/adapters/secrets/aws-secrets-manager.js';
import { readConfig } from '../../shared/config.js';
import { logger } from '../../shared/app/logger.js';
import type { SignRequest } from '../../shared/ports/signer.js';
import { keccak256Hex, makeChainProfile } from '../../shared/domain/chain/chain-profile.js';

/* The `remote` signer: POST /sign over real HTTP to the reference signer, each answer mapped to a SignOutcome,
   and the bearer token read from Secrets Manager (mocked at the SDK boundary) as on AWS. */
const TOKEN = 'remote-signer-test-token-1';
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:custody/signer-token-AbCdEf';
let dir: string;
let signer: ReferenceSigner;
let keyRef: string;
let publicKey: string;
const sm = mockClient(SecretsManagerClient);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'remotesigner-'));
  signer = await startReferenceSigner({ port: 0, dir, token: TOKEN });
  ({ keyRef, publicKey } = await new HttpSigner({ url: signer.url, token: TOKEN, timeoutMs: 5_000 }).generateKey({
    tenantId: 't',
    vaultId: 'v',
    walletLabel: null,
    algorithm: 'ML-DSA-65',
  }));
});
afterAll(async () => {
  await signer?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => sm.reset());

const digest = keccak256Hex(new TextEncoder().encode('remote unsigned tx'));
const req = (over: Partial<SignRequest> = {}): SignRequest => ({
  keyRef,
  digest,
  context: '',
  algorithm: 'ML-DSA-65',
  transactionId: 'tx-9',
  tenantId: 't',
  unsignedTx: '0x',
  receipt: { payload: '{}', key_id: 'none', algorithm: 'ML-DSA-65', signature: '0x00' },
  ...over,
});
const verifies = (signature: string) =>
  makeChainProfile({
    chainId: 1,
    algorithm: 'ML-DSA-65',
    context: '',
    nativeAsset: { symbol: 'PQ', name: 'PQ' },
  }).verify(publicKey, Buffer.from(digest.slice(2), 'hex'), signature);
const remoteCfg = (over: Record<string, string> = {}) =>
  readConfig({ CUSTODY_SIGNER_TYPE: 'remote', CUSTODY_SIGNER_URL: signer.url, ...over });

async function withServer(handler: http.RequestListener, fn: (url: string) => Promise<void>) {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe('remote signer (HTTPS)', () => {
  it('signs through POST /sign with the token from the environment setting', async () => {
    const out = await makeSigner(remoteCfg({ CUSTODY_SIGNER_TOKEN: TOKEN })).sign(req());
    expect(out.outcome).toBe('signed');
    expect(verifies((out as { signature: string }).signature)).toBe(true);
  });

  it('reads the token from Secrets Manager once (cached), and again after the signer refuses it (rotation)', async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN })
      .resolvesOnce({ SecretString: TOKEN })
      .resolvesOnce({ SecretString: 'rotated-away-old-token' })
      .resolves({ SecretString: TOKEN });
    const secrets = new AwsSecretsManagerProvider(new SecretsManagerClient({ region: 'us-east-1' }));
    const s = makeSigner(remoteCfg({ CUSTODY_SIGNER_TOKEN_SECRET_ARN: ARN }), secrets);
    expect((await s.sign(req())).outcome).toBe('signed');
    expect((await s.sign(req())).outcome).toBe('signed');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: ARN });

    secrets.forget(ARN); // the next read gets the stale value: the signer refuses it, the adapter forgets it
    expect(await s.sign(req())).toMatchObject({
      outcome: 'transient',
      reason: 'signer answered HTTP 401 unauthorized',
    });
    expect((await s.sign(req())).outcome).toBe('signed');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('is transient when Secrets Manager cannot be read, and never logs the token', async () => {
    sm.on(GetSecretValueCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const s = makeSigner(
      remoteCfg({ CUSTODY_SIGNER_TOKEN_SECRET_ARN: ARN }),
      new AwsSecretsManagerProvider(new SecretsManagerClient({ region: 'us-east-1' })),
    );
    expect(await s.sign(req())).toMatchObject({
      outcome: 'transient',
      reason: expect.stringContaining('AccessDeniedException'),
    });

    const written: string[] = [];
    const spy = vi
      .spyOn(logger, 'warn')
      .mockImplementation((...args: unknown[]) => void written.push(JSON.stringify(args)));
    try {
      const wrong = new HttpSigner({ url: signer.url, token: 'a-wrong-token-that-must-not-leak', timeoutMs: 5_000 });
      expect((await wrong.sign(req())).outcome).toBe('transient');
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toContain('signer sign failed');
    expect(written.join('')).not.toContain('a-wrong-token-that-must-not-leak');
  });

  it('answers key_not_held for a key the signer does not hold (404 key_not_found)', async () => {
    const out = await makeSigner(remoteCfg({ CUSTODY_SIGNER_TOKEN: TOKEN })).sign(
      req({ keyRef: 'key_00000000-0000-0000-0000-000000000000' }),
    );
    expect(out).toEqual({ outcome: 'key_not_held', reason: 'signer does not hold the key' });
  });

  it('is permanent for a refused request (another parameter set) or a signature of the wrong size', async () => {
    expect(
      await makeSigner(remoteCfg({ CUSTODY_SIGNER_TOKEN: TOKEN })).sign(req({ algorithm: 'ML-DSA-44' })),
    ).toMatchObject({ outcome: 'permanent', reason: 'signer answered HTTP 400 algorithm_mismatch' });
    await withServer(
      (_q, res) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ signature: '0x1234' })),
      async (url) => {
        expect((await new HttpSigner({ url, timeoutMs: 5_000 }).sign(req())).outcome).toBe('permanent');
      },
    );
  });

  it('is transient when the signer times out, is unreachable or answers 5xx/429', async () => {
    await withServer(
      () => undefined,
      async (url) => {
        expect(await new HttpSigner({ url, token: TOKEN, timeoutMs: 200 }).sign(req())).toMatchObject({
          outcome: 'transient',
          reason: 'signer timed out after 200 ms',
        });
      },
    );
    expect(
      (await new HttpSigner({ url: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 5_000 }).sign(req())).outcome,
    ).toBe('transient');
    for (const status of [500, 503, 429]) {
      await withServer(
        (_q, res) => res.writeHead(status).end('busy'),
        async (url) => {
          expect((await new HttpSigner({ url, timeoutMs: 5_000 }).sign(req())).outcome).toBe('transient');
        },
      );
    }
    expect((await makeSigner(readConfig({ CUSTODY_SIGNER_TYPE: 'remote' })).sign(req())).outcome).toBe('transient'); // no URL configured
  });

  it('follows no redirect: a 307 to another server is a transient failure, and that server is never called', async () => {
    let reached = 0;
    await withServer(
      (_q, res) => void (reached++, res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')),
      async (elsewhere) => {
        await withServer(
          (_q, res) => res.writeHead(307, { Location: `${elsewhere}/sign` }).end(),
          async (url) => {
            expect(await new HttpSigner({ url, token: TOKEN, timeoutMs: 5_000 }).sign(req())).toEqual({
              outcome: 'transient',
              reason: 'signer answered HTTP 307',
            });
            await expect(
              new HttpSigner({ url, token: TOKEN, timeoutMs: 5_000 }).generateKey({
                tenantId: 't',
                vaultId: 'v',
                walletLabel: null,
                algorithm: 'ML-DSA-65',
              }),
            ).rejects.toMatchObject({ code: 1500 });
          },
        );
      },
    );
    expect(reached).toBe(0);
  });

  it('reads at most 64 KiB of an answer: a larger one is a transient failure', async () => {
    const huge = JSON.stringify({ signature: `0x${'ab'.repeat(3309)}`, padding: 'x'.repeat(1024 * 1024) });
    await withServer(
      (_q, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(huge),
      async (url) => {
        expect(await new HttpSigner({ url, timeoutMs: 5_000 }).sign(req())).toEqual({
          outcome: 'transient',
          reason: 'signer answered more than 65536 bytes',
        });
      },
    );
  });

  it("reaches the operator's signer on a private address, but never a link-local one (the metadata service)", async () => {
    expect((await new HttpSigner({ url: signer.url, token: TOKEN, timeoutMs: 5_000 }).sign(req())).outcome).toBe(
      'signed',
    ); // 127.0.0.1
    const metadata = await new HttpSigner({ url: 'http://169.254.169.254', timeoutMs: 5_000 }).sign(req());
    expect(metadata).toMatchObject({ outcome: 'transient', reason: expect.stringContaining('link-local') });
  });

  it('requires an https:// signer URL outside CUSTODY_ENV=local (a configuration error naming the setting)', () => {
    expect(() => readConfig({ CUSTODY_ENV: 'production', CUSTODY_SIGNER_URL: 'http://signer.internal:8443' })).toThrow(
      /^invalid setting CUSTODY_SIGNER_URL: must be an https:\/\/ URL outside CUSTODY_ENV=local$/,
    );
    expect(
      readConfig({ CUSTODY_ENV: 'production', CUSTODY_SIGNER_URL: 'https://signer.internal:8443' }).CUSTODY_SIGNER_URL,
    ).toBe('https://signer.internal:8443');
    expect(readConfig({ CUSTODY_ENV: 'local', CUSTODY_SIGNER_URL: 'http://127.0.0.1:8443' }).CUSTODY_SIGNER_URL).toBe(
      'http://127.0.0.1:8443',
    );
  });

  it('classifies HTTP answers in one table', () => {
    expect(classifyHttpAnswer(404, 'key_not_found')).toBe('key_not_held');
    expect(classifyHttpAnswer(404, 'not_found')).toBe('permanent');
    expect(classifyHttpAnswer(400, 'bad_request')).toBe('permanent');
    expect(classifyHttpAnswer(401, null)).toBe('transient');
    expect(classifyHttpAnswer(408, null)).toBe('transient');
    expect(classifyHttpAnswer(502, null)).toBe('transient');
    expect(classifyHttpAnswer(302, null)).toBe('transient');
  });

  it('refuses both token settings at once and a token ARN that is not a Secrets Manager ARN', () => {
    expect(() => readConfig({ CUSTODY_SIGNER_TOKEN: TOKEN, CUSTODY_SIGNER_TOKEN_SECRET_ARN: ARN })).toThrow(/not both/);
    expect(() =>
      readConfig({ CUSTODY_SIGNER_TOKEN_SECRET_ARN: 'arn:aws:ssm:us-east-1:123456789012:parameter/x' }),
    ).toThrow(/Secrets Manager/);
  });
});
