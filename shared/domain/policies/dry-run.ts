import { CANONICAL_AMOUNT_RE } from '../amounts.js';
import { InvalidStateError } from '../../errors/domain-errors.js';
import { ERROR_CATALOG } from '../../errors/catalog.js';
import type { ScreeningPort } from '../../ports/screening.js';
import { loadWallet } from '../wallets/wallet-record.js';
import { loadAsset, type NativeProfile } from '../assets/asset-record.js';
import {
  readCounters,
  unitsAmountError,
  type CreateTransferInput,
  type SubmissionContext,
} from '../transactions/submit-transfer.js';
import { vaultPolicies } from './policy-cache.js';
import { readsAddressBook } from './rules.js';
import { loadBook } from '../address-book/address-book.js';
import { dailyLimitCounterIds, evaluate, velocityCounterIds, type TransferFacts } from './policy-engine.js';

/** What the dry run knows of screening: the provider's name and, for the built-in lists, their verdict. */
export type DryRunScreening = { provider: string | null; screen: ScreeningPort | null };

/**
 * POST /v1/policies/evaluate: what a submission of the same body would be answered now, explained, with nothing
 * stored and nothing reserved. The same checks and reads as a submission (transactions/submit-transfer.ts: an
 * archived wallet is 409 1301, an unknown one 404, an amount in units 400 1103), the vault's policies evaluated by the
 * same engine with what the DAILY_LIMIT and VELOCITY_COUNT counters hold now (`readCounters`, as a submission reads
 * them after a capped add does not fit), so the decision is the one a submission would get (a property test holds
 * this). The built-in screening lists are read; an external provider is not called.
 */
export async function dryRunTransfer(
  ctx: Pick<SubmissionContext, 'store' | 'principal' | 'now' | 'spendAllowances'>,
  profile: NativeProfile,
  input: CreateTransferInput,
  screening: DryRunScreening,
) {
  const { store, principal, now } = ctx;
  const tenantId = principal.tenantId;
  const [wallet, asset] = await Promise.all([
    loadWallet(store, tenantId, input.sourceWalletId),
    loadAsset(store, principal.tenant, input.assetId, profile),
  ]);
  if (wallet.status !== 'active')
    throw new InvalidStateError('the source wallet is archived', { wallet_id: wallet.id, status: wallet.status });
  if (!CANONICAL_AMOUNT_RE.test(input.amount)) throw unitsAmountError(input.amount, asset);
  const records = await vaultPolicies(store, tenantId, wallet.vault_id);
  const policies = records.map((p) => ({ id: p.id, rules: p.rules }));
  const facts: TransferFacts = {
    amount: BigInt(input.amount),
    destination: input.destinationAddr,
    operation: 'TRANSFER',
    assetId: asset.id,
    walletId: wallet.id,
    vaultId: wallet.vault_id,
  };
  const ids = [...dailyLimitCounterIds(policies, facts, now), ...velocityCounterIds(policies, facts, now)];
  const [counters, book] = await Promise.all([
    ids.length ? readCounters(ctx, ids, ctx.spendAllowances) : new Map<string, bigint>(),
    policies.some((p) => readsAddressBook(p.rules)) ? loadBook(store, tenantId) : [],
  ]);
  const d = evaluate(policies, facts, now, (id) => counters.get(id) ?? 0n, book);
  const verdict =
    screening.screen && screening.provider === 'builtin'
      ? await screening.screen.screen({
          tenantId,
          transactionId: 'dry-run',
          destination: input.destinationAddr,
          amount: input.amount,
          assetId: asset.id,
          chainId: profile.chainId,
        })
      : null;
  return {
    decision: d.outcome,
    approvals_required: d.outcome === 'deny' ? 0 : d.approvals,
    reasons: d.outcome === 'require_approval' ? d.reasons : d.outcome === 'deny' ? [d.reason] : [],
    denial:
      d.outcome === 'deny'
        ? { code: ERROR_CATALOG.POLICY_DENIED.code, error: 'POLICY_DENIED', message: d.reason, rule: d.rule }
        : null,
    policies: records.map((p) => ({ id: p.id, name: p.name, rules: d.checks.filter((c) => c.policy_id === p.id) })),
    screening: {
      would_run: screening.provider !== null,
      provider: screening.provider,
      result: verdict?.result ?? null,
      reason: verdict?.reason ?? null,
    },
    evaluated_at: now.toISOString(),
  };
}
