import { createHash, hash } from 'node:crypto';
import { mlDsaVerifier } from '../../crypto/ml-dsa.js';

/**
 * A tenant's audit log as ONE append-only Merkle tree (RFC 6962 / RFC 9162 hashing): leaf i is the i-th record the
 * sequencer sequenced (sequence number i + 1). Each checkpoint commits to the whole log so far (its tree size and
 * root) in the C2SP `tlog-checkpoint` signed-note format, so any two checkpoints are linked by a consistency proof.
 * A checkpoint item stores the leaves it appended (`entries`, in order) and the tree's frontier after them (the
 * roots of the perfect subtrees that make up the tree, left to right): the next checkpoint is computed from the
 * frontier and its own leaves, and a proof from a frontier and the leaves after it.
 */
export type CheckpointEntry = { id: string; hash: string };

export type Checkpoint = {
  tenant_id: string;
  number: number;
  tree_size: number;
  first_sequence: number;
  last_sequence: number;
  entries: CheckpointEntry[];
  root: string;
  frontier: string[];
  timestamp: string;
  key_id: string;
  algorithm: 'ml-dsa-65';
  /** The signed note: the checkpoint body, a blank line and the log's signature line. */
  note: string;
  /** Witness cosignature lines (C2SP tlog-cosignature), added after the checkpoint was written. */
  cosignatures?: string[];
};

const h = (...parts: Uint8Array[]) => {
  const d = createHash('sha256');
  for (const p of parts) d.update(p);
  return d.digest();
};
const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);
export const EMPTY_ROOT = h().toString('hex');

export const leafHash = (entryHashHex: string): Buffer => h(LEAF, Buffer.from(entryHashHex, 'hex'));
export const nodeHash = (l: Uint8Array, r: Uint8Array): Buffer => h(NODE, l, r);

/**
 * RFC 6962 Merkle tree hash over the entries' hashes (hex): leaf = H(0x00 || x), node = H(0x01 || l || r). Computed
 * level by level (pairs left to right, an odd last node carried up unchanged: the same tree as RFC 6962's split at
 * the largest power of two), with one-shot hashes over one reused node buffer.
 */
export function merkleRoot(hashesHex: string[]): string {
  if (hashesHex.length === 0) return EMPTY_ROOT;
  return rootOfLeafHashes(hashesHex.map(leafHash)).toString('hex');
}

function rootOfLeafHashes(leaves: Buffer[]): Buffer {
  let level = leaves;
  const node = Buffer.alloc(65);
  node[0] = 1;
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      level[i]!.copy(node, 1);
      level[i + 1]!.copy(node, 33);
      up.push(hash('sha256', node, 'buffer'));
    }
    if (level.length % 2 === 1) up.push(level[level.length - 1]!);
    level = up;
  }
  return level[0]!;
}

/** The largest power of two smaller than n (n > 1): where RFC 6962 splits a tree. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The frontier after appending `leaves` (leaf hashes) to a tree of `size` leaves with `frontier`: the roots of its
 * perfect subtrees, largest (leftmost) first, one per bit set in the new size.
 */
export function appendLeaves(frontier: Buffer[], size: number, leaves: Buffer[]): Buffer[] {
  const out = [...frontier];
  let n = size;
  for (const leaf of leaves) {
    let node = leaf;
    for (let k = n; k & 1; k = Math.floor(k / 2)) node = nodeHash(out.pop()!, node);
    out.push(node);
    n++;
  }
  return out;
}

/** The tree hash of a tree given by its frontier (RFC 6962: the perfect subtrees folded right to left). */
export function frontierRoot(frontier: Buffer[]): Buffer {
  if (!frontier.length) return h();
  let r = frontier[frontier.length - 1]!;
  for (let i = frontier.length - 2; i >= 0; i--) r = nodeHash(frontier[i]!, r);
  return r;
}

