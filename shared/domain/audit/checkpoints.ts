import { createHash, verify as verifySignature } from 'node:crypto';
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

/** RFC 6962 Merkle tree hash over the entries' hashes (hex): leaf = H(0x00 || x), node = H(0x01 || l || r). */
export function merkleRoot(hashesHex: string[]): string {
  const mth = (leaves: Buffer[]): Buffer => {
    if (leaves.length === 0) return h();
    if (leaves.length === 1) return h(LEAF, leaves[0]!);
    let k = 1;
    while (k * 2 < leaves.length) k *= 2;
    return h(NODE, mth(leaves.slice(0, k)), mth(leaves.slice(k)));
  };
  return mth(hashesHex.map((x) => Buffer.from(x, 'hex'))).toString('hex');
}

export function checkpointHash(c: Omit<Checkpoint, 'checkpoint_hash' | 'signature'> & Partial<Checkpoint>): string {
  const { checkpoint_hash: _h, signature: _s, ...body } = c;
  return sha256Hex(canonicalJson(body));
}

/** Whether the signature over the checkpoint hash verifies with the given public key (PEM, SPKI). */
export function signatureValid(c: Pick<Checkpoint, 'checkpoint_hash' | 'signature' | 'algorithm'>, publicKeyPem: string): boolean {
  try {
    const msg = Buffer.from(c.checkpoint_hash, 'hex');
    const sig = Buffer.from(c.signature, 'base64');
    return verifySignature(c.algorithm === 'ecdsa-p256-sha256' ? 'sha256' : null, msg, publicKeyPem, sig);
  } catch {
    return false;
  }
}
