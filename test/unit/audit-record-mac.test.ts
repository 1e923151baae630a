import { describe, expect, it } from 'vitest';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { recordMac, recordMacValid } from '../../shared/domain/audit/record-mac.js';

/** The record MAC is plain HMAC-SHA-256 (docs/audit.md): what any other implementation computes. */
describe('audit record MAC', () => {
  it('is HMAC-SHA-256 of the tag and the hash, for keys shorter, as long as and longer than a block', () => {
    for (const len of [32, 64, 100]) {
      const key = new Uint8Array(randomBytes(len));
      for (let i = 0; i < 20; i++) {
        const hash = createHash('sha256').update(String(i)).digest('hex');
        const expected = createHmac('sha256', key).update(`custody-audit-record-mac-v1\n${hash}`).digest('hex');
        expect(recordMac(key, hash)).toBe(expected);
        expect(recordMacValid(key, hash, expected)).toBe(true);
      }
    }
  });

  it('refuses a MAC of another hash or key, a malformed one, and none', () => {
    const key = new Uint8Array(32).fill(1);
    const hash = 'a'.repeat(64);
    const mac = recordMac(key, hash);
    expect(recordMacValid(key, 'b'.repeat(64), mac)).toBe(false);
    expect(recordMacValid(new Uint8Array(32).fill(2), hash, mac)).toBe(false);
    for (const bad of [
      undefined,
      null,
      42,
      '',
      mac.slice(2),
      `${mac}00`,
      `zz${mac.slice(2)}`,
      mac.toUpperCase().replace(/[0-9]/g, 'g'),
    ])
      expect(recordMacValid(key, hash, bad)).toBe(false);
  });
});
