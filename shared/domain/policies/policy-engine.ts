import type { TokenOperation } from '../tokens/templates.js';
import { endOfLocalDay, localClock, previousDay } from './local-time.js';
import { matchDestination, type BookEntry } from '../address-book/book.js';
import {
  minutesOf,
  type DailyLimitRule,
  type DailyLimitScope,
  type PolicyRules,
  type Rule,
  type RuleType,
  type TimeWindowRule,
  type VelocityCountRule,
} from './rules.js';

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

/**
 * `reservations`: DAILY_LIMIT spend to add (the amount); `counts`: VELOCITY_COUNT counters to add one to. `checks`:
 * what every rule said, for the explanation.
 */
export type Decision =
  | {
      outcome: 'allow';
      approvals: 0;
      reservations: Reservation[];
      counts: Reservation[];
      policyIds: string[];
      checks: RuleCheck[];
    }
  | {
      outcome: 'require_approval';
      approvals: number;
      reasons: string[];
      triggeredBy: RuleRef[];
      reservations: Reservation[];
      counts: Reservation[];
      policyIds: string[];
      checks: RuleCheck[];
    }
  | { outcome: 'deny'; rule: RuleRef; reason: string; policyIds: string[]; checks: RuleCheck[] };

/**
 * What a DAILY_LIMIT or VELOCITY_COUNT counter holds so far (spend, or transactions): 0 for a counter that does not
 * exist yet; undefined when it was not read (taken as 0: the capped add checks the real total; the explanation says so).
 */
export type SpentLookup = (counterId: string) => bigint | undefined;

/**
 * The id of a DAILY_LIMIT spend counter. Spend is a fact about a vault (or wallet), an asset and a local calendar day,
 * not about a rule: every DAILY_LIMIT rule measuring the same thing shares one counter, so editing, replacing or
 * re-creating a policy never resets what was already spent today.
 */
export function dailyLimitCounterId(c: {
  scope: DailyLimitScope;
  scopeId: string;
  assetId: string;
  timeZone: string;
  windowStartIsoDate: string;
}): string {
  return `DAILY#${c.scope}#${c.scopeId.toLowerCase()}#${c.assetId.toLowerCase()}#${c.timeZone}#${c.windowStartIsoDate}`;
}

// Rules are stored normalised (lowercase), but the engine compares case-insensitively anyway: a blacklist must never
// be bypassed by letter case, whatever produced the rule.
const appliesToAsset = (rule: { asset_id?: string }, tx: TransferFacts) =>
  rule.asset_id === undefined || rule.asset_id.toLowerCase() === tx.assetId.toLowerCase();
/** The list entry equal to the destination (letter case aside), or null. */
const matchOf = (addresses: readonly string[], destination: string) => {
  const d = destination.toLowerCase();
  return addresses.find((a) => a.toLowerCase() === d) ?? null;
};

function dailyWindow(rule: DailyLimitRule, tx: TransferFacts, now: Date) {
  const scopeId = rule.scope === 'wallet' ? tx.walletId : tx.vaultId;
  const counterId = dailyLimitCounterId({
    scope: rule.scope,
    scopeId,
    assetId: tx.assetId,
    timeZone: rule.time_zone,
    windowStartIsoDate: localClock(now, rule.time_zone).date,
  });
  return { counterId, windowEnd: endOfLocalDay(now, rule.time_zone) };
}

/** The DAILY_LIMIT counters `evaluate` will ask `spent` about: read these before evaluating. */
export function dailyLimitCounterIds(policies: readonly PolicyRules[], tx: TransferFacts, now: Date): string[] {
  const ids = new Set<string>();
  for (const p of policies)
    for (const r of p.rules)
      if (r.type === 'DAILY_LIMIT' && appliesToAsset(r, tx)) ids.add(dailyWindow(r, tx, now).counterId);
  return [...ids];
}

/** Is `now` inside the window? Start inclusive, end exclusive, minute resolution; a window crossing midnight belongs to the day it starts. */
export function insideTimeWindow(
  rule: Pick<TimeWindowRule, 'days' | 'start' | 'end' | 'time_zone'>,
  now: Date,
): boolean {
  const { day, minutes } = localClock(now, rule.time_zone);
  const start = minutesOf(rule.start);
  const end = minutesOf(rule.end);
  if (start < end) return rule.days.includes(day) && minutes >= start && minutes < end;
  return (rule.days.includes(day) && minutes >= start) || (rule.days.includes(previousDay(day)) && minutes < end);
}

type Verdict =
  { deny: string } | { approvals: number; reason: string } | { reserve: Reservation } | { count: Reservation } | null;

