import { createHash, hash, verify as verifySignature, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../crypto/canonical-json.js';
import { sha256Hex } from '../../crypto/hashing.js';
import type { CheckpointAlgorithm } from '../../ports/checkpoint-signer.js';

/**
 * A tenant's chain of signed checkpoints. Each folds a batch of audit records, in the sequencer's order, into: the
 * sequence range they get, the RFC 6962 Merkle root of their hashes, and the hash of the checkpoint before. Its
 * `checkpoint_hash` is SHA-256 over the canonical JSON of every other field but the signature; the signature is over
 * the 32 bytes of that hash.
 */
export type CheckpointEntry = { id: string; hash: string };

export type Checkpoint = {
  tenant_id: string;
  number: number;
  first_sequence: number;
  last_sequence: number;
  entries: CheckpointEntry[];
  root: string;
  previous_checkpoint_hash: string;
  timestamp: string;
  key_id: string;
  algorithm: CheckpointAlgorithm;
  checkpoint_hash: string;
  signature: string;
};

export const GENESIS_CHECKPOINT_HASH = '0'.repeat(64);

const h = (...parts: Uint8Array[]) => {
  const d = createHash('sha256');
  for (const p of parts) d.update(p);
  return d.digest();
};
const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

/**
 * RFC 6962 Merkle tree hash over the entries' hashes (hex): leaf = H(0x00 || x), node = H(0x01 || l || r). Computed
 * level by level (pairs left to right, an odd last node carried up unchanged: the same tree as RFC 6962's split at
 * the largest power of two), with one-shot hashes over one reused node buffer: verification hashes every checkpoint's
 * tree, about two hashes per entry.
 */
export function merkleRoot(hashesHex: string[]): string {
  if (hashesHex.length === 0) return h().toString('hex');
  const leaf = Buffer.alloc(33); // 0x00 || the entry's hash
  let level: Buffer[] = hashesHex.map((x) => hash('sha256', x.length === 64 && leaf.write(x, 1, 'hex') === 32 ? leaf : Buffer.from(`00${x}`, 'hex'), 'buffer'));
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
  return level[0]!.toString('hex');
}

/**
 * The RFC 6962 audit path of leaf `index` among `hashesHex` (section 2.1.1): the sibling subtree hashes from the leaf
 * up to the root, so the leaf's inclusion is checked with log2(n) hashes instead of the whole batch.
 */
export function inclusionPath(hashesHex: string[], index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= hashesHex.length) throw new RangeError(`leaf ${index} outside a tree of ${hashesHex.length}`);
  const leaves = hashesHex.map((x) => Buffer.from(x, 'hex'));
  const mth = (l: Buffer[]): Buffer => {
    if (l.length === 1) return h(LEAF, l[0]!);
    const k = split(l.length);
    return h(NODE, mth(l.slice(0, k)), mth(l.slice(k)));
  };
  const path = (m: number, l: Buffer[]): Buffer[] => {
    if (l.length === 1) return [];
    const k = split(l.length);
    return m < k ? [...path(m, l.slice(0, k)), mth(l.slice(k))] : [...path(m - k, l.slice(k)), mth(l.slice(0, k))];
  };
  return path(index, leaves).map((b) => b.toString('hex'));
}

/** The largest power of two smaller than n (n > 1): where RFC 6962 splits a tree. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * Verifies an audit path (RFC 9162 section 2.1.3.2): that the leaf with hash `leafHex` at `index` of a tree of
 * `treeSize` leaves has Merkle root `rootHex`.
 */
export function verifyInclusion(leafHex: string, index: number, treeSize: number, pathHex: string[], rootHex: string): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = h(LEAF, Buffer.from(leafHex, 'hex'));
  for (const p of pathHex) {
    if (sn === 0) return false;
    const sibling = Buffer.from(p, 'hex');
    if (fn % 2 === 1 || fn === sn) {
      r = h(NODE, sibling, r);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) { fn >>= 1; sn >>= 1; }
    } else {
      r = h(NODE, r, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && r.toString('hex') === rootHex;
}

export function checkpointHash(c: Omit<Checkpoint, 'checkpoint_hash' | 'signature'> & Partial<Checkpoint>): string {
  const { checkpoint_hash: _h, signature: _s, ...body } = c;
  return sha256Hex(canonicalJson(body));
}

/** Whether the signature over the checkpoint hash verifies with the given public key (PEM, SPKI, or parsed once). */
export function signatureValid(c: Pick<Checkpoint, 'checkpoint_hash' | 'signature' | 'algorithm'>, publicKey: string | KeyObject): boolean {
  try {
    const msg = Buffer.from(c.checkpoint_hash, 'hex');
    const sig = Buffer.from(c.signature, 'base64');
    return verifySignature(c.algorithm === 'ecdsa-p256-sha256' ? 'sha256' : null, msg, publicKey, sig);
  } catch {
    return false;
  }
}
