import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GenerateMacCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it, vi } from 'vitest';
import { LocalKeyProvider } from '../../shared/adapters/keys/local-key-provider.js';
import { KmsKeyProvider } from '../../shared/adapters/keys/kms-key-provider.js';
import { keys as keysPort } from '../../shared/composition/keys.js';

const tempFile = async () => path.join(await mkdtemp(path.join(tmpdir(), 'custody-keys-')), 'sub', 'master.key');

describe('local key provider', () => {
  it('makes the master key once (mode 0600), and every instance derives the same key per purpose', async () => {
    const file = await tempFile();
    const [a, b] = await Promise.all([
      new LocalKeyProvider(file).derivedKey('cursor'),
      new LocalKeyProvider(file).derivedKey('cursor'),
    ]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    const other = await new LocalKeyProvider(file).derivedKey('webhooks');
    expect(Buffer.from(other).equals(Buffer.from(a))).toBe(false);
  });

  it('reads a key file of 32 raw bytes or 64 hex characters alike, and refuses anything else', async () => {
    const raw = await tempFile();
    const hex = await tempFile();
    const bad = await tempFile();
    const key = Buffer.alloc(32, 9);
    await new LocalKeyProvider(raw).derivedKey('x'); // makes the folders
    await new LocalKeyProvider(hex).derivedKey('x');
    await new LocalKeyProvider(bad).derivedKey('x');
    await writeFile(raw, key);
    await writeFile(hex, `${key.toString('hex')}\n`);
    await writeFile(bad, 'short');
    const [r, h] = await Promise.all([
      new LocalKeyProvider(raw).derivedKey('cursor'),
      new LocalKeyProvider(hex).derivedKey('cursor'),
    ]);
    expect(Buffer.from(r).equals(Buffer.from(h))).toBe(true);
    await expect(new LocalKeyProvider(bad).derivedKey('cursor')).rejects.toThrow(/32-byte/);
  });
});

describe('KMS key provider', () => {
  it('asks KMS once per purpose for the HMAC of the purpose under the HMAC key', async () => {
    const kms = mockClient(KMSClient);
    kms.on(GenerateMacCommand).resolves({ Mac: new Uint8Array(32).fill(3) });
    const provider = new KmsKeyProvider(new KMSClient({ region: 'eu-west-1' }), 'arn:aws:kms:eu-west-1:1:key/mac');
    expect(await provider.derivedKey('cursor')).toEqual(new Uint8Array(32).fill(3));
    await provider.derivedKey('cursor');
    const calls = kms.commandCalls(GenerateMacCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      KeyId: 'arn:aws:kms:eu-west-1:1:key/mac',
      MacAlgorithm: 'HMAC_SHA_256',
      Message: new TextEncoder().encode('custody/cursor'),
    });
    kms.restore();
  });

  it('does not keep a failed call: the next request asks again', async () => {
    const kms = mockClient(KMSClient);
    kms
      .on(GenerateMacCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Mac: new Uint8Array(32).fill(4) });
    const provider = new KmsKeyProvider(new KMSClient({ region: 'eu-west-1' }), 'k');
    await expect(provider.derivedKey('cursor')).rejects.toThrow('throttled');
    expect(await provider.derivedKey('cursor')).toEqual(new Uint8Array(32).fill(4));
    kms.restore();
  });
});

describe('choosing the key provider', () => {
  it('without CUSTODY_MAC_KEY_ID outside production, derives from the local key file (loaded at the first key asked for)', async () => {
    const file = await tempFile();
    const provider = keysPort({
      config: {
        CUSTODY_ENV: 'local',
        CUSTODY_MAC_KEY_ID: undefined,
        CUSTODY_LOCAL_KEY_FILE: file,
        CUSTODY_REGION: 'eu-west-1',
      },
    });
    const [a, b] = await Promise.all([provider.derivedKey('cursor'), provider.derivedKey('cursor')]);
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
    expect(await new LocalKeyProvider(file).derivedKey('cursor')).toEqual(a);
    expect(await provider.derivedKey('webhooks')).not.toEqual(a);
  });

  it('refuses the local key file in production', async () => {
    const provider = keysPort({
      config: {
        CUSTODY_ENV: 'production',
        CUSTODY_MAC_KEY_ID: undefined,
        CUSTODY_LOCAL_KEY_FILE: await tempFile(),
        CUSTODY_REGION: 'eu-west-1',
      },
    });
    await expect(provider.derivedKey('cursor')).rejects.toThrow(/CUSTODY_MAC_KEY_ID is required/);
  });
});

describe('the keys port (shared/composition/keys.ts)', () => {
  it('loads the KMS provider at the first key asked for, then derives each purpose once through GenerateMac', async () => {
    const kms = mockClient(KMSClient);
    kms.on(GenerateMacCommand).resolves({ Mac: new Uint8Array(32).fill(7) });
    const keys = keysPort({
      config: {
        CUSTODY_ENV: 'production',
        CUSTODY_MAC_KEY_ID: 'arn:aws:kms:eu-west-1:123456789012:key/k',
        CUSTODY_LOCAL_KEY_FILE: '',
        CUSTODY_REGION: 'eu-west-1',
      },
    });
    expect(kms.commandCalls(GenerateMacCommand)).toHaveLength(0);
    const [a, b] = await Promise.all([keys.derivedKey('cursor'), keys.derivedKey('cursor')]);
    expect(a).toEqual(new Uint8Array(32).fill(7));
    expect(b).toEqual(a);
    await keys.derivedKey('idempotency');
    expect(kms.commandCalls(GenerateMacCommand).map((c) => c.args[0].input.KeyId)).toEqual([
      'arn:aws:kms:eu-west-1:123456789012:key/k',
      'arn:aws:kms:eu-west-1:123456789012:key/k',
    ]);
    kms.restore();
  });

  it('does not keep a failed load of the KMS chunk: that request fails, the next loads it and derives', async () => {
    const kms = mockClient(KMSClient);
    kms.on(GenerateMacCommand).resolves({ Mac: new Uint8Array(32).fill(5) });
    const keys = keysPort({
      config: {
        CUSTODY_ENV: 'production',
        CUSTODY_MAC_KEY_ID: 'arn:aws:kms:eu-west-1:123456789012:key/k2',
        CUSTODY_LOCAL_KEY_FILE: '',
        CUSTODY_REGION: 'eu-west-1',
      },
    });
    vi.doMock('../../shared/composition/kms-keys.js', () => {
      throw new Error('chunk failed to load');
    });
    try {
      await expect(keys.derivedKey('cursor')).rejects.toThrow();
    } finally {
      vi.doUnmock('../../shared/composition/kms-keys.js');
    }
    expect(await keys.derivedKey('cursor')).toEqual(new Uint8Array(32).fill(5));
    kms.restore();
  });
});
