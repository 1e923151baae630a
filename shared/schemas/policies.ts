import * as z from './zod.js';
import { address, amount, name, paginationQuery, timestamp, uint, uuid } from './common.js';
import { canonicalTimeZone } from '../domain/policies/local-time.js';
import { TX_OPERATIONS } from '../domain/tokens/operations.js';
import { DAILY_LIMIT_SCOPES, DAYS, POLICY_LIMITS, RULE_TYPES, type Rule } from '../domain/policies/rules.js';

/**
 * Request and response schemas of policies (snake_case, interface 2.8). Rule members are strict: an unknown rule
 * type, an unknown member, a missing member or a malformed value inside `rules` answers 400 1100 VALIDATION (interface
 * section 7: "bad rule shape or unknown type gives 1100"), with `details.field` naming the member, e.g.
 * `rules.2.addresses.0`. Accepted rules come out normalised: lowercase addresses and asset
 * ids, canonical time-zone names, defaults filled in.
 */
/** Amounts in rules follow the one amount rule (canonical digits, common.ts), so they are stored as sent. */
const wei = () => amount();
/** Spend counters are DynamoDB numbers (38 exact digits): a DAILY_LIMIT is at most 10^38-1 wei (10^20 coins a day). */
export const MAX_DAILY_LIMIT = 10n ** 38n - 1n;
const dailyLimitValue = () => wei().check(z.refine((s) => BigInt(s) <= MAX_DAILY_LIMIT, { message: 'DAILY_LIMIT value may be at most 10^38-1 wei' }));
const assetId = () => z.withMeta(z.optional(z.pipe(uuid(), z.transform((s) => s.toLowerCase()))), { description: 'Only transfers of this asset; absent: every asset, each counted on its own.' });
const ruleAddress = () => z.pipe(address(), z.transform((s) => s.toLowerCase()));
const addressList = () =>
  z.pipe(z.array(ruleAddress()).check(z.minLength(1), z.maxLength(POLICY_LIMITS.addressesPerRule)), z.transform((list) => [...new Set(list)]));

const timeZone = () =>
  z.withMeta(z._default(z.pipe(z.string().check(
      z.maxLength(64),
      z.refine((s) => canonicalTimeZone(s) !== undefined, 'not an IANA time zone known to the runtime (e.g. America/New_York, UTC)'),
    ), z.transform((s) => canonicalTimeZone(s)!)), 'UTC'), { example: 'America/New_York' });

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const startTime = () => z._default(z.string().check(z.regex(HHMM, 'must be HH:MM, 00:00..23:59')), '00:00');
const endTime = () =>
  z._default(z.string().check(z.refine((s) => HHMM.test(s) || s === '24:00', 'must be HH:MM, 00:01..24:00 (exclusive)')), '24:00');

const approvalCount = () =>
  z.withMeta(
    z.pipe(
      z
        .pipe(z.union([z.string().check(z.regex(/^[0-9]{1,2}$/, 'must be a count such as "2"')), z.int().check(z.gte(0))]), z.transform((v) => Number(v)))
        .check(z.refine((n) => n >= 1 && n <= POLICY_LIMITS.approvals, `must be 1..${POLICY_LIMITS.approvals}`)),
      z.transform(String),
    ),
    { description: `Approvals needed, 1..${POLICY_LIMITS.approvals}; "2" or 2` },
  );

const MaxAmountInput = z.lazySchema(() => z.strictObject({ type: z.literal('MAX_AMOUNT'), value: wei(), asset_id: assetId() }));
const RequireApprovalInput = z.lazySchema(() => z.strictObject({
    type: z.literal('REQUIRE_APPROVAL'),
    value: approvalCount(),
    above: z.withMeta(z.optional(wei()), { description: 'Approvals are needed only when the amount is above this (wei); absent: always.' }),
    asset_id: assetId(),
    operations: z.withMeta(
      z.optional(z.pipe(z.array(z.enum(TX_OPERATIONS)).check(z.minLength(1)), z.transform((list) => [...new Set(list)]))),
      { description: 'Beta: only these operations (TRANSFER, or token operations such as MINT); absent: every operation.' },
    ),
  }));
