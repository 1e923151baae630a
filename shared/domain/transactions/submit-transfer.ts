import { keys } from '../../store/keys.js';
import { ApiError } from '../../errors/catalog.js';
import { CANONICAL_AMOUNT_RE } from '../amounts.js';
import {
  ConcurrentModificationError,
  DuplicateExternalIdError,
  InvalidStateError,
  PolicyDeniedError,
} from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { newIdAt } from '../ids.js';
import { loadWallet } from '../wallets/wallet-record.js';
import { loadAsset, type NativeProfile } from '../assets/asset-record.js';
import { vaultPolicies } from '../policies/policy-cache.js';
import {
  dailyLimitCounterIds,
  evaluate,
  velocityCounterIds,
  type Decision,
  type Reservation as EngineReservation,
  type TransferFacts,
} from '../policies/policy-engine.js';
import { storedChecks } from '../policies/explanation.js';
import { readsAddressBook, type PolicyRules } from '../policies/rules.js';
import { loadBook } from '../address-book/address-book.js';
import type { BookEntry } from '../address-book/book.js';
import { SpendLimitReached, counterAdd, type SpendAllowances } from '../policies/spend-allowance.js';
import { WriteConflictError } from '../../ports/store.js';
import { NO_CHAIN_FACTS, type ContractCall, type TransactionRecord } from './transaction.js';
import { transactionItem } from './transaction-item.js';
import { transactionView } from './transaction-view.js';
import type { Hex } from '../tokens/call-params.js';
import type { TokenOperation } from '../tokens/templates.js';
import type { PolicyRecord } from '../policies/policy-store.js';

/**
 * Submitting a transfer (docs/transactions.md, "Submitting"). The source wallet, its vault and the asset must exist in
 * the caller's tenant and be active; the vault's policies are evaluated now and the decision is stored on the
 * transaction (later policy edits do not touch it). An outright denial stores no transaction, only the audited
 * attempt, and answers 422 1200 naming the rule. DAILY_LIMIT spend is reserved from leases of the counters, each
 * taken by an atomic add capped at the limit (see `decideAndReserve`), so two concurrent transfers can never both fit
 * a limit only one of them fits (the loser is re-evaluated and denied).
 */
export type CreateTransferInput = {
  sourceWalletId: string;
  destinationAddr: string;
  assetId: string;
  amount: string;
  externalId?: string;
  note?: string;
  metadata?: Record<string, string>;
  /** ISO instant; if not signed by then the transaction ends FAILED, EXPIRED (./expiry.ts). */
  expiresAt?: string;
};

/**
 * A submission's context: the use case's, and the DAILY_LIMIT leases of this container (policies/spend-allowance.ts:
 * the function's `spendAllowances` port, built only by the functions that submit).
 */
export type SubmissionContext = UseCaseContext & { readonly spendAllowances: SpendAllowances };