/** The values a rule compared (amounts and counts as decimal strings, instants as ISO strings). */
export type Compared = Record<string, string | number | boolean | null>;

/**
 * What one rule said about the transfer, for the explanation (`POST /v1/policies/evaluate`, stored on the
 * transaction's decision): `not_applicable` when it does not concern the transfer (another asset, no destination,
 * another operation, below `above`).
 */
export type RuleCheck = RuleRef & {
  result: 'pass' | 'deny' | 'require_approval' | 'not_applicable';
  detail: string;
  compared: Compared;
};

/** VELOCITY_COUNT's fixed window (aligned to the Unix epoch) holding `now`. */
export function velocityWindow(rule: VelocityCountRule, tx: Pick<TransferFacts, 'walletId' | 'vaultId'>, now: Date) {
  const size = rule.window_seconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  const scopeId = rule.scope === 'wallet' ? tx.walletId : tx.vaultId;
  return {
    counterId: velocityCounterId({
      scope: rule.scope,
      scopeId,
      windowSeconds: rule.window_seconds,
      windowStartMs: start,
    }),
    windowStart: new Date(start),
    windowEnd: new Date(start + size),
  };
}

/** The id of a VELOCITY_COUNT counter: shared, like spend, by every rule counting the same vault or wallet and window. */
export function velocityCounterId(c: {
  scope: DailyLimitScope;
  scopeId: string;
  windowSeconds: number;
  windowStartMs: number;
}): string {
  return `COUNT#${c.scope}#${c.scopeId.toLowerCase()}#${c.windowSeconds}#${new Date(c.windowStartMs).toISOString()}`;
}

/** The VELOCITY_COUNT counters `evaluate` will ask `spent` about (the count so far in each). */
export function velocityCounterIds(policies: readonly PolicyRules[], tx: TransferFacts, now: Date): string[] {
  const ids = new Set<string>();
  for (const p of policies)
    for (const r of p.rules) if (r.type === 'VELOCITY_COUNT') ids.add(velocityWindow(r, tx, now).counterId);
  return [...ids];
}

const check = (result: RuleCheck['result'], detail: string, compared: Compared, verdict: Verdict = null) => ({
  verdict,
  result,
  detail,
  compared,
});
const pass = (detail: string, compared: Compared) => check('pass', detail, compared);
const skip = (detail: string, compared: Compared = {}) => check('not_applicable', detail, compared);