const WhitelistInput = z.lazySchema(() => z.strictObject({ type: z.literal('WHITELIST_ADDRESS'), addresses: addressList() }));
const BlacklistInput = z.lazySchema(() => z.strictObject({ type: z.literal('BLACKLIST_ADDRESS'), addresses: addressList() }));
const TimeWindowInput = z.lazySchema(() => z.strictObject({
    type: z.literal('TIME_WINDOW'),
    days: z._default(z.pipe(z.array(z.enum(DAYS)).check(z.minLength(1), z.maxLength(7)), z.transform((ds) => DAYS.filter((d) => ds.includes(d)))), [...DAYS]),
    start: startTime(),
    end: endTime(),
    time_zone: timeZone(),
  }).check(z.refine((r) => r.start !== r.end, { message: 'start and end must differ (an empty window)', path: ['end'] })));
const DailyLimitInput = z.lazySchema(() => z.strictObject({ type: z.literal('DAILY_LIMIT'), value: dailyLimitValue(), scope: z._default(z.enum(DAILY_LIMIT_SCOPES), 'vault'), time_zone: timeZone(), asset_id: assetId() }));

/** Windows from a minute to a week; the count is at most a million (a counter stays a small number). */
export const VELOCITY_LIMITS = { windowSeconds: { min: 60, max: 7 * 86_400 }, count: 1_000_000 } as const;
const VelocityCountInput = z.lazySchema(() => z.strictObject({
    type: z.literal('VELOCITY_COUNT'),
    value: z.withMeta(
      z.pipe(
        z.pipe(z.union([z.string().check(z.regex(/^[0-9]{1,7}$/, 'must be a count such as "10"')), z.int().check(z.gte(0))]), z.transform((v) => Number(v)))
          .check(z.refine((n) => n >= 1 && n <= VELOCITY_LIMITS.count, `must be 1..${VELOCITY_LIMITS.count}`)),
        z.transform(String),
      ),
      { description: 'At most this many transactions in each window; "10" or 10' },
    ),
    window_seconds: z.withMeta(z.int().check(z.gte(VELOCITY_LIMITS.windowSeconds.min), z.lte(VELOCITY_LIMITS.windowSeconds.max)), { description: 'The window: fixed, aligned to the Unix epoch (3600: each UTC clock hour; 86400: each UTC day)', example: 3600 }),
    scope: z._default(z.enum(DAILY_LIMIT_SCOPES), 'vault'),
  }));

const RuleInput = z.lazySchema(() => z.discriminatedUnion('type', [MaxAmountInput(), RequireApprovalInput(), WhitelistInput(), BlacklistInput(), TimeWindowInput(), DailyLimitInput(), VelocityCountInput()]));

const addressCount = (rules: readonly Rule[]) => rules.reduce((n, r) => n + ('addresses' in r ? r.addresses.length : 0), 0);

/** A non-empty rule set; anything wrong inside it answers 1100 (see the module comment). */
export const RulesInput = z.lazySchema(() => z.withMeta(z.pipe(z.array(RuleInput()).check(
    z.minLength(1),
    z.maxLength(POLICY_LIMITS.rules),
    z.refine((rules) => addressCount(rules as Rule[]) <= POLICY_LIMITS.addressesPerPolicy, `at most ${POLICY_LIMITS.addressesPerPolicy} addresses in one policy`),
    z.superRefine((value, ctx) => {
      // Runs even after member failures (`when`), to mark every issue inside the rule set as VALIDATION, so a missing
      // `value` or a malformed address in a rule is 1100 rather than 1101/1102; `rules` itself absent stays 1101.
      for (const issue of ctx.issues) {
        const inside = (issue.path?.length ?? 0) > 0;
        if (inside || value !== undefined) (issue as { params?: Record<string, unknown> }).params = { ...(issue as { params?: Record<string, unknown> }).params, catalog: 'VALIDATION' };
      }
    }, { when: () => true }),
  ), z.transform((rules) => rules as Rule[])), { description: `1..${POLICY_LIMITS.rules} rules; see docs/policies.md` }));

export const CreatePolicyBody = z.lazySchema(() => z.strictObject({ vault_id: uuid(), name: name(), rules: RulesInput() }));
/** A full replacement takes the create body; `vault_id` may be sent but must be the policy's own (checked by the use case). */
export const UpdatePolicyBody = z.lazySchema(() => z.strictObject({ vault_id: z.optional(uuid()), name: z.optional(name()), rules: RulesInput() }));
export const PolicyListQuery = z.lazySchema(() => z.extend(paginationQuery(), { vault_id: z.optional(uuid()) }));
export const PolicyIdParam = z.lazySchema(() => z.object({ id: uuid() }));

