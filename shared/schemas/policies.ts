import * as z from './zod.js';
import {
  address,
  amount,
  name,
  paginationQuery,
  timestamp,
  uint,
  uuid,
  nextCursor,
  createdAt,
  updatedAt,
  described,
} from './common.js';
import { canonicalTimeZone } from '../domain/policies/local-time.js';
import { TX_OPERATIONS } from '../domain/tokens/operations.js';
import {
  DAILY_LIMIT_SCOPES,
  DAYS,
  POLICY_LIMITS,
  RULE_TYPES,
  type Rule,
  type WhitelistRule,
} from '../domain/policies/rules.js';

/**
 * Request and response schemas of policies (snake_case, docs/policies.md). Rule members are strict: an unknown rule
 * type, an unknown member, a missing member or a malformed value inside `rules` answers 400 1100 VALIDATION (docs/api-conventions.md,
 * "Errors": a bad rule shape or an unknown type is 1100), with `details.field` naming the member, e.g.
 * `rules.2.addresses.0`. Accepted rules come out normalised: lowercase addresses and asset
 * ids, canonical time-zone names, defaults filled in.
 */
/** Amounts in rules follow the one amount rule (canonical digits, common.ts), so they are stored as sent. */
const wei = () => amount();
/** Spend counters are DynamoDB numbers (38 exact digits): a DAILY_LIMIT is at most 10^38-1 wei (10^20 coins a day). */
export const MAX_DAILY_LIMIT = 10n ** 38n - 1n;
const dailyLimitValue = () =>
  wei().check(
    z.refine((s) => BigInt(s) <= MAX_DAILY_LIMIT, { message: 'DAILY_LIMIT value may be at most 10^38-1 wei' }),
  );
const assetId = () =>
  z.withMeta(
    z.optional(
      z.pipe(
        uuid(),
        z.transform((s) => s.toLowerCase()),
      ),
    ),
    { description: 'Only transfers of this asset; absent: every asset, each counted on its own.' },
  );
const ruleAddress = () =>
  z.pipe(
    address(),
    z.transform((s) => s.toLowerCase()),
  );
const addressList = () =>
  z.pipe(
    z.array(ruleAddress()).check(z.minLength(1), z.maxLength(POLICY_LIMITS.addressesPerRule)),
    z.transform((list) => [...new Set(list)]),
  );

const timeZone = () =>
  z.withMeta(
    z._default(
      z.pipe(
        z.string().check(
          z.maxLength(64),
          z.refine(
            (s) => canonicalTimeZone(s) !== undefined,
            'not an IANA time zone known to the runtime (e.g. America/New_York, UTC)',
          ),
        ),
        z.transform((s) => canonicalTimeZone(s)!),
      ),
      'UTC',
    ),
    { example: 'America/New_York' },
  );

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const startTime = () => z._default(z.string().check(z.regex(HHMM, 'must be HH:MM, 00:00..23:59')), '00:00');
const endTime = () =>
  z._default(
    z.string().check(z.refine((s) => HHMM.test(s) || s === '24:00', 'must be HH:MM, 00:01..24:00 (exclusive)')),
    '24:00',
  );

const approvalCount = () =>
  z.withMeta(
    z.pipe(
      z
        .pipe(
          z.union([z.string().check(z.regex(/^[0-9]{1,2}$/, 'must be a count such as "2"')), z.int().check(z.gte(0))]),
          z.transform((v) => Number(v)),
        )
        .check(z.refine((n) => n >= 1 && n <= POLICY_LIMITS.approvals, `must be 1..${POLICY_LIMITS.approvals}`)),
      z.transform(String),
    ),
    { description: `Approvals needed, 1..${POLICY_LIMITS.approvals}; "2" or 2` },
  );

/** One description per rule field, shared by the rules sent and the rules answered. */
const RULE_FIELD = {
  type: 'The rule type (docs/policies.md)',
  addresses: 'The destination addresses the rule lists (lowercase)',
  days: 'Days of the week transfers are allowed on',
  start: 'Start of the allowed window, HH:MM, inclusive',
  end: 'End of the allowed window, HH:MM, exclusive (24:00: midnight)',
  time_zone: 'IANA time zone the window or day is counted in',
  scope: 'What the limit counts: the whole vault or each wallet',
  maxAmount: 'The largest amount allowed (wei, digits)',
  dailyLimit: 'The most that may leave in one day (wei, digits)',
  approvals: 'Approvals needed',
  count: 'At most this many transactions in each window',
  window: 'The window in seconds, aligned to the Unix epoch',
} as const;
const ruleType = <T extends string>(type: T) => described(z.literal(type), RULE_FIELD.type);

