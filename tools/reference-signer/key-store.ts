import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ML_DSA, mlDsaSigningKey, type MlDsaSigningKey } from '../../shared/crypto/ml-dsa.js';

/**
 * The reference signer's keys on disk. Each key is one JSON file (mode 0600, in a 0700 directory) holding the
 * 32-byte ML-DSA seed encrypted with AES-256-GCM under a master key (`master.key`, 0600, made on first start), the
 * public key, and who asked for it. The seed regenerates the key pair (FIPS 204 key generation is deterministic), so
 * files stay small. The master key beside the files guards against a key file leaking alone (a backup, a log), not
 * against someone holding the whole directory: a production signer keeps keys in an HSM or KMS.
 *
 * Signing goes through shared/crypto/ml-dsa.ts (`mlDsaSigningKey`): node:crypto when the runtime rebuilds the same key
 * from its seed, noble otherwise. Transports (HTTPS `remote`, gRPC with mTLS, the callback worker) all go through this one class.
 */
export const ALGORITHMS = ML_DSA;
export type Algorithm = keyof typeof ALGORITHMS;
export const isAlgorithm = (a: unknown): a is Algorithm => typeof a === 'string' && Object.hasOwn(ALGORITHMS, a);

export const KEY_REF_RE = /^key_[0-9a-f-]{36}$/;

type KeyFile = {
  key_ref: string;
  algorithm: Algorithm;
  public_key: string;
  seed: { iv: string; ciphertext: string; tag: string };
  owner: { tenant_id: string | null; vault_id: string | null; label: string | null };
  created_at: string;
};

export class UnknownKeyError extends Error {}
/** The caller expected another parameter set than the key's. */
export class AlgorithmMismatchError extends Error {}

export class KeyStore {
  private readonly cache = new Map<string, { algorithm: Algorithm; publicKey: string; signing: MlDsaSigningKey }>();
  /** public key (lowercase 0x hex) -> key_ref, filled from the key files; refreshed when a lookup misses. */
  private byPublicKey = new Map<string, string>();

  private constructor(
    private readonly dir: string,
    private readonly masterKey: Buffer,
  ) {}

  static async open(dir: string): Promise<KeyStore> {
    await mkdir(join(dir, 'keys'), { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    await chmod(join(dir, 'keys'), 0o700);
    const masterPath = join(dir, 'master.key');
    let master: Buffer;
    try {
      master = await readFile(masterPath);
    } catch {
      master = randomBytes(32);
      await writeFile(masterPath, master, { mode: 0o600, flag: 'wx' }).catch(async () => {
        master = await readFile(masterPath); // another process made it first
      });
    }
    if (master.length !== 32) throw new Error(`${masterPath} must hold 32 bytes`);
    return new KeyStore(dir, master);
  }

  async createKey(algorithm: Algorithm, owner: KeyFile['owner']): Promise<{ keyRef: string; publicKey: string }> {
    const keyRef = `key_${randomUUID()}`;
    const seed = randomBytes(32);
    const signing = mlDsaSigningKey(algorithm, seed);
    const { publicKey } = signing;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv);
    cipher.setAAD(Buffer.from(`${keyRef}:${algorithm}`));
    const ciphertext = Buffer.concat([cipher.update(seed), cipher.final()]);
    const file: KeyFile = {
      key_ref: keyRef,
      algorithm,
      public_key: `0x${Buffer.from(publicKey).toString('hex')}`,
      seed: {
        iv: iv.toString('hex'),
        ciphertext: ciphertext.toString('hex'),
        tag: cipher.getAuthTag().toString('hex'),
      },
      owner,
      created_at: new Date().toISOString(),
    };
    await writeFile(this.path(keyRef), JSON.stringify(file), { mode: 0o600, flag: 'wx' });
    this.cache.set(keyRef, { algorithm, publicKey: file.public_key, signing });
    this.byPublicKey.set(file.public_key, keyRef);
    return { keyRef, publicKey: file.public_key };
  }

  /**
   * Signs `message` with the key's ML-DSA parameter set and the FIPS 204 context (empty for none). With
   * `expected`, a key of another parameter set is refused (`AlgorithmMismatchError`).
   */
  async sign(keyRef: string, message: Uint8Array, context: Uint8Array, expected?: Algorithm): Promise<string> {
    const key = await this.load(keyRef);
    if (expected && expected !== key.algorithm)
      throw new AlgorithmMismatchError(`key ${keyRef} is ${key.algorithm}, not ${expected}`);
    const sig = key.signing.sign(message, context);
    return `0x${Buffer.from(sig).toString('hex')}`;
  }

  /** The public key (0x hex) of a key this signer holds; `UnknownKeyError` otherwise. */
  async publicKeyOf(keyRef: string): Promise<string> {
    return (await this.load(keyRef)).publicKey;
  }

  /**
   * The key_ref of the key with this public key, or null: how the callback worker finds its key for a signing
   * payload (which carries the wallet's public key). A miss rereads the directory (keys made by another process).
   */
  async keyRefForPublicKey(publicKey: string): Promise<string | null> {
    const pk = publicKey.toLowerCase();
    const hit = this.byPublicKey.get(pk);
    if (hit) return hit;
    const index = new Map<string, string>();
    for (const name of await readdir(join(this.dir, 'keys'))) {
      if (!name.endsWith('.json')) continue;
      try {
        const file = JSON.parse(await readFile(join(this.dir, 'keys', name), 'utf8')) as KeyFile;
        index.set(file.public_key.toLowerCase(), file.key_ref);
      } catch {
        /* a file being written, or not ours */
      }
    }
    this.byPublicKey = index;
    return index.get(pk) ?? null;
  }

  private path(keyRef: string): string {
    if (!KEY_REF_RE.test(keyRef)) throw new UnknownKeyError(keyRef);
    return join(this.dir, 'keys', `${keyRef}.json`);
  }

  private async load(keyRef: string) {
    const cached = this.cache.get(keyRef);
    if (cached) return cached;
    let file: KeyFile;
    try {
      file = JSON.parse(await readFile(this.path(keyRef), 'utf8')) as KeyFile;
    } catch {
      throw new UnknownKeyError(keyRef);
    }
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, Buffer.from(file.seed.iv, 'hex'));
    decipher.setAAD(Buffer.from(`${file.key_ref}:${file.algorithm}`));
    decipher.setAuthTag(Buffer.from(file.seed.tag, 'hex'));
    const seed = Buffer.concat([decipher.update(Buffer.from(file.seed.ciphertext, 'hex')), decipher.final()]);
    const key = {
      algorithm: file.algorithm,
      publicKey: file.public_key.toLowerCase(),
      signing: mlDsaSigningKey(file.algorithm, seed),
    };
    this.cache.set(keyRef, key);
    return key;
  }
}
