/**
 * The transaction lifecycle (docs/transactions.md, "Lifecycle") as data: the one place that says which status may
 * follow which, and by what trigger. Every change of a transaction's status goes through `stageTransition`
 * (./transition.ts), which checks it here; anything not listed is 409 1301.
 */
export const STATUSES = [
  'SUBMITTED',
  'QUEUED',
  'PENDING_AML_SCREENING',
  'PENDING_AUTHORIZATION',
  'APPROVED',
  'REJECTED',
  'PENDING_SIGNATURE',
  'SIGNED',
  'BROADCASTING',
  'CONFIRMING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'BLOCKED',
] as const;
export type TxStatus = (typeof STATUSES)[number];

export type Trigger =
  | 'worker'
  | 'screening'
  | 'approval'
  | 'rejection'
  | 'cancel'
  | 'expiry'
  | 'signature'
  | 'refusal'
  | 'broadcast'
  | 'chain'
  | 'failure'
  | 'replacement';

/** from -> to -> the triggers that may cause it. */
export const TRANSITIONS: Readonly<Record<TxStatus, Partial<Record<TxStatus, readonly Trigger[]>>>> = {
  SUBMITTED: { QUEUED: ['worker'], CANCELLED: ['cancel'], FAILED: ['failure'] },
  QUEUED: {
    PENDING_AML_SCREENING: ['worker'],
    PENDING_AUTHORIZATION: ['worker'],
    APPROVED: ['worker'],
    CANCELLED: ['cancel'],
    FAILED: ['failure'],
  },
  PENDING_AML_SCREENING: {
    PENDING_AUTHORIZATION: ['screening'],
    APPROVED: ['screening'],
    BLOCKED: ['screening'],
    CANCELLED: ['cancel'],
    FAILED: ['failure'],
  },
  PENDING_AUTHORIZATION: {
    APPROVED: ['approval'],
    REJECTED: ['rejection', 'expiry'],
    CANCELLED: ['cancel'],
    FAILED: ['failure'],
  },
  APPROVED: { PENDING_SIGNATURE: ['worker'], CANCELLED: ['cancel'], FAILED: ['failure'] },
  // A callback signer's refusal of the policy receipt answers the wait for a signature, so only here (./signature-refusal.ts).
  PENDING_SIGNATURE: { SIGNED: ['signature'], CANCELLED: ['cancel'], FAILED: ['failure', 'refusal'] },
  SIGNED: { BROADCASTING: ['broadcast'], FAILED: ['failure'] },
  BROADCASTING: { CONFIRMING: ['broadcast'], FAILED: ['failure'] },
  // A reorg dropped the receipt's block: back to BROADCASTING, where the same signed bytes are sent again. A signed
  // replacement (speed-up, cancel, reprice: ./replace.ts) goes back to BROADCASTING to be sent. CANCELLED only when
  // the chain says so: the cancelling replacement is the candidate mined at depth (COMPLETED if the original is).
  CONFIRMING: {
    COMPLETED: ['chain'],
    CANCELLED: ['chain'],
    BROADCASTING: ['chain', 'replacement'],
    FAILED: ['failure'],
  },
  COMPLETED: {},
  REJECTED: {},
  BLOCKED: {},
  FAILED: {},
  CANCELLED: {},
};

export const TERMINAL: ReadonlySet<TxStatus> = new Set(
  STATUSES.filter((s) => Object.keys(TRANSITIONS[s]).length === 0),
);

/** Funds have not left (no broadcast yet): a DAILY_LIMIT reservation is released when such a transaction ends. */
export const BEFORE_BROADCAST: ReadonlySet<TxStatus> = new Set([
  'SUBMITTED',
  'QUEUED',
  'PENDING_AML_SCREENING',
  'PENDING_AUTHORIZATION',
  'APPROVED',
  'PENDING_SIGNATURE',
  'SIGNED',
]);

/**
 * Where a replacement at the same nonce (speed-up, cancel after broadcast, automatic repricing) may be asked for: once
 * the signed transaction may have reached a node, until the chain settles it. Anywhere else it is 409 1301.
 */
export const REPLACEABLE: ReadonlySet<TxStatus> = new Set(['BROADCASTING', 'CONFIRMING']);
/** Why a replacement was made: a person's speed-up or cancel, or the service's automatic repricing. */
export const REPLACEMENT_REASONS = ['SPEED_UP', 'CANCEL', 'REPRICE'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];

export function canTransition(from: TxStatus, to: TxStatus, trigger: Trigger): boolean {
  return TRANSITIONS[from]?.[to]?.includes(trigger) ?? false;
}

export const isStatus = (s: unknown): s is TxStatus =>
  typeof s === 'string' && (STATUSES as readonly string[]).includes(s);
