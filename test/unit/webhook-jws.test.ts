import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { mockClient } from 'aws-sdk-client-mock';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  akpThumbprint,
  signWebhookJws,
  webhookJwsHeader,
  webhookSigningInput,
} from '../../shared/domain/webhooks/jws.js';
import {
  externalMu,
  KMS_RAW_MESSAGE_LIMIT,
  KmsWebhookKeys,
  kmsKeyId,
  mlDsa65PublicKeyFromSpki,
} from '../../shared/adapters/kms/kms-webhook-keys.js';
import { LocalWebhookKeys } from '../../shared/adapters/keys/local-webhook-keys.js';
import { LocalKeyProvider } from '../../shared/adapters/keys/local-key-provider.js';
import { makeWebhookKeys } from '../../shared/composition/webhook-keys.js';
import { readConfig } from '../../shared/config.js';

const BODY = '{"id":"evt_1","type":"transaction.created","timestamp":"2026-01-01T00:00:00.000Z","data":{}}';
const SPKI_PREFIX = Buffer.from('308207b2300b0609608648016503040312038207a100', 'hex');
const ARN = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const OLD_ARN = 'arn:aws:kms:eu-west-1:111122223333:key/0987dcba-09fe-87dc-65ba-ab0987654321';

/** Verifies the way docs/webhooks.md tells a receiver to: rebuild `<protected>.<b64url(body)>`, ML-DSA-65 verify. */
function verifies(jws: string, body: string, publicKey: Uint8Array): boolean {
  const [h, empty, s] = jws.split('.');
  if (empty !== '') return false;
  return ml_dsa65.verify(
    Buffer.from(s!, 'base64url'),
    Buffer.from(`${h}.${Buffer.from(body).toString('base64url')}`, 'ascii'),
    publicKey,
  );
}

describe('the JWS format', () => {
  it('computes the AKP thumbprint of draft-ietf-cose-dilithium (its all-zero-seed ML-DSA-65 example key)', () => {
    const { publicKey } = ml_dsa65.keygen(new Uint8Array(32));
    expect(akpThumbprint(publicKey)).toBe('Suiu29qbfuaBaR4Ats-c6XQBePB_OpAxAwcTR_0KXVM');
  });

  it('fixes the protected header and the signing input byte for byte', () => {
    expect(webhookJwsHeader('k1', 1767225600, 'w1')).toBe('{"alg":"ML-DSA-65","kid":"k1","iat":1767225600,"aud":"w1"}');
    expect(Buffer.from(webhookSigningInput('{"a":1}', 'é')).toString('ascii')).toBe('eyJhIjoxfQ.w6k');
  });

  it('is <protected>..<signature>, signed over the raw body by the key it names', async () => {
    const { publicKey, secretKey } = ml_dsa65.keygen(new Uint8Array(32).fill(1));
    const jws = await signWebhookJws(
      { kid: 'k1', sign: async (m) => ml_dsa65.sign(m, secretKey) },
      { rawBody: BODY, iat: 1767225600, aud: 'w1' },
    );
    const [h, empty, s] = jws.split('.');
    expect(empty).toBe('');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString('utf8'))).toEqual({
      alg: 'ML-DSA-65',
      kid: 'k1',
      iat: 1767225600,
      aud: 'w1',
    });
    expect(Buffer.from(s!, 'base64url')).toHaveLength(3309);
    expect(verifies(jws, BODY, publicKey)).toBe(true);
    expect(verifies(jws, `${BODY} `, publicKey)).toBe(false);
  });
});

