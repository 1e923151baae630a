import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AesGcmSecretBox } from '../../crypto/aes-gcm-secret-box.js';

/**
 * The secret box of the local stack, standing in for KMS: the AES-256-GCM box (crypto/aes-gcm-secret-box.ts) under the
 * master key of `CUSTODY_LOCAL_KEY_FILE`. Production refuses it (shared/composition/secret-box.ts).
 */
export const localSecretBox = (keyFile: string): AesGcmSecretBox =>
  new AesGcmSecretBox(loadOrCreateLocalMasterKey(keyFile));

/**
 * The local master key from `CUSTODY_LOCAL_KEY_FILE`: read when present (32 raw bytes, or 64 hex characters),
 * otherwise made once from 32 random bytes and written with mode 0600.
 */
export function loadOrCreateLocalMasterKey(path: string): Buffer {
  if (existsSync(path)) {
    const raw = readFileSync(path);
    if (raw.length === 32) return raw;
    const text = raw.toString('utf8').trim();
    if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
    throw new Error(`${path} must hold 32 bytes (raw or as 64 hex characters)`);
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(path, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process made it first: use that one.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateLocalMasterKey(path);
    throw e;
  }
  chmodSync(path, 0o600);
  return key;
}
