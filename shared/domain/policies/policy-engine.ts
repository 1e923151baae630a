import type { TokenOperation } from '../tokens/templates.js';
import { endOfLocalDay, localClock, previousDay } from './local-time.js';
import { minutesOf, type DailyLimitRule, type DailyLimitScope, type PolicyRules, type Rule, type RuleType, type TimeWindowRule } from './rules.js';

/**
 * The policy engine: a pure function of the vault's policies, the transfer, the time and what has already been spent
 * in each DAILY_LIMIT window. No I/O, no clock: the caller reads the policies and the spend counters first
 * (`dailyLimitCounterIds` says which) and makes the decision's reservations (a capped atomic add per counter) just
 * before the transfer's transaction (submit-transfer.ts).
 *
 * Combination (every policy of the vault, every rule of each policy): any deny wins; otherwise the approvals needed
 * are the largest any applicable REQUIRE_APPROVAL rule asks for; otherwise allow. The reported denial is the first in
 * policy order, then rule order.
 */
export type TransferFacts = {
  /** In the asset's smallest unit (a token's for MINT, BURN and token transfers; 0 for operations that move nothing). */
  amount: bigint;
  /** Null: nothing to check against address lists (a token operation without a counterparty, e.g. DEPLOY_TOKEN, PAUSE). */
  destination: string | null;
  /** `TRANSFER` unless a token operation (REQUIRE_APPROVAL may name operations). */
  operation?: TokenOperation;
  assetId: string;
  walletId: string;
  vaultId: string;
};

export type RuleRef = { policy_id: string; rule_index: number; type: RuleType };

/** Add `amount` to counter `counterId`, which must stay at or below `limit`; the counter's window ends at `windowEnd`. */
export type Reservation = { counterId: string; limit: bigint; windowEnd: Date };

export type Decision =
  | { outcome: 'allow'; approvals: 0; reservations: Reservation[]; policyIds: string[] }
  | { outcome: 'require_approval'; approvals: number; reasons: string[]; triggeredBy: RuleRef[]; reservations: Reservation[]; policyIds: string[] }
  | { outcome: 'deny'; rule: RuleRef; reason: string; policyIds: string[] };

/** Spend so far in a DAILY_LIMIT window (0 for a counter that does not exist yet). */
export type SpentLookup = (counterId: string) => bigint;

/**
 * The id of a DAILY_LIMIT spend counter. Spend is a fact about a vault (or wallet), an asset and a local calendar day,
 * not about a rule: every DAILY_LIMIT rule measuring the same thing shares one counter, so editing, replacing or
 * re-creating a policy never resets what was already spent today.
 */
export function dailyLimitCounterId(c: { scope: DailyLimitScope; scopeId: string; assetId: string; timeZone: string; windowStartIsoDate: string }): string {
  return `DAILY#${c.scope}#${c.scopeId.toLowerCase()}#${c.assetId.toLowerCase()}#${c.timeZone}#${c.windowStartIsoDate}`;
}

// Rules are stored normalised (lowercase), but the engine compares case-insensitively anyway: a blacklist must never
// be bypassed by letter case, whatever produced the rule.
const appliesToAsset = (rule: { asset_id?: string }, tx: TransferFacts) => rule.asset_id === undefined || rule.asset_id.toLowerCase() === tx.assetId.toLowerCase();
const listed = (addresses: readonly string[], destination: string) => {
  const d = destination.toLowerCase();
  return addresses.some((a) => a.toLowerCase() === d);
};

function dailyWindow(rule: DailyLimitRule, tx: TransferFacts, now: Date) {
  const scopeId = rule.scope === 'wallet' ? tx.walletId : tx.vaultId;
  const counterId = dailyLimitCounterId({ scope: rule.scope, scopeId, assetId: tx.assetId, timeZone: rule.time_zone, windowStartIsoDate: localClock(now, rule.time_zone).date });
  return { counterId, windowEnd: endOfLocalDay(now, rule.time_zone) };
}

/** The DAILY_LIMIT counters `evaluate` will ask `spent` about: read these before evaluating. */
export function dailyLimitCounterIds(policies: readonly PolicyRules[], tx: TransferFacts, now: Date): string[] {
  const ids = new Set<string>();
  for (const p of policies) for (const r of p.rules) if (r.type === 'DAILY_LIMIT' && appliesToAsset(r, tx)) ids.add(dailyWindow(r, tx, now).counterId);
  return [...ids];
}

/** Is `now` inside the window? Start inclusive, end exclusive, minute resolution; a window crossing midnight belongs to the day it starts. */
export function insideTimeWindow(rule: Pick<TimeWindowRule, 'days' | 'start' | 'end' | 'time_zone'>, now: Date): boolean {
  const { day, minutes } = localClock(now, rule.time_zone);
  const start = minutesOf(rule.start);
  const end = minutesOf(rule.end);
  if (start < end) return rule.days.includes(day) && minutes >= start && minutes < end;
  return (rule.days.includes(day) && minutes >= start) || (rule.days.includes(previousDay(day)) && minutes < end);
}

type Verdict = { deny: string } | { approvals: number; reason: string } | { reserve: Reservation } | null;