/* Responses: the stored, normalised form. */
const weiOut = () => z.withMeta(z.string(), { pattern: '^[0-9]+$', example: '1000000000000000000' });
const assetOut = () => z.optional(z.string());
const RuleView = z.lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('MAX_AMOUNT'), value: weiOut(), asset_id: assetOut() }),
  z.object({ type: z.literal('REQUIRE_APPROVAL'), value: z.withMeta(z.string(), { example: '2' }), above: z.optional(weiOut()), asset_id: assetOut(), operations: z.optional(z.array(z.enum(TX_OPERATIONS))) }),
  z.object({ type: z.literal('WHITELIST_ADDRESS'), addresses: z.array(z.string()) }),
  z.object({ type: z.literal('BLACKLIST_ADDRESS'), addresses: z.array(z.string()) }),
  z.object({ type: z.literal('TIME_WINDOW'), days: z.array(z.enum(DAYS)), start: z.string(), end: z.string(), time_zone: z.string() }),
  z.object({ type: z.literal('DAILY_LIMIT'), value: weiOut(), scope: z.enum(DAILY_LIMIT_SCOPES), time_zone: z.string(), asset_id: assetOut() }),
  z.object({ type: z.literal('VELOCITY_COUNT'), value: z.withMeta(z.string(), { example: '10' }), window_seconds: uint(), scope: z.enum(DAILY_LIMIT_SCOPES) }),
]));

export const Policy = z.lazySchema(() => z.withMeta(z.object({ id: uuid(), vault_id: uuid(), name: z.string(), rules: z.array(RuleView()), version: z.withMeta(z.int().check(z.gte(1)), { description: 'Starts at 1 and grows with each change of the policy; a transaction\'s history names the version it was evaluated against' }), created_at: timestamp(), updated_at: timestamp() }), { id: 'Policy' }));
export const PolicyList = z.lazySchema(() => z.object({ policies: z.array(Policy()), next_cursor: z.nullable(z.string()) }));

/** What one rule said (policy-engine.ts `RuleCheck`): in the dry run's answer and on a transaction's decision. */
export const RuleCheckView = z.lazySchema(() => z.withMeta(z.object({
    policy_id: z.string(),
    rule_index: uint(),
    type: z.enum(RULE_TYPES),
    result: z.enum(['pass', 'deny', 'require_approval', 'not_applicable']),
    detail: z.string(),
    compared: z.withMeta(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), {
      description: 'The values the rule compared: amount and max_amount; destination and matched_entry; local_time and window; limit, window_start, window_end and spent (null: not read, reserved by a capped add) or count',
    }),
  }), { id: 'RuleCheck' }));

/** The dry run's answer (POST /v1/policies/evaluate): nothing stored, nothing reserved. */
export const PolicyEvaluation = z.lazySchema(() => z.withMeta(z.object({
    decision: z.withMeta(z.enum(['allow', 'require_approval', 'deny']), { description: 'What a submission of the same body would be answered now' }),
    approvals_required: uint(),
    reasons: z.array(z.string()),
    denial: z.withMeta(z.nullable(z.object({ code: uint(), error: z.string(), message: z.string(), rule: z.object({ policy_id: z.string(), rule_index: uint(), type: z.enum(RULE_TYPES) }) })), { description: 'For a denial: the catalog code and message the submission would answer, and the first denying rule' }),
    policies: z.withMeta(z.array(z.object({ id: z.string(), name: z.string(), rules: z.array(RuleCheckView()) })), { description: "Every policy of the wallet's vault, in evaluation order, with every rule's result" }),
    screening: z.withMeta(z.object({
      would_run: z.boolean(),
      provider: z.nullable(z.string()),
      result: z.nullable(z.enum(['clean', 'flagged', 'blocked'])),
      reason: z.nullable(z.string()),
    }), { description: 'Whether the transfer would be screened, and the built-in lists\' verdict now (null for an external provider, which a dry run does not call)' }),
    evaluated_at: timestamp(),
  }), { id: 'PolicyEvaluation' }));
