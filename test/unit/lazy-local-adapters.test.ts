import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { keys as keysPort } from '../../shared/composition/keys.js';
import { makeSecretBox } from '../../shared/composition/secret-box.js';

/**
 * The local stack's key provider and secret box are lazy chunks (no function on AWS uses them): the module is loaded
 * by the first call, and a failed load is not kept, so the next call loads it again. The load failure is a mocked
 * module whose evaluation throws (what a missing chunk does).
 */
const dir = mkdtempSync(join(tmpdir(), 'lazy-local-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.doUnmock('../../shared/adapters/keys/local-key-provider.js');
  vi.doUnmock('../../shared/adapters/local/local-secret-box.js');
});

const fail = () => {
  throw new Error('chunk failed to load');
};

describe('lazy local adapters', () => {
  it('the key provider: a failed load fails the call, and the next call loads the module and derives the key', async () => {
    const file = join(dir, 'keys.key');
    writeFileSync(file, Buffer.alloc(32, 3).toString('hex'));
    const keys = keysPort({
      config: {
        CUSTODY_ENV: 'local',
        CUSTODY_MAC_KEY_ID: undefined,
        CUSTODY_LOCAL_KEY_FILE: file,
        CUSTODY_REGION: 'eu-west-1',
      },
    });
    vi.doMock('../../shared/adapters/keys/local-key-provider.js', fail);
    await expect(keys.derivedKey('cursor')).rejects.toThrow();
    vi.doUnmock('../../shared/adapters/keys/local-key-provider.js');
    const key = await keys.derivedKey('cursor');
    expect(key).toHaveLength(32);
    expect(await keys.derivedKey('cursor')).toEqual(key);
    expect(await keys.derivedKey('other')).not.toEqual(key);
  });

  it('the secret box: a failed load fails the call, and the next call loads the module and seals', async () => {
    const file = join(dir, 'box.key');
    const box = makeSecretBox({
      CUSTODY_ENV: 'local',
      CUSTODY_KMS_KEY_ID: undefined,
      CUSTODY_LOCAL_KEY_FILE: file,
      CUSTODY_REGION: 'eu-west-1',
    });
    vi.doMock('../../shared/adapters/local/local-secret-box.js', fail);
    await expect(box.seal('s', { tenant_id: 't' })).rejects.toThrow();
    vi.doUnmock('../../shared/adapters/local/local-secret-box.js');
    const sealed = await box.seal('s', { tenant_id: 't' });
    expect(await box.open(sealed, { tenant_id: 't' })).toBe('s');
  });
});