/** The leaf ranges [start, end) of a tree of `size` leaves' frontier, left to right. */
export function frontierRanges(size: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let bit = 2 ** Math.floor(Math.log2(Math.max(size, 1))); bit >= 1; bit /= 2) {
    if (Math.floor(size / bit) % 2 === 1) {
      out.push([start, start + bit]);
      start += bit;
    }
  }
  return out;
}

/**
 * What a proof is computed from: the frontier of the tree at `base` leaves and the leaf hashes from `base` on. Any
 * subtree the proofs below need is either a node of that frontier (left of `base`) or hashed from the leaves.
 */
export type TreeSlice = { base: number; frontier: Buffer[]; leaves: Buffer[] };

export function subtreeHash(slice: TreeSlice, a: number, b: number): Buffer {
  if (a >= slice.base) {
    if (b - slice.base > slice.leaves.length) throw new RangeError(`leaves ${a}..${b} not held`);
    return rootOfLeafHashes(slice.leaves.slice(a - slice.base, b - slice.base));
  }
  if (b <= slice.base) {
    const i = frontierRanges(slice.base).findIndex(([s, e]) => s === a && e === b);
    if (i < 0) throw new RangeError(`subtree ${a}..${b} is not in the frontier at ${slice.base}`);
    return slice.frontier[i]!;
  }
  const k = split(b - a);
  return nodeHash(subtreeHash(slice, a, a + k), subtreeHash(slice, a + k, b));
}

/** The RFC 6962 audit path (section 2.1.1) of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(slice: TreeSlice, index: number, size: number): Buffer[] {
  if (!Number.isInteger(index) || index < 0 || index >= size)
    throw new RangeError(`leaf ${index} outside a tree of ${size}`);
  const path = (a: number, b: number): Buffer[] => {
    if (b - a === 1) return [];
    const k = split(b - a);
    return index < a + k
      ? [...path(a, a + k), subtreeHash(slice, a + k, b)]
      : [...path(a + k, b), subtreeHash(slice, a, a + k)];
  };
  return path(0, size);
}

/** The RFC 6962 consistency proof (section 2.1.2) from the tree of `m` leaves to the tree of `n` leaves. */
export function consistencyProof(slice: TreeSlice, m: number, n: number): Buffer[] {
  if (!Number.isInteger(m) || !Number.isInteger(n) || m < 0 || m > n)
    throw new RangeError(`no consistency proof from ${m} to ${n}`);
  if (m === 0 || m === n) return [];
  const sub = (a: number, b: number, whole: boolean): Buffer[] => {
    if (m === b) return whole ? [] : [subtreeHash(slice, a, b)];
    const k = split(b - a);
    return m <= a + k
      ? [...sub(a, a + k, whole), subtreeHash(slice, a + k, b)]
      : [...sub(a + k, b, false), subtreeHash(slice, a, a + k)];
  };
  return sub(0, n, true);
}

/** The audit path of leaf `index` among `hashesHex` (one tree of those leaves): the unit tests' reference. */
export function inclusionPath(hashesHex: string[], index: number): string[] {
  return inclusionProof({ base: 0, frontier: [], leaves: hashesHex.map(leafHash) }, index, hashesHex.length).map((b) =>
    b.toString('hex'),
  );
}

/**
 * Verifies an audit path (RFC 9162 section 2.1.3.2): that the leaf with hash `leafHex` at `index` of a tree of
 * `treeSize` leaves has Merkle root `rootHex`.
 */