function judge(
  rule: Rule,
  tx: TransferFacts,
  now: Date,
  spent: SpentLookup,
  book: readonly BookEntry[],
): { verdict: Verdict; result: RuleCheck['result']; detail: string; compared: Compared } {
  const amount = tx.amount.toString();
  switch (rule.type) {
    case 'MAX_AMOUNT': {
      if (!appliesToAsset(rule, tx))
        return skip(`applies to asset ${rule.asset_id} only`, { asset_id: tx.assetId.toLowerCase() });
      const compared = { amount, max_amount: rule.value };
      if (tx.amount <= BigInt(rule.value)) return pass(`amount ${amount} is within MAX_AMOUNT ${rule.value}`, compared);
      const deny = `amount ${tx.amount} exceeds MAX_AMOUNT ${rule.value}`;
      return check('deny', deny, compared, { deny });
    }
    case 'WHITELIST_ADDRESS': {
      if (tx.destination === null) return skip('no destination address');
      if (rule.entry_ids) {
        const ids = new Set(rule.entry_ids);
        return judgeBook(
          book.filter((e) => ids.has(e.id)),
          tx.destination,
          tx,
          now,
          `${rule.entry_ids.length} address-book entr${rule.entry_ids.length === 1 ? 'y' : 'ies'} of the whitelist`,
          rule.entry_ids.length,
        );
      }
      const matched = matchOf(rule.addresses, tx.destination);
      const compared = {
        destination: tx.destination.toLowerCase(),
        matched_entry: matched,
        entries: rule.addresses.length,
      };
      if (matched) return pass(`destination is on the whitelist (${matched})`, compared);
      const deny = `destination ${tx.destination.toLowerCase()} is not on the whitelist`;
      return check('deny', deny, compared, { deny });
    }
    case 'BLACKLIST_ADDRESS': {
      if (tx.destination === null) return skip('no destination address');
      const matched = matchOf(rule.addresses, tx.destination);
      const compared = {
        destination: tx.destination.toLowerCase(),
        matched_entry: matched,
        entries: rule.addresses.length,
      };
      if (!matched) return pass('destination is not on the blacklist', compared);
      const deny = `destination ${tx.destination.toLowerCase()} is blacklisted`;
      return check('deny', deny, compared, { deny });
    }
    case 'TIME_WINDOW': {
      const local = localClock(now, rule.time_zone);
      const clock = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
      const window = `${rule.days.join(',')} ${rule.start}-${rule.end} ${rule.time_zone}`;
      const compared = { local_time: `${local.day} ${clock}`, window };
      if (insideTimeWindow(rule, now)) return pass(`local time ${local.day} ${clock} is inside ${window}`, compared);
      const deny = `outside the allowed window ${window} (local time ${local.day} ${clock})`;
      return check('deny', deny, compared, { deny });
    }
    case 'DAILY_LIMIT': {
      if (!appliesToAsset(rule, tx))
        return skip(`applies to asset ${rule.asset_id} only`, { asset_id: tx.assetId.toLowerCase() });
      const { counterId, windowEnd } = dailyWindow(rule, tx, now);
      const limit = BigInt(rule.value);
      const known = spent(counterId);
      const already = known ?? 0n;
      const compared = {
        limit: rule.value,
        scope: rule.scope,
        window_start: localClock(now, rule.time_zone).date,
        window_end: windowEnd.toISOString(),
        time_zone: rule.time_zone,
        spent: known === undefined ? null : known.toString(),
        amount,
      };
      if (already + tx.amount > limit) {
        const deny = `DAILY_LIMIT ${rule.value} (${rule.scope}, ${rule.time_zone} day) would be exceeded: ${already} already spent or reserved, ${tx.amount} requested`;
        return check('deny', deny, compared, { deny });
      }
      const detail =
        known === undefined
          ? `${amount} reserved under DAILY_LIMIT ${rule.value} by a capped add`
          : `${known} spent or reserved + ${amount} is within DAILY_LIMIT ${rule.value}`;
      return check('pass', detail, compared, { reserve: { counterId, limit, windowEnd } });
    }
    case 'VELOCITY_COUNT': {
      const { counterId, windowStart, windowEnd } = velocityWindow(rule, tx, now);
      const limit = BigInt(rule.value);
      const known = spent(counterId);
      const already = known ?? 0n;
      const compared = {
        limit: rule.value,
        scope: rule.scope,
        window_start: windowStart.toISOString(),
        window_end: windowEnd.toISOString(),
        count: known === undefined ? null : known.toString(),
      };
      if (already + 1n > limit) {
        const deny = `VELOCITY_COUNT ${rule.value} per ${rule.window_seconds} s (${rule.scope}) reached: ${already} transactions since ${windowStart.toISOString()}`;
        return check('deny', deny, compared, { deny });
      }
      const detail =
        known === undefined
          ? `counted under VELOCITY_COUNT ${rule.value} by a capped add`
          : `${known} transaction(s) so far in the window, at most ${rule.value}`;
      return check('pass', detail, compared, { count: { counterId, limit, windowEnd } });
    }
    case 'ADDRESS_BOOK_ONLY': {
      if (tx.destination === null) return skip('no destination address');
      return judgeBook(book, tx.destination, tx, now, 'the address book', book.length);
    }
    case 'REQUIRE_APPROVAL': {
      if (!appliesToAsset(rule, tx))
        return skip(`applies to asset ${rule.asset_id} only`, { asset_id: tx.assetId.toLowerCase() });
      if (rule.above !== undefined && tx.amount <= BigInt(rule.above))
        return skip(`amount ${amount} is not above ${rule.above}`, { amount, above: rule.above });
      const operation = tx.operation ?? 'TRANSFER';
      if (rule.operations && !rule.operations.includes(operation))
        return skip(`applies to ${rule.operations.join(',')} only`, { operation });
      const approvals = Number(rule.value);
      const scope = rule.operations ? ` for ${operation}` : '';
      const reason = `${approvals} approval(s) required${scope}${rule.above !== undefined ? ` for amounts above ${rule.above}` : ''}`;
      return check(
        'require_approval',
        reason,
        { approvals, operation, ...(rule.above !== undefined ? { amount, above: rule.above } : {}) },
        { approvals, reason },
      );
    }
  }
}

/**
 * ADDRESS_BOOK_ONLY and WHITELIST_ADDRESS by entries: the destination must be the address of one of `entries` that is
 * active and whose scope covers the transfer. An entry still cooling is a denial saying when it becomes usable.
 */