export async function submitTransfer(
  ctx: SubmissionContext,
  profile: NativeProfile,
  input: CreateTransferInput,
): Promise<{ transaction?: ReturnType<typeof transactionView>; error?: ApiError }> {
  const { store, principal } = ctx;
  const tenantId = principal.tenantId;
  // The wallet, the asset, the external id's constraint and the tenant's policy version: through the API all read with
  // authentication (route `readsFirst`, submission-reads.ts); then the policies of the wallet's vault, which this
  // container keeps while the policy version does not move (policy-cache.ts), else one query. Errors are answered in
  // the order of the checks.
  const [walletRead, assetRead, externalIdRead] = await Promise.allSettled([
    loadWallet(store, tenantId, input.sourceWalletId),
    loadAsset(store, principal.tenant, input.assetId, profile),
    input.externalId ? store.get(keys.transactionExternalId(tenantId, input.externalId)) : Promise.resolve(undefined),
  ]);
  const wallet = settled(walletRead);
  if (wallet.status !== 'active')
    throw new InvalidStateError('the source wallet is archived', { wallet_id: wallet.id, status: wallet.status });
  // The vault is not read, nor checked by the write: a wallet of an archived vault is archived with it, and no wallet is
  // ever active in an archived vault (`stageWalletAdded`), so the write's check of the wallet's status (also on a
  // denial) answers 409 1301 for an archived vault too.
  const policies = await vaultPolicies(store, tenantId, wallet.vault_id);
  const asset = settled(assetRead);
  if (!CANONICAL_AMOUNT_RE.test(input.amount)) throw unitsAmountError(input.amount, asset);
  // A token asset moves by the ERC-20 `transfer` of its contract (amount in the token's smallest unit, no native value).
  // The encoding (viem's ABI coder) is a lazy chunk, loaded by the first token transfer: a native one never needs it.
  const contractCall =
    asset.type === 'token' && asset.contract_address
      ? {
          to: asset.contract_address,
          data: (await import('../tokens/erc20.js')).erc20TransferData(
            input.destinationAddr.toLowerCase() as Hex,
            BigInt(input.amount),
          ),
        }
      : null;
  return stageSubmission(ctx, {
    wallet,
    vault: { id: wallet.vault_id },
    assetId: asset.id,
    amount: input.amount,
    destination: input.destinationAddr,
    operation: 'TRANSFER',
    tokenId: null,
    contractCall,
    policies,
    externalId: input.externalId,
    externalIdTaken: settled(externalIdRead) !== undefined,
    note: input.note,
    metadata: input.metadata,
    expiresAt: input.expiresAt,
  });
}

/**
 * 1103 for an amount written in the asset's units ("1.5"; the schema lets only that form through): what to send
 * instead, in the asset's smallest unit, or why no whole number of it matches.
 */
export function unitsAmountError(amount: string, asset: { symbol: string; decimals: number }): ApiError {
  const [whole, fraction = ''] = amount.split('.') as [string, string?];
  const { symbol, decimals } = asset;
  const unit = decimals === 18 ? 'wei' : 'base units';
  const head = `amount is in the asset's smallest unit (${unit}), digits only: ${symbol} has ${decimals} decimals`;
  const digits = fraction.replace(/0+$/, '');
  if (digits.length > decimals)
    return new ApiError('INVALID_AMOUNT', `${head}, so ${amount} ${symbol} is not a whole number of ${unit}`, {
      field: 'amount',
      decimals,
    });
  const smallest = (BigInt(whole) * 10n ** BigInt(decimals) + BigInt(digits.padEnd(decimals, '0') || '0')).toString();
  return new ApiError('INVALID_AMOUNT', `${head}: ${amount} ${symbol} is ${smallest} ${unit}; send "${smallest}"`, {
    field: 'amount',
    decimals,
    amount: smallest,
  });
}

/** The value of a settled read, or its error thrown. */
function settled<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

/**
 * What a new transaction is: a transfer (native or token asset) or a token operation. The policies are the ones that
 * decide it (the vault's, or a token's approval policy); `auditDetails` go into the creation's audit entry.
 */
export type Submission = {
  wallet: { id: string };
  vault: { id: string };
  assetId: string;
  /** In the asset's smallest unit; "0" for an operation that moves nothing. */
  amount: string;
  destination: string | null;
  operation: TokenOperation;
  tokenId: string | null;
  contractCall: ContractCall | null;
  policies: readonly PolicyRecord[];
  externalId?: string;
  /** Whether the external id's constraint item exists, when the caller read it already (else it is read here). */
  externalIdTaken?: boolean;
  note?: string;
  metadata?: Record<string, string>;
  expiresAt?: string;
  auditDetails?: Record<string, unknown>;
};

/**
 * The version of each policy the submission was evaluated against, kept in its creation's audit entry (not on the item,
 * which stays small): the transaction's history names them, so a policy edited later shows as a newer version.
 */
const policyVersions = (policies: readonly PolicyRecord[]) =>
  policies.map((p) => ({ policyId: p.id, version: p.version }));

/**
 * Evaluates the policies, reserves DAILY_LIMIT spend (`decideAndReserve`: consumed from a lease in the change's own
 * transaction) and stages the new transaction (SUBMITTED) with its audit entry and `transaction.created`, or only the
 * audited denial (answered as 422 1200). The wallet must still be active when the unit of work commits (checked by
 * the write, also for a denial; an active wallet's vault is active).
 */
