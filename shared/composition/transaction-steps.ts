import type { Config } from '../config.js';
import type { Clock } from '../ports/clock.js';
import type { ChainPort } from '../ports/chain.js';
import type { ScreeningPort } from '../ports/screening.js';
import type { Signer } from '../ports/signer.js';
import type { Store } from '../ports/store.js';
import type { KeyProvider } from '../ports/key-provider.js';
import type { ChainProfile } from '../domain/chain/chain-profile.js';
import type { StepDeps } from '../domain/transactions/steps/index.js';
import type { ConfirmDeps, PollBounds } from '../domain/transactions/confirm.js';
import type { RedriveOptions } from '../domain/transactions/redrive.js';

/**
 * What the state machine's steps read, from the transaction worker's deps (the local stack and the tests build them
 * from theirs). The signer is pushed payloads only in `remote` and `grpc` modes; in `callback` mode (null)
 * PENDING_SIGNATURE waits for the signature API.
 */
export function stepDeps(
  d: {
    readonly config: Config;
    readonly store: Store;
    readonly keys: KeyProvider;
    readonly clock: Clock;
    readonly screening: ScreeningPort | null;
    readonly chain: ChainPort;
    readonly profile: ChainProfile;
    readonly signer: Signer;
  },
  receipts: StepDeps['receipts'],
): StepDeps {
  return {
    store: d.store,
    keys: d.keys,
    clock: d.clock,
    screening: d.screening,
    chainId: d.config.CUSTODY_CHAIN_ID,
    approvalTtlSeconds: d.config.CUSTODY_APPROVAL_TTL_SECONDS,
    chain: d.chain,
    profile: d.profile,
    signer: d.config.CUSTODY_SIGNER_TYPE === 'callback' ? null : d.signer,
    receipts,
  };
}

/** What the chain poller's confirmation work reads, its per-run bounds and its re-drive of stalled transactions. */
export function confirmDeps(d: {
  readonly config: Config;
  readonly store: Store;
  readonly keys: KeyProvider;
  readonly clock: Clock;
  readonly chain: ChainPort;
}): ConfirmDeps & { bounds: PollBounds; redrive: RedriveOptions } {
  const cfg = d.config;
  return {
    redrive: {
      afterSeconds: cfg.CUSTODY_REDRIVE_AFTER_SECONDS,
      signerPushes: cfg.CUSTODY_SIGNER_TYPE !== 'callback',
      maxPerRun: cfg.CUSTODY_POLL_MAX_TRANSACTIONS,
    },
    store: d.store,
    keys: d.keys,
    clock: d.clock,
    chain: d.chain,
    confirmationDepth: cfg.CUSTODY_CONFIRMATION_DEPTH,
    reprice: {
      afterBlocks: cfg.CUSTODY_REPRICE_AFTER_BLOCKS,
      maxFeePerGas: BigInt(cfg.CUSTODY_REPRICE_MAX_FEE_PER_GAS),
    },
    overdueAfterSeconds: cfg.CUSTODY_STUCK_AFTER_SECONDS,
    bounds: { maxTransactions: cfg.CUSTODY_POLL_MAX_TRANSACTIONS, maxMillis: cfg.CUSTODY_POLL_MAX_SECONDS * 1000 },
  };
}
