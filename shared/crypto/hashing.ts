import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { timingSafeEqual } from 'node:crypto';

export const sha256Hex = (data: string | Uint8Array) => bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
export const hmacSha256Hex = (key: string | Uint8Array, data: string) =>
  bytesToHex(hmac(sha256, typeof key === 'string' ? utf8ToBytes(key) : key, utf8ToBytes(data)));

/** Constant-time comparison of two hex or text strings of any length (the lengths themselves are not secret). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab); // spend comparable work before answering
    return false;
  }
  return timingSafeEqual(ab, bb);
}

export { bytesToHex, hexToBytes, utf8ToBytes };