export function verifyInclusion(
  leafHex: string,
  index: number,
  treeSize: number,
  pathHex: string[],
  rootHex: string,
): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash(leafHex);
  for (const p of pathHex) {
    if (sn === 0) return false;
    const sibling = Buffer.from(p, 'hex');
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sibling, r);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else {
      r = nodeHash(r, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.toString('hex') === rootHex;
}

/**
 * Verifies a consistency proof (RFC 9162 section 2.1.4.2): that the tree of `m` leaves with root `oldRootHex` is a
 * prefix of the tree of `n` leaves with root `newRootHex`. m = 0 (the empty tree) and m = n take an empty proof.
 */
export function verifyConsistency(
  m: number,
  n: number,
  proofHex: string[],
  oldRootHex: string,
  newRootHex: string,
): boolean {
  if (!Number.isInteger(m) || !Number.isInteger(n) || m < 0 || m > n) return false;
  if (m === 0) return proofHex.length === 0 && (n > 0 || newRootHex === EMPTY_ROOT);
  if (m === n) return proofHex.length === 0 && oldRootHex === newRootHex;
  if (proofHex.length === 0) return false;
  const path = proofHex.map((p) => Buffer.from(p, 'hex'));
  if ((m & (m - 1)) === 0) path.unshift(Buffer.from(oldRootHex, 'hex'));
  let fn = m - 1;
  let sn = n - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr: Buffer<ArrayBufferLike> = path[0]!;
  let sr: Buffer<ArrayBufferLike> = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.toString('hex') === oldRootHex && sr.toString('hex') === newRootHex;
}

// ---- C2SP signed notes ------------------------------------------------------------------------------------------

/** ML-DSA-65 public keys are 1,952 bytes (FIPS 204). */
export const ML_DSA_65_PUBLIC_KEY_BYTES = 1952;
/**
 * Signature types (the bytes before the public key in a key ID and a verifier key). C2SP signed-note assigns no
 * ML-DSA type yet; 0xff is its escape for types defined elsewhere, followed here by an ASCII name.
 * - a log's checkpoint signature: 0xff "ml-dsa-65" (pure ML-DSA-65, empty context, over the note's text);
 * - a witness cosignature: 0xff "cosignature/v1/ml-dsa-65" (the tlog-cosignature message, timestamp in the signature).
 */
export const LOG_SIGNATURE_TYPE = Buffer.concat([Buffer.of(0xff), Buffer.from('ml-dsa-65')]);
export const COSIGNATURE_TYPE = Buffer.concat([Buffer.of(0xff), Buffer.from('cosignature/v1/ml-dsa-65')]);
const DASH = '\u2014 ';

/** The origin line of a tenant's log: `<prefix>/<tenant id>`. */
export const logOrigin = (prefix: string, tenantId: string) => `${prefix}/${tenantId}`;

/** The tlog-checkpoint body: origin, tree size (decimal), root hash (base64), each ending in a newline. */
export const checkpointBody = (origin: string, size: number, rootHex: string) =>
  `${origin}\n${size}\n${Buffer.from(rootHex, 'hex').toString('base64')}\n`;

export function parseCheckpointBody(body: string): { origin: string; size: number; root: string } | undefined {
  const m = /^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/]{43}=)\n/.exec(body);
  if (!m) return undefined;
  return { origin: m[1]!, size: Number(m[2]), root: Buffer.from(m[3]!, 'base64').toString('hex') };
}

/** The signed-note key ID: the first 4 bytes of SHA-256(name || "\n" || type || public key). */
export const noteKeyId = (name: string, type: Uint8Array, publicKey: Uint8Array) =>
  h(Buffer.from(`${name}\n`), type, publicKey).subarray(0, 4);

/** A verifier key in the signed-note encoding: `<name>+<key ID, 8 hex digits>+<base64(type || public key)>`. */
export const verifierKey = (name: string, type: Uint8Array, publicKey: Uint8Array) =>
  `${name}+${noteKeyId(name, type, publicKey).toString('hex')}+${Buffer.concat([type, publicKey]).toString('base64')}`;

export type VerifierKey = { name: string; id: Uint8Array; type: Uint8Array; publicKey: Uint8Array };

/** Parses a verifier key (ML-DSA-65: its last 1,952 bytes are the key), checking its key ID; undefined if malformed. */
export function parseVerifierKey(vkey: string): VerifierKey | undefined {
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(vkey.trim());
  if (!m) return undefined;
  const bytes = Buffer.from(m[3]!, 'base64');
  if (bytes.length <= ML_DSA_65_PUBLIC_KEY_BYTES) return undefined;
  const type = bytes.subarray(0, bytes.length - ML_DSA_65_PUBLIC_KEY_BYTES);
  const publicKey = bytes.subarray(type.length);
  const id = noteKeyId(m[1]!, type, publicKey);
  return id.toString('hex') === m[2] ? { name: m[1]!, id, type, publicKey } : undefined;
}

