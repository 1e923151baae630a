import { hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeyProvider } from '../../ports/key-provider.js';

/**
 * The local stand-in for KMS: a 32-byte master key in a file (made on first use, mode 0600; two processes starting at
 * once agree on the first one written), and keys derived from it with HKDF-SHA-256, one per purpose. Production
 * refuses it (shared/composition/keys.ts).
 */
export class LocalKeyProvider implements KeyProvider {
  private master?: Promise<Uint8Array>;
  private readonly derived = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly file: string) {}

  derivedKey(purpose: string): Promise<Uint8Array> {
    let key = this.derived.get(purpose);
    if (!key) {
      // RFC 5869 with no salt (node:crypto, not @noble/hashes: 13 KiB less in every bundle; the same keys).
      key = this.masterKey().then(
        (m) => new Uint8Array(hkdfSync('sha256', m, new Uint8Array(0), `custody/${purpose}`, 32)),
      );
      this.derived.set(purpose, key);
    }
    return key;
  }

  private masterKey(): Promise<Uint8Array> {
    this.master ??= loadOrCreate(this.file);
    return this.master;
  }
}

/**
 * The master key file: 32 raw bytes, or 64 hex characters (the format written here, and by the local secret box of
 * the webhooks work, which shares `CUSTODY_LOCAL_KEY_FILE`); made once, mode 0600, when absent.
 */
async function loadOrCreate(file: string): Promise<Uint8Array> {
  try {
    return parse(file, await readFile(file));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: a reader never sees a half-written key, and a second writer loses the race.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    await link(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(tmp);
  }
  return parse(file, await readFile(file));
}

function parse(file: string, raw: Buffer): Uint8Array {
  if (raw.length === 32) return new Uint8Array(raw);
  const text = raw.toString('utf8').trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return new Uint8Array(Buffer.from(text, 'hex'));
  throw new Error(
    `${file} must hold the 32-byte local master key (raw, or as 64 hex characters); delete it to make a new one`,
  );
}