const MaxAmountInput = z.lazySchema(() =>
  z.strictObject({ type: ruleType('MAX_AMOUNT'), value: described(wei(), RULE_FIELD.maxAmount), asset_id: assetId() }),
);
const RequireApprovalInput = z.lazySchema(() =>
  z.strictObject({
    type: ruleType('REQUIRE_APPROVAL'),
    value: approvalCount(),
    above: z.withMeta(z.optional(wei()), {
      description: 'Approvals are needed only when the amount is above this (wei); absent: always.',
    }),
    asset_id: assetId(),
    operations: z.withMeta(
      z.optional(
        z.pipe(
          z.array(z.enum(TX_OPERATIONS)).check(z.minLength(1)),
          z.transform((list) => [...new Set(list)]),
        ),
      ),
      {
        description:
          'Beta: only these operations (TRANSFER, or token operations such as MINT); absent: every operation.',
      },
    ),
  }),
);
const entryIdList = () =>
  z.pipe(
    z
      .array(
        z.pipe(
          uuid(),
          z.transform((s) => s.toLowerCase()),
        ),
      )
      .check(z.minLength(1), z.maxLength(POLICY_LIMITS.addressesPerRule)),
    z.transform((list) => [...new Set(list)]),
  );
/** Literal `addresses`, or `entry_ids` of the address book: exactly one of them. */
const WhitelistInput = z.lazySchema(() =>
  z.pipe(
    z
      .strictObject({
        type: ruleType('WHITELIST_ADDRESS'),
        addresses: described(z.optional(addressList()), RULE_FIELD.addresses),
        entry_ids: z.withMeta(z.optional(entryIdList()), {
          description:
            'Address-book entry ids instead of `addresses`: only active entries whose scope covers the transfer match.',
        }),
      })
      .check(
        z.refine((r) => (r.addresses === undefined) !== (r.entry_ids === undefined), {
          message: 'give exactly one of addresses and entry_ids',
          path: ['addresses'],
        }),
      ),
    z.transform((r): WhitelistRule =>
      r.entry_ids ? { type: r.type, entry_ids: r.entry_ids } : { type: r.type, addresses: r.addresses ?? [] },
    ),
  ),
);
const AddressBookOnlyInput = z.lazySchema(() => z.strictObject({ type: ruleType('ADDRESS_BOOK_ONLY') }));
const BlacklistInput = z.lazySchema(() =>
  z.strictObject({ type: ruleType('BLACKLIST_ADDRESS'), addresses: described(addressList(), RULE_FIELD.addresses) }),
);
const TimeWindowInput = z.lazySchema(() =>
  z
    .strictObject({
      type: ruleType('TIME_WINDOW'),
      days: described(
        z._default(
          z.pipe(
            z.array(z.enum(DAYS)).check(z.minLength(1), z.maxLength(7)),
            z.transform((ds) => DAYS.filter((d) => ds.includes(d))),
          ),
          [...DAYS],
        ),
        `${RULE_FIELD.days}; default every day`,
      ),
      start: described(startTime(), RULE_FIELD.start),
      end: described(endTime(), RULE_FIELD.end),
      time_zone: described(timeZone(), `${RULE_FIELD.time_zone}; default UTC`),
    })
    .check(
      z.refine((r) => r.start !== r.end, { message: 'start and end must differ (an empty window)', path: ['end'] }),
    ),
);
const DailyLimitInput = z.lazySchema(() =>
  z.strictObject({
    type: ruleType('DAILY_LIMIT'),
    value: described(dailyLimitValue(), RULE_FIELD.dailyLimit),
    scope: described(z._default(z.enum(DAILY_LIMIT_SCOPES), 'vault'), `${RULE_FIELD.scope}; default vault`),
    time_zone: described(timeZone(), `${RULE_FIELD.time_zone}; default UTC`),
    asset_id: assetId(),
  }),
);

/** Windows from a minute to a week; the count is at most a million (a counter stays a small number). */
export const VELOCITY_LIMITS = { windowSeconds: { min: 60, max: 7 * 86_400 }, count: 1_000_000 } as const;
const VelocityCountInput = z.lazySchema(() =>
  z.strictObject({
    type: ruleType('VELOCITY_COUNT'),
    value: z.withMeta(
      z.pipe(
        z
          .pipe(
            z.union([
              z.string().check(z.regex(/^[0-9]{1,7}$/, 'must be a count such as "10"')),
              z.int().check(z.gte(0)),
            ]),
            z.transform((v) => Number(v)),
          )
          .check(z.refine((n) => n >= 1 && n <= VELOCITY_LIMITS.count, `must be 1..${VELOCITY_LIMITS.count}`)),
        z.transform(String),
      ),
      { description: 'At most this many transactions in each window; "10" or 10' },
    ),
    window_seconds: z.withMeta(
      z.int().check(z.gte(VELOCITY_LIMITS.windowSeconds.min), z.lte(VELOCITY_LIMITS.windowSeconds.max)),
      {
        description: 'The window: fixed, aligned to the Unix epoch (3600: each UTC clock hour; 86400: each UTC day)',
        example: 3600,
      },
    ),
    scope: described(z._default(z.enum(DAILY_LIMIT_SCOPES), 'vault'), `${RULE_FIELD.scope}; default vault`),
  }),
);