export async function stageSubmission(
  ctx: SubmissionContext,
  s: Submission,
): Promise<{ transaction?: ReturnType<typeof transactionView>; error?: ApiError }> {
  const { store, uow, now, principal } = ctx;
  const tenantId = principal.tenantId;
  const expiresAt = s.expiresAt === undefined ? null : new Date(s.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new ApiError('VALIDATION', 'expiresAt must be in the future', { field: 'expiresAt' });
  if (
    s.externalId &&
    (s.externalIdTaken ?? (await store.get(keys.transactionExternalId(tenantId, s.externalId))) !== undefined)
  )
    throw new DuplicateExternalIdError();
  const policies = s.policies.map((p) => ({ id: p.id, rules: p.rules }));
  const facts = {
    amount: BigInt(s.amount),
    destination: s.destination,
    operation: s.operation,
    assetId: s.assetId,
    walletId: s.wallet.id,
    vaultId: s.vault.id,
  };
  // The address book only when a rule refers to it (one strongly consistent query of the tenant's book).
  const book = policies.some((p) => readsAddressBook(p.rules)) ? await loadBook(store, tenantId) : [];
  const decision = await decideAndReserve(ctx, policies, facts, book);
  const destination = s.destination?.toLowerCase() ?? null;
  const token = s.tokenId ? { operation: s.operation, tokenId: s.tokenId } : {};

  // Its time is its creation's (the clock's): the creation time range of the lists is a range of ids (list-transactions.ts).
  const txId = newIdAt(now);
  // The wallet must still be active when the submission (or its audited denial) commits. Its vault is not checked: a
  // wallet is never active in an archived vault (archiving archives the vault's wallets in the same change, and a
  // wallet created meanwhile moves the vault's version, failing the archive's commit: vault-record.ts
  // `stageWalletAdded`). One item fewer in every submission's transaction, and no vault-wide item in it.
  uow.check(
    keys.wallet(tenantId, s.wallet.id),
    { type: 'equals', attribute: 'status', value: 'active' },
    () => new InvalidStateError('the source wallet is archived'),
  );
  if (decision.outcome === 'deny') {
    uow.audit({
      tenantId,
      action: 'transaction.denied',
      resourceType: 'transaction',
      resourceId: txId,
      change: {
        rule: decision.rule,
        reason: decision.reason,
        checks: storedChecks(decision.checks),
        sourceWalletId: s.wallet.id,
        destinationAddr: destination,
        assetId: s.assetId,
        amount: s.amount,
        externalId: s.externalId ?? null,
        ...token,
        ...s.auditDetails,
      },
    });
    return { error: new PolicyDeniedError(decision.reason, decision.rule) };
  }

  const ts = now.toISOString();
  const reservations = reserved(decision, facts);
  const tx: TransactionRecord = {
    ...NO_CHAIN_FACTS,
    id: txId,
    tenantId,
    externalId: s.externalId ?? null,
    sourceVaultId: s.vault.id,
    sourceWalletId: s.wallet.id,
    destinationAddr: s.destination,
    assetId: s.assetId,
    operation: s.operation,
    tokenId: s.tokenId,
    contractCall: s.contractCall,
    amount: s.amount,
    status: 'SUBMITTED',
    note: s.note ?? null,
    metadata: s.metadata ?? {},
    createdAt: ts,
    updatedAt: ts,
    initiator: { userId: principal.userId, keyId: principal.keyId },
    policyDecision: {
      outcome: decision.outcome,
      approvals: decision.approvals,
      reasons: decision.outcome === 'require_approval' ? decision.reasons : [],
      evaluatedAt: ts,
      policyIds: decision.policyIds,
      checks: storedChecks(decision.checks),
    },
    approvals: [],
    approvalExpiresAt: null,
    expiresAt: expiresAt?.toISOString() ?? null,
    screening: null,
    // A VELOCITY_COUNT counter holds one per transaction: released like spend when the transaction ends before broadcast.
    reservations: [
      ...reservations.map((r) => ({ counterId: r.counterId, amount: s.amount })),
      ...decision.counts.map((c) => ({ counterId: c.counterId, amount: '1' })),
    ],
    version: 1,
  };
  uow.create(transactionItem(tx));
  if (tx.externalId)
    uow.create(
      { ...keys.transactionExternalId(tenantId, tx.externalId), entity: 'constraint', transaction_id: tx.id },
      () => new DuplicateExternalIdError(),
    );
  // The creation record is the submission's authenticated intent (its MAC is not in the table): the policy receipt is
  // issued only for a transaction that still matches it (domain/receipts/creation-intent.ts), which reads it by key
  // when it has the transaction's id (the change's first record: a plain submission's only one).
  uow.useRecordId(tenantId, tx.id);
  uow.audit({
    tenantId,
    action: 'transaction.created',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: {
      sourceWalletId: tx.sourceWalletId,
      destinationAddr: destination,
      assetId: tx.assetId,
      amount: tx.amount,
      externalId: tx.externalId,
      policyDecision: { ...tx.policyDecision, policyVersions: policyVersions(s.policies) },
      ...(tx.expiresAt ? { expiresAt: tx.expiresAt } : {}),
      ...(tx.contractCall ? { contractCall: tx.contractCall } : {}),
      ...token,
      ...s.auditDetails,
    },
  });
  uow.event(
    tenantId,
    'transaction.created',
    {
      transaction_id: tx.id,
      status: tx.status,
      source_wallet_id: tx.sourceWalletId,
      destination_addr: tx.destinationAddr,
      asset_id: tx.assetId,
      amount: tx.amount,
      external_id: tx.externalId,
      operation: tx.operation,
      token_id: tx.tokenId,
    },
    tx.id,
  );
  return { transaction: transactionView(tx) };
}

/** The reservations a decision makes: none for an operation that moves no amount. */
const reserved = (d: Decision, facts: TransferFacts) =>
  d.outcome !== 'deny' && facts.amount > 0n ? d.reservations : [];

/** Attempts at reserving before the submission is given up to the pipeline's retry (which reads everything again). */
const RESERVE_ATTEMPTS = 3;

/**
 * Evaluates the policies and, when the transfer passes, reserves its amount on every DAILY_LIMIT counter it counts
 * against (`reserveAll`): from a lease of this container on the counter (policies/spend-allowance.ts), consumed inside
 * the submission's transaction; a new lease, when needed, is taken now by ONE transaction with the counter's add capped
 * at the limit, outside the submission's transaction and before it. Every submission of a vault shares the counter:
 * inside their transactions it made concurrent submissions conflict and re-run, and written by every submission it was
 * a second store call and a vault-wide hot item. A lease has one consumer, so consuming it conflicts with nothing.
 *
 * The counters are not read first: the evaluation assumes nothing spent, and the capped add checks the real total.
 * When an add does not fit (after reclaiming the counter's expired leases) or the evaluation denies (a DAILY_LIMIT may
 * be the first rule to deny), the counters are read and the transfer evaluated again with what was really spent (less
 * what this container holds unused), so a denial names the right rule and amount; reservations that did fit are given
 * back first. Two concurrent transfers can never both fit a limit only one of them fits.
 *
 * When the submission's transaction then does not commit, it consumed nothing: the lease's unused part goes back to
 * the counter at this container's next counter write, or by anyone once the lease has expired (docs/policies.md).
 * Counter values stay below 10^38, DynamoDB's exact range, because DAILY_LIMIT values are capped there.
 */
async function decideAndReserve(
  ctx: SubmissionContext,
  policies: PolicyRules[],
  facts: TransferFacts,
  book: readonly BookEntry[],
): Promise<Decision> {
  const { now } = ctx;
  const counterIds = [...dailyLimitCounterIds(policies, facts, now), ...velocityCounterIds(policies, facts, now)];
  let spent: Map<string, bigint> | undefined;
  for (let attempt = 1; ; attempt++) {
    const decision = evaluate(policies, facts, now, (id) => spent?.get(id), book);
    if (decision.outcome === 'deny') {
      if (spent || counterIds.length === 0) return decision;
      spent = await readCounters(ctx, counterIds, ctx.spendAllowances);
      continue;
    }
    try {
      await reserveAll(ctx, reserved(decision, facts), facts.amount);
      await countAll(ctx, decision.counts);
      return decision;
    } catch (e) {
      if (!(e instanceof SpendLimitReached)) throw e;
      ctx.uow.abandon();
      if (attempt >= RESERVE_ATTEMPTS) throw new ConcurrentModificationError('daily limit counter moved');
      spent = await readCounters(ctx, counterIds, ctx.spendAllowances);
    }
  }
}

/**
 * What the DAILY_LIMIT and VELOCITY_COUNT counters hold, less what this container holds unspent of each in `own` (its
 * allowance, not yet any transfer's): what the evaluation compares with. Also the dry run's reading
 * (policies/dry-run.ts), so both see the same values.
 */
export async function readCounters(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  counterIds: string[],
  own: SpendAllowances,
): Promise<Map<string, bigint>> {
  const tenantId = ctx.principal.tenantId;
  const items = await ctx.store.getMany(counterIds.map((id) => keys.spendCounter(tenantId, id)));
  return new Map(
    items.map((c, i) => [
      counterIds[i]!,
      BigInt((c?.spent as bigint | number | undefined) ?? 0) - own.held(tenantId, counterIds[i]!),
    ]),
  );
}

/**
 * Adds one to every VELOCITY_COUNT counter of the decision, each by its own exact add capped at the limit (no
 * allowance: a count is small and every unit matters), made now like the spend reservations and given back (one
 * uncapped subtraction) when the change does not commit. All or none: a counter at its limit throws
 * `SpendLimitReached` after the others are given back.
 */
async function countAll(ctx: UseCaseContext, list: EngineReservation[]): Promise<void> {
  const tenantId = ctx.principal.tenantId;
  const giveBack = (r: EngineReservation) => () =>
    void ctx.store.write([counterAdd(tenantId, r.counterId, -1n, undefined, r.windowEnd)]).catch(() => undefined);
  const results = await Promise.allSettled(
    list.map(async (r) => {
      try {
        await ctx.store.write([counterAdd(tenantId, r.counterId, 1n, r.limit, r.windowEnd)]);
      } catch (e) {
        if (e instanceof WriteConflictError && e.failed.length) throw new SpendLimitReached();
        throw e;
      }
      return r;
    }),
  );
  const made = results.flatMap((x) =>
    x.status === 'fulfilled' ? [{ giveBack: giveBack(x.value), kept: () => undefined }] : [],
  );
  const failed = results.find((x): x is PromiseRejectedResult => x.status === 'rejected');
  ctx.uow.reserved(made);
  if (failed) throw failed.reason;
}

/**
 * Makes the reservations now (concurrently), all or none: when one fails, those made are given back and the failure
 * is thrown (a transaction conflict on a counter as a `ConcurrentModificationError`, which the pipeline retries). Those
 * made are staged on the unit of work: their consumption commits with the submission, or is given back.
 */
async function reserveAll(ctx: SubmissionContext, list: EngineReservation[], amount: bigint): Promise<void> {
  const tenantId = ctx.principal.tenantId;
  const results = await Promise.allSettled(
    list.map((r) =>
      ctx.spendAllowances.take(ctx.store, {
        tenantId,
        counterId: r.counterId,
        limit: r.limit,
        windowEnd: r.windowEnd,
        amount,
        now: ctx.now,
      }),
    ),
  );
  const made = results.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
  const failed = results.find((x): x is PromiseRejectedResult => x.status === 'rejected');
  if (!failed) return ctx.uow.reserved(made);
  for (const t of made) t.giveBack();
  // A counter in another change's transaction at that moment (a release): the pipeline runs the submission again.
  if (failed.reason instanceof WriteConflictError)
    throw new ConcurrentModificationError('a reservation met a concurrent change; retry');
  throw failed.reason;
}
