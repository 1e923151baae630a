import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../shared/crypto/crc32.js';
import { isWellFormedSecret, newSecret } from '../../shared/domain/identity/credential-secret.js';

describe('crc32 (shared/crypto/crc32.ts, in place of node:zlib on the cold path)', () => {
  it('gives the CRC-32 check value and agrees with zlib on empty, short and random inputs', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    for (let n = 0; n < 200; n++) {
      const bytes = randomBytes(n * 7);
      expect(crc32(bytes), `length ${bytes.length}`).toBe(zlibCrc32(bytes));
    }
  });

  it('keeps the API secrets checksum: a new secret is well formed, one changed character is not', () => {
    const secret = newSecret();
    expect(isWellFormedSecret(secret)).toBe(true);
    const i = 10;
    const changed = secret.slice(0, i) + (secret[i] === 'a' ? 'b' : 'a') + secret.slice(i + 1);
    expect(isWellFormedSecret(changed)).toBe(false);
  });
});