function judge(rule: Rule, tx: TransferFacts, now: Date, spent: SpentLookup): Verdict {
  switch (rule.type) {
    case 'MAX_AMOUNT':
      if (!appliesToAsset(rule, tx) || tx.amount <= BigInt(rule.value)) return null;
      return { deny: `amount ${tx.amount} exceeds MAX_AMOUNT ${rule.value}` };
    case 'WHITELIST_ADDRESS':
      if (tx.destination === null) return null;
      return listed(rule.addresses, tx.destination) ? null : { deny: `destination ${tx.destination.toLowerCase()} is not on the whitelist` };
    case 'BLACKLIST_ADDRESS':
      if (tx.destination === null) return null;
      return listed(rule.addresses, tx.destination) ? { deny: `destination ${tx.destination.toLowerCase()} is blacklisted` } : null;
    case 'TIME_WINDOW': {
      if (insideTimeWindow(rule, now)) return null;
      const local = localClock(now, rule.time_zone);
      const clock = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
      return { deny: `outside the allowed window ${rule.days.join(',')} ${rule.start}-${rule.end} ${rule.time_zone} (local time ${local.day} ${clock})` };
    }
    case 'DAILY_LIMIT': {
      if (!appliesToAsset(rule, tx)) return null;
      const { counterId, windowEnd } = dailyWindow(rule, tx, now);
      const limit = BigInt(rule.value);
      const already = spent(counterId);
      if (already + tx.amount > limit) return { deny: `DAILY_LIMIT ${rule.value} (${rule.scope}, ${rule.time_zone} day) would be exceeded: ${already} already spent or reserved, ${tx.amount} requested` };
      return { reserve: { counterId, limit, windowEnd } };
    }
    case 'REQUIRE_APPROVAL': {
      if (!appliesToAsset(rule, tx) || (rule.above !== undefined && tx.amount <= BigInt(rule.above))) return null;
      const operation = tx.operation ?? 'TRANSFER';
      if (rule.operations && !rule.operations.includes(operation)) return null;
      const approvals = Number(rule.value);
      const scope = rule.operations ? ` for ${operation}` : '';
      return { approvals, reason: `${approvals} approval(s) required${scope}${rule.above !== undefined ? ` for amounts above ${rule.above}` : ''}` };
    }
  }
}

/** Evaluates every rule of every policy for one transfer; see the module comment for how results combine. */
export function evaluate(policies: readonly PolicyRules[], tx: TransferFacts, now: Date, spent: SpentLookup): Decision {
  const policyIds = policies.map((p) => p.id);
  const reservations = new Map<string, Reservation>();
  const reasons: string[] = [];
  const triggeredBy: RuleRef[] = [];
  let approvals = 0;
  for (const policy of policies) {
    for (const [index, rule] of policy.rules.entries()) {
      const ref: RuleRef = { policy_id: policy.id, rule_index: index, type: rule.type };
      const verdict = judge(rule, tx, now, spent);
      if (!verdict) continue;
      if ('deny' in verdict) return { outcome: 'deny', rule: ref, reason: verdict.deny, policyIds };
      if ('reserve' in verdict) {
        // Rules sharing a counter reserve once; the tightest limit guards the write.
        const prev = reservations.get(verdict.reserve.counterId);
        if (!prev || verdict.reserve.limit < prev.limit) reservations.set(verdict.reserve.counterId, verdict.reserve);
        continue;
      }
      approvals = Math.max(approvals, verdict.approvals);
      reasons.push(`policy ${policy.id} rule ${index} (REQUIRE_APPROVAL): ${verdict.reason}`);
      triggeredBy.push(ref);
    }
  }
  const reserved = [...reservations.values()];
  if (approvals > 0) return { outcome: 'require_approval', approvals, reasons, triggeredBy, reservations: reserved, policyIds };
  return { outcome: 'allow', approvals: 0, reservations: reserved, policyIds };
}

export type StoredReservation = { counterId: string; limit: string; windowEnd: string };
export type StoredPolicyDecision =
  | { outcome: 'allow' | 'require_approval'; approvals: number; reasons: string[]; triggeredBy: RuleRef[]; reservations: StoredReservation[]; policyIds: string[] }
  | { outcome: 'deny'; rule: RuleRef; reason: string; policyIds: string[] };

/** The decision as JSON-safe data (bigints as decimal strings, instants as ISO strings), to store on the transaction. */
export function decisionForStorage(d: Decision): StoredPolicyDecision {
  if (d.outcome === 'deny') return { outcome: 'deny', rule: { ...d.rule }, reason: d.reason, policyIds: [...d.policyIds] };
  return {
    outcome: d.outcome,
    approvals: d.approvals,
    reasons: d.outcome === 'require_approval' ? [...d.reasons] : [],
    triggeredBy: d.outcome === 'require_approval' ? d.triggeredBy.map((r) => ({ ...r })) : [],
    reservations: d.reservations.map((r) => ({ counterId: r.counterId, limit: r.limit.toString(), windowEnd: r.windowEnd.toISOString() })),
    policyIds: [...d.policyIds],
  };
}
