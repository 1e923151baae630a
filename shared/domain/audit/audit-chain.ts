import { canonicalJson } from '../../crypto/canonical-json.js';
import { sha256Hex } from '../../crypto/hashing.js';

/**
 * The tamper-evident audit chain of one tenant: each entry carries the hash of the one before it, and its own hash is
 * SHA-256 over the canonical JSON of every other field. Changing, removing or reordering a stored entry breaks
 * verification at exactly that sequence number.
 */
export const GENESIS_HASH = '0'.repeat(64);

export type AuditActor = { user_id: string | null; key_id: string | null; type: 'user' | 'system' };

export type AuditDraft = {
  tenantId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  /** What changed; only its digest is chained (and the value kept beside it for readers). */
  change?: unknown;
};

export type AuditEntry = {
  tenant_id: string;
  sequence: number;
  timestamp: string;
  actor: AuditActor;
  action: string;
  resource_type: string;
  resource_id: string;
  request_id: string | null;
  change_digest: string;
  previous_hash: string;
  hash: string;
};

export type AuditHead = { sequence: number; hash: string };

export function changeDigest(change: unknown): string {
  return sha256Hex(canonicalJson(change ?? null));
}

export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  return sha256Hex(canonicalJson(entry));
}

/** Chains drafts onto a head, returning the entries to store and the new head. */
export function chainEntries(
  head: AuditHead | undefined,
  drafts: AuditDraft[],
  meta: { timestamp: string; actor: AuditActor; requestId: string | null },
): { entries: AuditEntry[]; head: AuditHead } {
  let sequence = head?.sequence ?? 0;
  let previous = head?.hash ?? GENESIS_HASH;
  const entries = drafts.map((d) => {
    sequence += 1;
    const body: Omit<AuditEntry, 'hash'> = {
      tenant_id: d.tenantId,
      sequence,
      timestamp: meta.timestamp,
      actor: meta.actor,
      action: d.action,
      resource_type: d.resourceType,
      resource_id: d.resourceId,
      request_id: meta.requestId,
      change_digest: changeDigest(d.change),
      previous_hash: previous,
    };
    const hash = entryHash(body);
    previous = hash;
    return { ...body, hash };
  });
  return { entries, head: { sequence, hash: previous } };
}

export type VerifyResult = { valid: boolean; entries_checked: number; head_hash: string | null; first_invalid_sequence: number | null };

/**
 * Verifies entries in sequence order. Feed it pages in order through `step`; `result` answers at the end. Besides
 * each entry's own hash it checks the links and the sequence numbers (a missing entry is a break too), and that the
 * last entry matches the stored head.
 */
export class ChainVerifier {
  private expectedSeq = 1;
  private previous = GENESIS_HASH;
  private checked = 0;
  private firstInvalid: number | null = null;

  step(entry: AuditEntry): void {
    this.checked += 1;
    if (this.firstInvalid !== null) return;
    const { hash, ...body } = entry;
    const ok = entry.sequence === this.expectedSeq && entry.previous_hash === this.previous && entryHash(body) === hash;
    if (!ok) this.firstInvalid = Number.isInteger(entry.sequence) && entry.sequence >= this.expectedSeq ? this.expectedSeq : entry.sequence;
    this.expectedSeq = entry.sequence + 1;
    this.previous = hash;
  }

  result(head: AuditHead | undefined): VerifyResult {
    if (this.firstInvalid === null && head && (head.sequence !== this.expectedSeq - 1 || head.hash !== this.previous)) {
      this.firstInvalid = Math.min(head.sequence, this.expectedSeq);
    }
    return { valid: this.firstInvalid === null, entries_checked: this.checked, head_hash: head?.hash ?? null, first_invalid_sequence: this.firstInvalid };
  }
}