const RuleInput = z.lazySchema(() =>
  z.discriminatedUnion('type', [
    MaxAmountInput(),
    RequireApprovalInput(),
    WhitelistInput(),
    BlacklistInput(),
    TimeWindowInput(),
    DailyLimitInput(),
    VelocityCountInput(),
    AddressBookOnlyInput(),
  ]),
);

const addressCount = (rules: readonly Rule[]) =>
  rules.reduce(
    (n, r) =>
      n +
      ('addresses' in r && r.addresses ? r.addresses.length : 0) +
      ('entry_ids' in r && r.entry_ids ? r.entry_ids.length : 0),
    0,
  );

/** A non-empty rule set; anything wrong inside it answers 1100 (see the module comment). */
export const RulesInput = z.lazySchema(() =>
  z.withMeta(
    z.pipe(
      z.array(RuleInput()).check(
        z.minLength(1),
        z.maxLength(POLICY_LIMITS.rules),
        z.refine(
          (rules) => addressCount(rules as Rule[]) <= POLICY_LIMITS.addressesPerPolicy,
          `at most ${POLICY_LIMITS.addressesPerPolicy} addresses in one policy`,
        ),
        z.superRefine(
          (value, ctx) => {
            // Runs even after member failures (`when`), to mark every issue inside the rule set as VALIDATION, so a missing
            // `value` or a malformed address in a rule is 1100 rather than 1101/1102; `rules` itself absent stays 1101.
            for (const issue of ctx.issues) {
              const inside = (issue.path?.length ?? 0) > 0;
              if (inside || value !== undefined)
                (issue as { params?: Record<string, unknown> }).params = {
                  ...(issue as { params?: Record<string, unknown> }).params,
                  catalog: 'VALIDATION',
                };
            }
          },
          { when: () => true },
        ),
      ),
      z.transform((rules) => rules as Rule[]),
    ),
    { description: `1..${POLICY_LIMITS.rules} rules; see docs/policies.md` },
  ),
);

export const CreatePolicyBody = z.lazySchema(() =>
  z.strictObject({
    vault_id: described(uuid(), 'The vault whose transfers it governs'),
    name: described(name(), 'Its name, unique in the vault'),
    rules: RulesInput(),
  }),
);
/** A full replacement takes the create body; `vault_id` may be sent but must be the policy's own (checked by the use case). */
export const UpdatePolicyBody = z.lazySchema(() =>
  z.strictObject({
    vault_id: described(z.optional(uuid()), "The policy's own vault, if sent (it cannot move)"),
    name: described(z.optional(name()), 'A new name, unique in the vault'),
    rules: RulesInput(),
  }),
);
export const PolicyListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), { vault_id: described(z.optional(uuid()), 'Only the policies of this vault') }),
);
export const PolicyIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The policy id') }));

/* Responses: the stored, normalised form. */
const weiOut = () => z.withMeta(z.string(), { pattern: '^[0-9]+$', example: '1000000000000000000' });
const assetOut = () => described(z.optional(z.string()), 'The asset the rule applies to; absent: the native coin');
const RuleView = z.lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: ruleType('MAX_AMOUNT'), value: described(weiOut(), RULE_FIELD.maxAmount), asset_id: assetOut() }),
    z.object({
      type: ruleType('REQUIRE_APPROVAL'),
      value: described(z.withMeta(z.string(), { example: '2' }), RULE_FIELD.approvals),
      above: described(z.optional(weiOut()), 'Approvals are needed only above this amount (wei); absent: always'),
      asset_id: assetOut(),
      operations: described(
        z.optional(z.array(z.enum(TX_OPERATIONS))),
        'Beta: only these operations; absent: every operation',
      ),
    }),
    z.object({
      type: ruleType('WHITELIST_ADDRESS'),
      addresses: described(z.optional(z.array(z.string())), RULE_FIELD.addresses),
      entry_ids: described(z.optional(z.array(z.string())), 'Address-book entry ids instead of `addresses`'),
    }),
    z.object({ type: ruleType('BLACKLIST_ADDRESS'), addresses: described(z.array(z.string()), RULE_FIELD.addresses) }),
    z.object({
      type: ruleType('TIME_WINDOW'),
      days: described(z.array(z.enum(DAYS)), RULE_FIELD.days),
      start: described(z.string(), RULE_FIELD.start),
      end: described(z.string(), RULE_FIELD.end),
      time_zone: described(z.string(), RULE_FIELD.time_zone),
    }),
    z.object({
      type: ruleType('DAILY_LIMIT'),
      value: described(weiOut(), RULE_FIELD.dailyLimit),
      scope: described(z.enum(DAILY_LIMIT_SCOPES), RULE_FIELD.scope),
      time_zone: described(z.string(), RULE_FIELD.time_zone),
      asset_id: assetOut(),
    }),
    z.object({
      type: ruleType('VELOCITY_COUNT'),
      value: described(z.withMeta(z.string(), { example: '10' }), RULE_FIELD.count),
      window_seconds: described(uint(), RULE_FIELD.window),
      scope: described(z.enum(DAILY_LIMIT_SCOPES), RULE_FIELD.scope),
    }),
    z.object({ type: ruleType('ADDRESS_BOOK_ONLY') }),
  ]),
);