describe('the KMS webhook key', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());
  afterAll(() => kms.restore());
  const current = ml_dsa65.keygen(new Uint8Array(32).fill(2));
  const previous = ml_dsa65.keygen(new Uint8Array(32).fill(3));
  const spki = (pub: Uint8Array) => new Uint8Array(Buffer.concat([SPKI_PREFIX, pub]));

  it('signs the signing input itself with Sign (ML_DSA_SHAKE_256, RAW), its kid the key id, without reading the public key', async () => {
    // KMS stands in with the real algorithm: it signs what it is sent.
    kms.on(SignCommand).callsFake((input: { Message: Uint8Array }) => ({
      Signature: ml_dsa65.sign(input.Message, current.secretKey),
      KeyId: ARN,
      SigningAlgorithm: 'ML_DSA_SHAKE_256',
    }));
    const keys = new KmsWebhookKeys(new KMSClient({ region: 'eu-west-1' }), ARN);
    const jws = await signWebhookJws(await keys.signingKey(), { rawBody: BODY, iat: 1767225600, aud: 'w1' });
    const [h] = jws.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')).kid).toBe('1234abcd-12ab-34cd-56ef-1234567890ab');
    const calls = kms.commandCalls(SignCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      KeyId: ARN,
      Message: webhookSigningInput(webhookJwsHeader('1234abcd-12ab-34cd-56ef-1234567890ab', 1767225600, 'w1'), BODY),
      MessageType: 'RAW',
      SigningAlgorithm: 'ML_DSA_SHAKE_256',
    });
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(0);
    expect(verifies(jws, BODY, current.publicKey)).toBe(true);
  });

  it('signs a signing input longer than KMS takes raw as its external mu, which verifies as the pure ML-DSA signature of the input', async () => {
    // KMS stands in with the real algorithm: it signs the 64-byte mu it is sent (FIPS 204 ML-DSA.Sign_internal).
    kms.on(SignCommand).callsFake((input: { Message: Uint8Array; MessageType: string }) => {
      expect(input.MessageType).toBe('EXTERNAL_MU');
      return { Signature: ml_dsa65.internal.sign(input.Message, current.secretKey, { externalMu: true }) };
    });
    kms.on(GetPublicKeyCommand).resolves({ KeyId: ARN, KeySpec: 'ML_DSA_65', PublicKey: spki(current.publicKey) });
    const keys = new KmsWebhookKeys(new KMSClient({ region: 'eu-west-1' }), ARN);
    const body = JSON.stringify({
      id: 'evt_big',
      type: 'transaction.failed',
      data: { failure_reason: 'x'.repeat(4000) },
    });
    const jws = await signWebhookJws(await keys.signingKey(), { rawBody: body, iat: 1767225600, aud: 'w1' });
    const input = webhookSigningInput(webhookJwsHeader('1234abcd-12ab-34cd-56ef-1234567890ab', 1767225600, 'w1'), body);
    expect(input.length).toBeGreaterThan(KMS_RAW_MESSAGE_LIMIT);
    const [call] = kms.commandCalls(SignCommand);
    expect(call!.args[0].input).toEqual({
      KeyId: ARN,
      Message: externalMu(current.publicKey, input),
      MessageType: 'EXTERNAL_MU',
      SigningAlgorithm: 'ML_DSA_SHAKE_256',
    });
    expect(verifies(jws, body, current.publicKey)).toBe(true);
    // A signing input of exactly the limit still goes raw.
    kms
      .on(SignCommand)
      .callsFake((i: { Message: Uint8Array }) => ({ Signature: ml_dsa65.sign(i.Message, current.secretKey) }));
    await (await keys.signingKey()).sign(new Uint8Array(KMS_RAW_MESSAGE_LIMIT));
    expect(kms.commandCalls(SignCommand)[1]!.args[0].input.MessageType).toBe('RAW');
  });

  it('publishes the signing key first and the other keys after, each read once with GetPublicKey', async () => {
    kms
      .on(GetPublicKeyCommand, { KeyId: ARN })
      .resolves({ KeyId: ARN, KeySpec: 'ML_DSA_65', KeyUsage: 'SIGN_VERIFY', PublicKey: spki(current.publicKey) });
    kms
      .on(GetPublicKeyCommand, { KeyId: OLD_ARN })
      .resolves({ KeyId: OLD_ARN, KeySpec: 'ML_DSA_65', KeyUsage: 'SIGN_VERIFY', PublicKey: spki(previous.publicKey) });
    const keys = new KmsWebhookKeys(new KMSClient({ region: 'eu-west-1' }), ARN, [OLD_ARN, ARN]);
    const set = await keys.publicKeys();
    expect(set).toEqual([
      {
        kty: 'AKP',
        alg: 'ML-DSA-65',
        use: 'sig',
        kid: '1234abcd-12ab-34cd-56ef-1234567890ab',
        pub: Buffer.from(current.publicKey).toString('base64url'),
      },
      {
        kty: 'AKP',
        alg: 'ML-DSA-65',
        use: 'sig',
        kid: '0987dcba-09fe-87dc-65ba-ab0987654321',
        pub: Buffer.from(previous.publicKey).toString('base64url'),
      },
    ]);
    await keys.publicKeys();
    expect(kms.commandCalls(GetPublicKeyCommand).map((c) => c.args[0].input.KeyId)).toEqual([ARN, OLD_ARN]);
    expect(kms.commandCalls(SignCommand)).toHaveLength(0);
  });

  it('refuses a key of another spec and does not keep the failure', async () => {
    kms
      .on(GetPublicKeyCommand)
      .resolvesOnce({ KeyId: ARN, KeySpec: 'ECC_NIST_P256', PublicKey: new Uint8Array(91) })
      .resolves({ KeyId: ARN, KeySpec: 'ML_DSA_65', PublicKey: spki(current.publicKey) });
    const keys = new KmsWebhookKeys(new KMSClient({ region: 'eu-west-1' }), ARN);
    await expect(keys.publicKeys()).rejects.toThrow(/not an ML_DSA_65 key/);
    expect((await keys.publicKeys())[0]!.pub).toBe(Buffer.from(current.publicKey).toString('base64url'));
  });

  it('reads the raw key out of the SubjectPublicKeyInfo only when it is an ML-DSA-65 one', () => {
    expect(mlDsa65PublicKeyFromSpki(spki(current.publicKey))).toEqual(current.publicKey);
    expect(() => mlDsa65PublicKeyFromSpki(spki(current.publicKey).subarray(1))).toThrow();
    const ml44 = Buffer.concat([
      Buffer.from('30820532300b06096086480165030403110382052100', 'hex'),
      new Uint8Array(1312),
    ]);
    expect(() => mlDsa65PublicKeyFromSpki(ml44)).toThrow();
    expect(kmsKeyId(ARN)).toBe('1234abcd-12ab-34cd-56ef-1234567890ab');
    expect(kmsKeyId('1234abcd-12ab-34cd-56ef-1234567890ab')).toBe('1234abcd-12ab-34cd-56ef-1234567890ab');
  });

  it('is what the configuration chooses when CUSTODY_WEBHOOK_KEY_ID is set; production refuses to run without it', async () => {
    kms.on(GetPublicKeyCommand).resolves({ KeyId: ARN, KeySpec: 'ML_DSA_65', PublicKey: spki(current.publicKey) });
    const cfg = readConfig({
      CUSTODY_ENV: 'production',
      CUSTODY_WEBHOOK_KEY_ID: ARN,
      CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS: '',
    });
    const keys = makeWebhookKeys(cfg);
    expect(kms.calls()).toHaveLength(0); // nothing until asked
    expect((await keys.signingKey()).kid).toBe('1234abcd-12ab-34cd-56ef-1234567890ab');
    expect((await keys.publicKeys()).map((k) => k.kid)).toEqual(['1234abcd-12ab-34cd-56ef-1234567890ab']);
    const none = makeWebhookKeys(readConfig({ CUSTODY_ENV: 'production' }));
    await expect(none.signingKey()).rejects.toThrow(/CUSTODY_WEBHOOK_KEY_ID is required/);
    await expect(none.publicKeys()).rejects.toThrow(/CUSTODY_WEBHOOK_KEY_ID is required/);
  });

  it('takes a key ARN or key id, never an alias (the kid must be known without asking KMS)', () => {
    expect(readConfig({ CUSTODY_WEBHOOK_KEY_ID: '1234abcd-12ab-34cd-56ef-1234567890ab' }).CUSTODY_WEBHOOK_KEY_ID).toBe(
      '1234abcd-12ab-34cd-56ef-1234567890ab',
    );
    expect(() => readConfig({ CUSTODY_WEBHOOK_KEY_ID: 'alias/custody-webhooks' })).toThrow(/CUSTODY_WEBHOOK_KEY_ID/);
    expect(
      readConfig({ CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS: `${OLD_ARN}, ${ARN}` }).CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS,
    ).toEqual([OLD_ARN, ARN]);
    expect(() => readConfig({ CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS: 'alias/x' })).toThrow(
      /CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS/,
    );
  });
});

describe('the local webhook key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is derived from the local key file: the same key in every process, its kid its thumbprint', async () => {
    const file = join(dir, 'master.key');
    const a = new LocalWebhookKeys(new LocalKeyProvider(file));
    const b = new LocalWebhookKeys(new LocalKeyProvider(file));
    const [jwk] = await a.publicKeys();
    expect(await b.publicKeys()).toEqual([jwk]);
    const pub = Buffer.from(jwk!.pub, 'base64url');
    expect(jwk!.kid).toBe(akpThumbprint(pub));
    const jws = await signWebhookJws(await b.signingKey(), { rawBody: BODY, iat: 1, aud: 'w1' });
    expect(verifies(jws, BODY, pub)).toBe(true);
    const other = new LocalWebhookKeys(new LocalKeyProvider(join(dir, 'other.key')));
    expect((await other.publicKeys())[0]!.kid).not.toBe(jwk!.kid);
  });
});