function judgeBook(
  entries: readonly BookEntry[],
  to: string,
  tx: TransferFacts,
  now: Date,
  what: string,
  count: number,
) {
  const destination = to.toLowerCase();
  const m = matchDestination(entries, destination, tx, now);
  const entry = m.kind === 'absent' ? null : m.entry;
  const compared = {
    destination,
    matched_entry: entry?.id ?? null,
    entry_name: entry?.name ?? null,
    usable_at: entry?.usable_at ?? null,
    entries: count,
  };
  if (m.kind === 'active') return pass(`destination is address-book entry "${m.entry.name}" (${m.entry.id})`, compared);
  const deny =
    m.kind === 'cooling'
      ? `destination ${destination} is address-book entry "${m.entry.name}" (${m.entry.id}), still in its cooling period: usable from ${m.entry.usable_at}`
      : m.kind === 'out_of_scope'
        ? `destination ${destination} is address-book entry "${m.entry.name}" (${m.entry.id}), which is not for this ${m.entry.vault_id !== null && m.entry.vault_id !== tx.vaultId.toLowerCase() ? 'vault' : 'asset'}`
        : `destination ${destination} is not in ${what}`;
  return check('deny', deny, compared, { deny });
}

/**
 * Evaluates every rule of every policy for one transfer; see the module comment for how results combine. Every rule
 * is judged, also after a denial, so `checks` explains the whole rule set; the decision is the same as stopping at
 * the first denial. `book`: the tenant's address book, for the rules that refer to it (absent: empty, so they deny).
 */
export function evaluate(
  policies: readonly PolicyRules[],
  tx: TransferFacts,
  now: Date,
  spent: SpentLookup,
  book: readonly BookEntry[] = [],
): Decision {
  const policyIds = policies.map((p) => p.id);
  const reservations = new Map<string, Reservation>();
  const counts = new Map<string, Reservation>();
  const reasons: string[] = [];
  const triggeredBy: RuleRef[] = [];
  const checks: RuleCheck[] = [];
  let denial: { rule: RuleRef; reason: string } | undefined;
  let approvals = 0;
  for (const policy of policies) {
    for (const [index, rule] of policy.rules.entries()) {
      const ref: RuleRef = { policy_id: policy.id, rule_index: index, type: rule.type };
      const { verdict, result, detail, compared } = judge(rule, tx, now, spent, book);
      checks.push({ ...ref, result, detail, compared });
      if (!verdict) continue;
      if ('deny' in verdict) {
        denial ??= { rule: ref, reason: verdict.deny };
        continue;
      }
      if ('reserve' in verdict || 'count' in verdict) {
        // Rules sharing a counter reserve once; the tightest limit guards the write.
        const [map, r] = 'reserve' in verdict ? [reservations, verdict.reserve] : [counts, verdict.count];
        const prev = map.get(r.counterId);
        if (!prev || r.limit < prev.limit) map.set(r.counterId, r);
        continue;
      }
      approvals = Math.max(approvals, verdict.approvals);
      reasons.push(`policy ${policy.id} rule ${index} (REQUIRE_APPROVAL): ${verdict.reason}`);
      triggeredBy.push(ref);
    }
  }
  if (denial) return { outcome: 'deny', ...denial, policyIds, checks };
  const reserved = [...reservations.values()];
  const counted = [...counts.values()];
  if (approvals > 0)
    return {
      outcome: 'require_approval',
      approvals,
      reasons,
      triggeredBy,
      reservations: reserved,
      counts: counted,
      policyIds,
      checks,
    };
  return { outcome: 'allow', approvals: 0, reservations: reserved, counts: counted, policyIds, checks };
}

export type StoredReservation = { counterId: string; limit: string; windowEnd: string };
export type StoredPolicyDecision =
  | {
      outcome: 'allow' | 'require_approval';
      approvals: number;
      reasons: string[];
      triggeredBy: RuleRef[];
      reservations: StoredReservation[];
      policyIds: string[];
    }
  | { outcome: 'deny'; rule: RuleRef; reason: string; policyIds: string[] };

/** The decision as JSON-safe data (bigints as decimal strings, instants as ISO strings), to store on the transaction. */
export function decisionForStorage(d: Decision): StoredPolicyDecision {
  if (d.outcome === 'deny')
    return { outcome: 'deny', rule: { ...d.rule }, reason: d.reason, policyIds: [...d.policyIds] };
  return {
    outcome: d.outcome,
    approvals: d.approvals,
    reasons: d.outcome === 'require_approval' ? [...d.reasons] : [],
    triggeredBy: d.outcome === 'require_approval' ? d.triggeredBy.map((r) => ({ ...r })) : [],
    reservations: d.reservations.map((r) => ({
      counterId: r.counterId,
      limit: r.limit.toString(),
      windowEnd: r.windowEnd.toISOString(),
    })),
    policyIds: [...d.policyIds],
  };
}