export const Policy = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The policy id'),
      vault_id: described(uuid(), 'The vault whose transfers it governs'),
      name: described(z.string(), 'Its name, unique in the vault'),
      rules: described(z.array(RuleView()), 'Its rules, in evaluation order'),
      version: z.withMeta(z.int().check(z.gte(1)), {
        description:
          "Starts at 1 and grows with each change of the policy; a transaction's history names the version it was evaluated against",
      }),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'Policy' },
  ),
);
export const PolicyList = z.lazySchema(() =>
  z.object({ policies: described(z.array(Policy()), 'The page of policies'), next_cursor: nextCursor() }),
);

/** What one rule said (policy-engine.ts `RuleCheck`): in the dry run's answer and on a transaction's decision. */
export const RuleCheckView = z.lazySchema(() =>
  z.withMeta(
    z.object({
      policy_id: described(z.string(), 'The policy the rule belongs to'),
      rule_index: described(uint(), 'Its position in the policy, from 0'),
      type: described(z.enum(RULE_TYPES), RULE_FIELD.type),
      result: described(
        z.enum(['pass', 'deny', 'require_approval', 'not_applicable']),
        'What the rule said about this transfer',
      ),
      detail: described(z.string(), 'Why, in words'),
      compared: z.withMeta(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), {
        description:
          'The values the rule compared: amount and max_amount; destination and matched_entry; local_time and window; limit, window_start, window_end and spent (null: not read, reserved by a capped add) or count',
      }),
    }),
    { id: 'RuleCheck' },
  ),
);

/** The dry run's answer (POST /v1/policies/evaluate): nothing stored, nothing reserved. */
export const PolicyEvaluation = z.lazySchema(() =>
  z.withMeta(
    z.object({
      decision: z.withMeta(z.enum(['allow', 'require_approval', 'deny']), {
        description: 'What a submission of the same body would be answered now',
      }),
      approvals_required: described(uint(), 'Approvals the submission would wait for (0 when allowed at once)'),
      reasons: described(z.array(z.string()), 'Each rule that asked for approvals or denied, in words'),
      denial: z.withMeta(
        z.nullable(
          z.object({
            code: described(uint(), 'The catalog code (1200 POLICY_DENIED...)'),
            error: described(z.string(), 'The catalog error type'),
            message: described(z.string(), 'The message the submission would answer'),
            rule: described(
              z.object({
                policy_id: described(z.string(), 'The denying policy'),
                rule_index: described(uint(), "The denying rule's position, from 0"),
                type: described(z.enum(RULE_TYPES), RULE_FIELD.type),
              }),
              'The first denying rule',
            ),
          }),
        ),
        {
          description:
            'For a denial: the catalog code and message the submission would answer, and the first denying rule',
        },
      ),
      policies: z.withMeta(
        z.array(
          z.object({
            id: described(z.string(), 'The policy id'),
            name: described(z.string(), 'The policy name'),
            rules: described(z.array(RuleCheckView()), 'What each of its rules said'),
          }),
        ),
        { description: "Every policy of the wallet's vault, in evaluation order, with every rule's result" },
      ),
      screening: z.withMeta(
        z.object({
          would_run: described(z.boolean(), 'Whether the submission would be screened'),
          provider: described(z.nullable(z.string()), 'The screening provider; null when none'),
          result: described(
            z.nullable(z.enum(['clean', 'flagged', 'blocked'])),
            "The built-in lists' verdict now; null for an external provider",
          ),
          reason: described(z.nullable(z.string()), 'Why flagged or blocked, or null'),
        }),
        {
          description:
            "Whether the transfer would be screened, and the built-in lists' verdict now (null for an external provider, which a dry run does not call)",
        },
      ),
      evaluated_at: described(timestamp(), 'When the dry run was made; the same body may be answered otherwise later'),
    }),
    { id: 'PolicyEvaluation' },
  ),
);
