import type { Store } from '../../../ports/store.js';
import type { Clock } from '../../../ports/clock.js';
import type { KeyProvider } from '../../../ports/key-provider.js';
import type { ScreeningPort } from '../../../ports/screening.js';
import type { ChainPort } from '../../../ports/chain.js';
import type { Signer } from '../../../ports/signer.js';
import type { PolicySigner } from '../../../ports/policy-signer.js';
import type { ChainProfile } from '../../chain/chain-profile.js';
import type { NonceWrite } from '../wallet-nonce.js';
import type { AnyEvent, EventType } from '../../events/catalog.js';
import type { TransactionRecord } from '../transaction.js';
import type { Trigger, TxStatus } from '../transition-table.js';
import type { FailureCode } from '../sub-status.js';

/**
 * One automatic step of the transaction state machine: the work the worker does for a transaction in `status`.
 * A step reads what it needs (`read`, the only part that may call out), decides on one move (`decide`, pure), and
 * the runner (../advance.ts) writes it: the move's events and its transition (conditional on the version read, with
 * its audit entry and `transaction.status_changed`) in one unit of work. A step declares every move it may make and
 * every event it may emit; a unit test checks each of its `cases` against these declarations and the transition table.
 */
export type StepDeps = {
  store: Store;
  /** The service keys (the audit record MAC of every change committed, the creation record's check). */
  keys: KeyProvider;
  clock: Clock;
  screening: ScreeningPort | null;
  chainId: number;
  approvalTtlSeconds: number;
  /** The chain's nodes (nonces, fees, gas, balances, broadcasting, receipts; failover inside) and profile (encodings, signature checks). */
  chain: ChainPort;
  profile: ChainProfile;
  /** The signer the service pushes payloads to (`remote`, `grpc`); null in `callback` mode (the signer posts back). */
  signer: Signer | null;
  /** The policy key that signs receipts (domain/receipts) and how long a receipt may be presented. */
  receipts: { signer: PolicySigner; ttlSeconds: number };
};

/** What `decide` gets besides the transaction and the facts read. */
export type DecideContext = { now: Date; approvalTtlSeconds: number };

/**
 * The one move a step makes: the next status, by which trigger, the record's other changes, the events before it,
 * and the other items it writes in the same unit of work (a wallet's nonce state, version-guarded).
 */
export type Move = {
  to: TxStatus;
  trigger: Trigger;
  changes?: Partial<TransactionRecord>;
  events?: AnyEvent[];
  writes?: NonceWrite[];
  /**
   * For a move to FAILED: the machine-readable reason (../sub-status.ts FAILURE_CODES), stored as `failureCode` and the
   * `transfersFailed` metric's dimension (the human reason is `changes.failureReason`).
   */
  failureCode?: FailureCode;
};

/** A step's decision: a move, or `wait` (the transaction stays where it is, nothing written: it waits for a signer). */
export type Decision = Move | { wait: string };
export const isWait = (d: Decision): d is { wait: string } => 'wait' in d;

export type Step<F> = {
  status: TxStatus;
  /** One line for the docs: what the step does. */
  summary: string;
  /** What it reads besides the transaction itself (ports, settings). */
  reads: readonly string[];
  /** Every move it may make; each must be allowed by the transition table. */
  moves: readonly { to: TxStatus; trigger: Trigger }[];
  /** Events it may emit besides `transaction.status_changed` (which every move emits). */
  emits: readonly EventType[];
  /**
   * Its `read` acts on the world or on other items (takes a nonce, asks the signer, sends to a node), so it runs only
   * on a committed status: a run (../advance.ts) commits the moves before it first, and the transaction worker leaves
   * it to the message the stream routes for that status. A step without it is folded into the commit of the moves
   * before it.
   */
  commitBefore?: true;
  read(deps: StepDeps, tx: TransactionRecord): Promise<F>;
  decide(tx: TransactionRecord, facts: F, ctx: DecideContext): Decision;
  /** Every kind of facts `read` can return: what the step decides between (the table test runs each). */
  cases: readonly F[];
};

/** The record's changes a move makes, its failure code among them. */
export const moveChanges = (m: Move): Partial<TransactionRecord> =>
  m.failureCode ? { ...m.changes, failureCode: m.failureCode } : (m.changes ?? {});

/** Declares a step (keeps the facts type of `read`, `decide` and `cases` together). */
export const defineStep = <F>(step: Step<F>): Step<F> => step;
