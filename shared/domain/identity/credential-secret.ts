import { randomBytes } from 'node:crypto';
import { sha256Hex, constantTimeEqual } from '../../crypto/hashing.js';
import { crc32 } from '../../crypto/crc32.js';

/**
 * API key material.
 *
 * - key id `pqck_` + 22 base62 chars (128 random bits): public, the look-up key (one read).
 * - secret `pqcs_` + 43 base62 chars (256 random bits) + 6 base62 chars of CRC-32 over the random part: the prefix
 *   lets secret scanners find leaked keys and the checksum lets them validate a find offline without calling us.
 * - stored as SHA-256 over `custody-credential:v1:<key id>:<secret>`. A slow password hash (argon2, bcrypt) exists to
 *   slow guessing of low-entropy passwords; a 256-bit random secret cannot be guessed, so a fast hash protects it
 *   as well and keeps authentication cheap. Binding the key id stops a stored hash being reused for another key.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_ID_PREFIX = 'pqck_';
export const SECRET_PREFIX = 'pqcs_';

function base62(bytes: Uint8Array, width: number): string {
  let n = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

const checksum = (body: string) => {
  const c = crc32(Buffer.from(body, 'utf8'));
  const b = Buffer.alloc(4);
  b.writeUInt32BE(c);
  return base62(b, 6);
};

export function newKeyId(): string {
  return KEY_ID_PREFIX + base62(randomBytes(16), 22);
}

export function newSecret(): string {
  const body = base62(randomBytes(32), 43);
  return SECRET_PREFIX + body + checksum(body);
}

/** True when a string has the shape and checksum of one of our secrets (what a secret scanner checks offline). */
export function isWellFormedSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX) || secret.length !== SECRET_PREFIX.length + 49) return false;
  const body = secret.slice(SECRET_PREFIX.length, -6);
  return /^[0-9A-Za-z]+$/.test(body) && checksum(body) === secret.slice(-6);
}

export const isWellFormedKeyId = (keyId: string) => /^pqck_[0-9A-Za-z]{22}$/.test(keyId);

export function hashSecret(keyId: string, secret: string): string {
  return sha256Hex(`custody-credential:v1:${keyId}:${secret}`);
}

/** Hash of a secret nobody holds; compared against when the key id is unknown, so both paths cost the same. */
const DUMMY_HASH = hashSecret('pqck_0000000000000000000000', 'none');

export function secretMatches(keyId: string, secret: string, storedHash: string | undefined): boolean {
  const presented = hashSecret(keyId, secret);
  const ok = constantTimeEqual(presented, storedHash ?? DUMMY_HASH);
  return ok && storedHash !== undefined;
}