/** A signature line: `— <name> <base64(key ID || signature)>` and a newline. */
export const signatureLine = (name: string, keyId: Uint8Array, signature: Uint8Array) =>
  `${DASH}${name} ${Buffer.concat([keyId, signature]).toString('base64')}\n`;

export type NoteSignature = {
  name: string;
  id: Buffer<ArrayBufferLike>;
  signature: Buffer<ArrayBufferLike>;
  line: string;
};

/** A note's text (what is signed: up to and including the newline before the blank line) and its signature lines. */
export function splitNote(note: string): { body: string; signatures: NoteSignature[] } | undefined {
  const at = note.lastIndexOf('\n\n');
  if (at < 0 || !note.endsWith('\n')) return undefined;
  const signatures: NoteSignature[] = [];
  for (const line of note.slice(at + 2, -1).split('\n')) {
    const sig = parseSignatureLine(`${line}\n`);
    if (!sig) return undefined;
    signatures.push(sig);
  }
  return { body: note.slice(0, at + 1), signatures };
}

export function parseSignatureLine(line: string): NoteSignature | undefined {
  const m = /^\u2014 ([^\s]+) ([A-Za-z0-9+/]+=*)\n$/.exec(line);
  if (!m) return undefined;
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length < 5) return undefined;
  return { name: m[1]!, id: bytes.subarray(0, 4), signature: bytes.subarray(4), line };
}

const mlDsaValid = (publicKey: Uint8Array, message: string, signature: Uint8Array) =>
  mlDsaVerifier().verify('ML-DSA-65', publicKey, Buffer.from(message), signature, new Uint8Array(0));

/** Whether the note carries a valid signature by `key` (a log key: type 0xff "ml-dsa-65"). */
export function noteSignedBy(note: string, key: VerifierKey): boolean {
  const parsed = splitNote(note);
  if (!parsed) return false;
  const sig = parsed.signatures.find((s) => s.name === key.name && s.id.equals(Buffer.from(key.id)));
  return !!sig && LOG_SIGNATURE_TYPE.equals(key.type) && mlDsaValid(key.publicKey, parsed.body, sig.signature);
}

/** The tlog-cosignature message a witness signs: `cosignature/v1`, `time <seconds>`, then the checkpoint body. */
export const cosignatureMessage = (body: string, time: number) => `cosignature/v1\ntime ${time}\n${body}`;

/** A cosignature's signature bytes: the timestamp (8 bytes, big-endian seconds) and the ML-DSA-65 signature. */
export function cosignatureBytes(time: number, signature: Uint8Array): Buffer {
  const t = Buffer.alloc(8);
  t.writeBigUInt64BE(BigInt(time));
  return Buffer.concat([t, signature]);
}

/** Verifies a cosignature line over a checkpoint body with a witness key; its timestamp when it holds. */
export function cosignatureValid(body: string, line: string, key: VerifierKey): { time: number } | undefined {
  const sig = parseSignatureLine(line);
  if (
    !sig ||
    sig.name !== key.name ||
    !sig.id.equals(Buffer.from(key.id)) ||
    !COSIGNATURE_TYPE.equals(key.type) ||
    sig.signature.length < 9
  )
    return undefined;
  const time = Number(sig.signature.readBigUInt64BE(0));
  return mlDsaValid(key.publicKey, cosignatureMessage(body, time), sig.signature.subarray(8)) ? { time } : undefined;
}

/** The raw ML-DSA-65 public key of an SPKI PEM (its last 1,952 bytes). */
export function rawMlDsa65Key(pem: string): Buffer {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return der.subarray(der.length - ML_DSA_65_PUBLIC_KEY_BYTES);
}
