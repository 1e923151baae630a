import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { KmsSecretBox } from '../../shared/adapters/kms/kms-secret-box.js';
import { AesGcmSecretBox } from '../../shared/crypto/aes-gcm-secret-box.js';
import { loadOrCreateLocalMasterKey } from '../../shared/adapters/local/local-secret-box.js';
import { makeSecretBox } from '../../shared/composition/secret-box.js';
import { secretBoxOnDemand } from '../../shared/composition/lazy-secret-box.js';
import { config } from '../../shared/config.js';
import { SecretBoxError } from '../../shared/ports/secret-box.js';

const ctx = { tenant_id: 't-1', webhook_id: 'wh-1' };
const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local secret box (AES-256-GCM)', () => {
  const box = new AesGcmSecretBox(Buffer.alloc(32, 7));

  it('seals to an opaque value that opens to the secret with the same context', async () => {
    const sealed = await box.seal('whsk_secret', ctx);
    expect(sealed.startsWith('local:v1:')).toBe(true);
    expect(sealed).not.toContain('whsk_secret');
    expect(await box.open(sealed, { webhook_id: 'wh-1', tenant_id: 't-1' })).toBe('whsk_secret');
    expect(await box.seal('whsk_secret', ctx)).not.toBe(sealed); // fresh nonce each time
  });

  it('refuses another context, a tampered value, another key and a foreign format', async () => {
    const sealed = await box.seal('whsk_secret', ctx);
    await expect(box.open(sealed, { ...ctx, tenant_id: 't-2' })).rejects.toBeInstanceOf(SecretBoxError);
    const raw = Buffer.from(sealed.slice('local:v1:'.length), 'base64');
    raw[raw.length - 1]! ^= 1;
    await expect(box.open('local:v1:' + raw.toString('base64'), ctx)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(new AesGcmSecretBox(Buffer.alloc(32, 8)).open(sealed, ctx)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(box.open('kms:v1:AAAA', ctx)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(box.open('local:v1:AAAA', ctx)).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('makes the master key file once (mode 0600) and reads it back', async () => {
    const path = join(dir, 'nested', 'master.key');
    const key = loadOrCreateLocalMasterKey(path);
    expect(key).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateLocalMasterKey(path).equals(key)).toBe(true);
    const sealed = await new AesGcmSecretBox(key).seal('x', ctx);
    expect(await new AesGcmSecretBox(loadOrCreateLocalMasterKey(path)).open(sealed, ctx)).toBe('x');
    const bad = join(dir, 'bad.key');
    writeFileSync(bad, 'short');
    expect(() => loadOrCreateLocalMasterKey(bad)).toThrow(/32 bytes/);
    expect(readFileSync(path, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('KMS secret box', () => {
  const kms = mockClient(KMSClient);
  beforeEach(() => kms.reset());

  it('encrypts with the key and the context as encryption context, and decrypts naming both', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('ciphertext-blob') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('whsk_secret') });
    const box = new KmsSecretBox(new KMSClient({ region: 'us-east-1' }), 'key-id-1');
    const sealed = await box.seal('whsk_secret', ctx);
    expect(sealed).toBe('kms:v1:' + Buffer.from('ciphertext-blob').toString('base64'));
    const enc = kms.commandCalls(EncryptCommand)[0]!.args[0].input;
    expect(enc).toEqual({ KeyId: 'key-id-1', Plaintext: Buffer.from('whsk_secret'), EncryptionContext: ctx });
    expect(await box.open(sealed, ctx)).toBe('whsk_secret');
    const dec = kms.commandCalls(DecryptCommand)[0]!.args[0].input;
    expect(dec.KeyId).toBe('key-id-1');
    expect(Buffer.from(dec.CiphertextBlob!).toString()).toBe('ciphertext-blob');
    expect(dec.EncryptionContext).toEqual(ctx);
  });

  it('turns a ciphertext KMS refuses into SecretBoxError; other errors pass on', async () => {
    const box = new KmsSecretBox(new KMSClient({ region: 'us-east-1' }), 'key-id-1');
    kms
      .on(DecryptCommand)
      .rejectsOnce(Object.assign(new Error('bad'), { name: 'InvalidCiphertextException' }))
      .rejectsOnce(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    await expect(box.open('kms:v1:AAAA', ctx)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(box.open('kms:v1:AAAA', ctx)).rejects.toThrow('slow down');
    await expect(box.open('local:v1:AAAA', ctx)).rejects.toBeInstanceOf(SecretBoxError);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(2);
  });
});

describe('choice of secret box', () => {
  it('is KMS when a key id is set, the local key file otherwise, and never the local file in production', () => {
    const base = { CUSTODY_REGION: 'us-east-1', CUSTODY_LOCAL_KEY_FILE: join(dir, 'choice.key') };
    expect(makeSecretBox({ ...base, CUSTODY_ENV: 'production', CUSTODY_KMS_KEY_ID: 'k' })).toBeInstanceOf(KmsSecretBox);
    expect(makeSecretBox({ ...base, CUSTODY_ENV: 'local', CUSTODY_KMS_KEY_ID: undefined })).not.toBeInstanceOf(
      KmsSecretBox,
    );
    expect(() => makeSecretBox({ ...base, CUSTODY_ENV: 'production', CUSTODY_KMS_KEY_ID: undefined })).toThrow(
      /CUSTODY_KMS_KEY_ID is required/,
    );
  });

  it('loads the local box (a lazy chunk) and its key file at the first seal, and opens what the local box sealed', async () => {
    const file = join(dir, 'lazy', 'master.key');
    const box = makeSecretBox({
      CUSTODY_REGION: 'us-east-1',
      CUSTODY_LOCAL_KEY_FILE: file,
      CUSTODY_ENV: 'local',
      CUSTODY_KMS_KEY_ID: undefined,
    });
    expect(() => statSync(file)).toThrow(); // nothing read or made yet
    const sealed = await box.seal('whsk_lazy', ctx);
    expect(sealed.startsWith('local:v1:')).toBe(true);
    expect(await new AesGcmSecretBox(loadOrCreateLocalMasterKey(file)).open(sealed, ctx)).toBe('whsk_lazy');
    expect(await box.open(await new AesGcmSecretBox(loadOrCreateLocalMasterKey(file)).seal('x', ctx), ctx)).toBe('x');
    await expect(box.open(sealed, { ...ctx, webhook_id: 'other' })).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('does not keep a failure: a key file that holds no key fails, and once fixed the same box works', async () => {
    const file = join(dir, 'broken.key');
    writeFileSync(file, 'not a key');
    const box = makeSecretBox({
      CUSTODY_REGION: 'us-east-1',
      CUSTODY_LOCAL_KEY_FILE: file,
      CUSTODY_ENV: 'local',
      CUSTODY_KMS_KEY_ID: undefined,
    });
    await expect(box.seal('x', ctx)).rejects.toThrow(/32 bytes/);
    writeFileSync(file, Buffer.alloc(32, 9).toString('hex'));
    expect(await new AesGcmSecretBox(Buffer.alloc(32, 9)).open(await box.seal('fixed', ctx), ctx)).toBe('fixed');
  });
});

describe("the sso function's secret box (shared/composition/sso-services.ts)", () => {
  it('is loaded at its first seal or open: KMS with a key id, and a missing key in production refused then', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Uint8Array.of(1, 2, 3) });
    const box = secretBoxOnDemand({ config: { ...config(), CUSTODY_ENV: 'production', CUSTODY_KMS_KEY_ID: 'k' } });
    expect(kms.calls()).toHaveLength(0);
    expect(await box.seal('secret', ctx)).toBe('kms:v1:AQID');
    expect(kms.commandCalls(EncryptCommand)[0]!.args[0].input).toMatchObject({ KeyId: 'k', EncryptionContext: ctx });
    kms.restore();
    const refused = secretBoxOnDemand({
      config: { ...config(), CUSTODY_ENV: 'production', CUSTODY_KMS_KEY_ID: undefined },
    }); // built: nothing refused yet
    await expect(refused.open('kms:v1:AQID', ctx)).rejects.toThrow(/CUSTODY_KMS_KEY_ID is required/);
  });
});
