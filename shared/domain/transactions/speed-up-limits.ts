import { ConcurrentModificationError, PolicyDeniedError } from '../../errors/domain-errors.js';
import { WriteConflictError } from '../../ports/store.js';
import { nativeAssetId } from '../assets/asset-record.js';
import { vaultPolicies } from '../policies/policy-cache.js';
import { dailyLimitCounterIds, evaluate, type TransferFacts } from '../policies/policy-engine.js';
import type { PolicyRules } from '../policies/rules.js';
import { SpendLimitReached } from '../policies/spend-allowance.js';
import type { Reservation } from '../unit-of-work.js';
import type { Fees } from './replace.js';
import { readCounters, type SubmissionContext } from './submit-transfer.js';
import type { TransactionRecord } from './transaction.js';

/**
 * A speed-up's extra fee counts against the vault's spend limits (docs/transactions.md, Replacements, "Policy"): the
 * most it can add to what the wallet pays, gasLimit x (the new maxFeePerGas - the current one), in wei of the native
 * asset (fees are paid in it, whatever the transfer's asset), is reserved on every DAILY_LIMIT counter of the vault's
 * policies as they are now that applies to it, by the capped adds a submission makes (policies/spend-allowance.ts),
 * in the unit of work that stores the request. One that does not fit is 422 1200 naming the rule, and nothing is
 * stored. No approval is asked for again: the transfer was approved, the replacement changes only its fees at the
 * same nonce, and the limit bounds what the fees may add. A cancel is never refused by a limit (it stops a transfer),
 * and automatic repricing is bounded by CUSTODY_REPRICE_MAX_FEE_PER_GAS instead.
 */
export function extraFee(tx: Pick<TransactionRecord, 'gasLimit' | 'maxFeePerGas'>, fees: Fees): bigint {
  const raised = fees.maxFeePerGas - BigInt(tx.maxFeePerGas ?? '0');
  return raised > 0n ? BigInt(tx.gasLimit ?? 0) * raised : 0n;
}

/** Attempts at reserving before the request is given up as a concurrent change (the client retries). */
const RESERVE_ATTEMPTS = 3;

/** Reserves the speed-up's extra fee on the vault's DAILY_LIMIT counters, staged on `ctx.uow`; 422 1200 when it does not fit. */
export async function reserveExtraFee(ctx: SubmissionContext, tx: TransactionRecord, fees: Fees): Promise<void> {
  const amount = extraFee(tx, fees);
  if (amount === 0n || tx.chainId === null) return;
  // Only the DAILY_LIMIT rules, each keeping its index in its policy (for the denial's `rule`).
  const all = await vaultPolicies(ctx.store, tx.tenantId, tx.sourceVaultId);
  const indexes = all.map((p) => p.rules.flatMap((r, i) => (r.type === 'DAILY_LIMIT' ? [i] : [])));
  const limits: PolicyRules[] = all.map((p, j) => ({ id: p.id, rules: indexes[j]!.map((i) => p.rules[i]!) }));
  const facts: TransferFacts = {
    amount,
    destination: tx.destinationAddr,
    operation: 'TRANSFER',
    assetId: nativeAssetId(tx.chainId),
    walletId: tx.sourceWalletId,
    vaultId: tx.sourceVaultId,
  };
  const counterIds = dailyLimitCounterIds(limits, facts, ctx.now);
  if (!counterIds.length) return;
  let spent: Map<string, bigint> | undefined;
  for (let attempt = 1; ; attempt++) {
    const decision = evaluate(limits, facts, ctx.now, (id) => spent?.get(id));
    if (decision.outcome === 'deny') {
      if (!spent) {
        spent = await readCounters(ctx, counterIds, ctx.spendAllowances);
        continue;
      }
      const j = all.findIndex((p) => p.id === decision.rule.policy_id);
      const rule = { ...decision.rule, rule_index: indexes[j]![decision.rule.rule_index]! };
      throw new PolicyDeniedError(`the speed-up's extra fee of up to ${amount} wei: ${decision.reason}`, rule);
    }
    const taken = await Promise.allSettled(
      decision.reservations.map((r) =>
        ctx.spendAllowances.take(ctx.store, {
          tenantId: tx.tenantId,
          counterId: r.counterId,
          limit: r.limit,
          windowEnd: r.windowEnd,
          amount,
          now: ctx.now,
        }),
      ),
    );
    const made: Reservation[] = taken.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
    const failed = taken.find((x): x is PromiseRejectedResult => x.status === 'rejected');
    if (!failed) return ctx.uow.reserved(made);
    for (const r of made) r.giveBack();
    if (failed.reason instanceof WriteConflictError)
      throw new ConcurrentModificationError('a reservation met a concurrent change; retry');
    if (!(failed.reason instanceof SpendLimitReached)) throw failed.reason;
    if (attempt >= RESERVE_ATTEMPTS) throw new ConcurrentModificationError('daily limit counter moved');
    spent = await readCounters(ctx, counterIds, ctx.spendAllowances);
  }
}
