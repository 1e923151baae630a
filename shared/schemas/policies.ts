import * as z from 'zod';
import { address, amount, name, paginationQuery, timestamp, uuid } from './common.js';
import { canonicalTimeZone } from '../domain/policies/local-time.js';
import { TX_OPERATIONS } from '../domain/tokens/operations.js';
import { DAILY_LIMIT_SCOPES, DAYS, POLICY_LIMITS, type Rule } from '../domain/policies/rules.js';

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
const dailyLimitValue = () => wei().refine((s) => BigInt(s) <= MAX_DAILY_LIMIT, { message: 'DAILY_LIMIT value may be at most 10^38-1 wei' });
const assetId = () => uuid().transform((s) => s.toLowerCase()).optional().meta({ description: 'Only transfers of this asset; absent: every asset, each counted on its own.' });
const ruleAddress = () => address().transform((s) => s.toLowerCase());
const addressList = () =>
  z
    .array(ruleAddress())
    .min(1)
    .max(POLICY_LIMITS.addressesPerRule)
    .transform((list) => [...new Set(list)]);

const timeZone = () =>
  z
    .string()
    .max(64)
    .refine((s) => canonicalTimeZone(s) !== undefined, 'not an IANA time zone known to the runtime (e.g. America/New_York, UTC)')
    .transform((s) => canonicalTimeZone(s)!)
    .default('UTC')
    .meta({ example: 'America/New_York' });

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const startTime = () => z.string().regex(HHMM, 'must be HH:MM, 00:00..23:59').default('00:00');
const endTime = () =>
  z
    .string()
    .refine((s) => HHMM.test(s) || s === '24:00', 'must be HH:MM, 00:01..24:00 (exclusive)')
    .default('24:00');

const approvalCount = () =>
  z
    .union([z.string().regex(/^[0-9]{1,2}$/, 'must be a count such as "2"'), z.number().int().min(0)])
    .transform((v) => Number(v))
    .refine((n) => n >= 1 && n <= POLICY_LIMITS.approvals, `must be 1..${POLICY_LIMITS.approvals}`)
    .transform(String)
    .meta({ description: `Approvals needed, 1..${POLICY_LIMITS.approvals}; "2" or 2` });

const MaxAmountInput = z.object({ type: z.literal('MAX_AMOUNT'), value: wei(), asset_id: assetId() }).strict();
const RequireApprovalInput = z
  .object({
    type: z.literal('REQUIRE_APPROVAL'),
    value: approvalCount(),
    above: wei().optional().meta({ description: 'Approvals are needed only when the amount is above this (wei); absent: always.' }),
    asset_id: assetId(),
    operations: z
      .array(z.enum(TX_OPERATIONS))
      .min(1)
      .transform((list) => [...new Set(list)])
      .optional()
      .meta({ description: 'Beta: only these operations (TRANSFER, or token operations such as MINT); absent: every operation.' }),
  })
  .strict();
const WhitelistInput = z.object({ type: z.literal('WHITELIST_ADDRESS'), addresses: addressList() }).strict();
const BlacklistInput = z.object({ type: z.literal('BLACKLIST_ADDRESS'), addresses: addressList() }).strict();
const TimeWindowInput = z
  .object({
    type: z.literal('TIME_WINDOW'),
    days: z
      .array(z.enum(DAYS))
      .min(1)
      .max(7)
      .transform((ds) => DAYS.filter((d) => ds.includes(d)))
      .default([...DAYS]),
    start: startTime(),
    end: endTime(),
    time_zone: timeZone(),
  })
  .strict()
  .refine((r) => r.start !== r.end, { message: 'start and end must differ (an empty window)', path: ['end'] });
const DailyLimitInput = z
  .object({ type: z.literal('DAILY_LIMIT'), value: dailyLimitValue(), scope: z.enum(DAILY_LIMIT_SCOPES).default('vault'), time_zone: timeZone(), asset_id: assetId() })
  .strict();

const RuleInput = z.discriminatedUnion('type', [MaxAmountInput, RequireApprovalInput, WhitelistInput, BlacklistInput, TimeWindowInput, DailyLimitInput]);

const addressCount = (rules: readonly Rule[]) => rules.reduce((n, r) => n + ('addresses' in r ? r.addresses.length : 0), 0);

/** A non-empty rule set; anything wrong inside it answers 1100 (see the module comment). */
export const RulesInput = z
  .array(RuleInput)
  .min(1)
  .max(POLICY_LIMITS.rules)
  .refine((rules) => addressCount(rules as Rule[]) <= POLICY_LIMITS.addressesPerPolicy, `at most ${POLICY_LIMITS.addressesPerPolicy} addresses in one policy`)
  .superRefine(
    (value, ctx) => {
      // Runs even after member failures (`when`), to mark every issue inside the rule set as VALIDATION, so a missing
      // `value` or a malformed address in a rule is 1100 rather than 1101/1102; `rules` itself absent stays 1101.
      for (const issue of ctx.issues) {
        const inside = (issue.path?.length ?? 0) > 0;
        if (inside || value !== undefined) (issue as { params?: Record<string, unknown> }).params = { ...(issue as { params?: Record<string, unknown> }).params, catalog: 'VALIDATION' };
      }
    },
    { when: () => true },
  )
  .transform((rules) => rules as Rule[])
  .meta({ description: `1..${POLICY_LIMITS.rules} rules; see docs/policies.md` });

export const CreatePolicyBody = z.object({ vault_id: uuid(), name: name(), rules: RulesInput }).strict();
/** A full replacement takes the create body; `vault_id` may be sent but must be the policy's own (checked by the use case). */
export const UpdatePolicyBody = z.object({ vault_id: uuid().optional(), name: name().optional(), rules: RulesInput }).strict();
export const PolicyListQuery = paginationQuery.extend({ vault_id: uuid().optional() });
export const PolicyIdParam = z.object({ id: uuid() });

/* Responses: the stored, normalised form. */
const weiOut = () => z.string().meta({ pattern: '^[0-9]+$', example: '1000000000000000000' });
const assetOut = () => z.string().optional();
const RuleView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MAX_AMOUNT'), value: weiOut(), asset_id: assetOut() }),
  z.object({ type: z.literal('REQUIRE_APPROVAL'), value: z.string().meta({ example: '2' }), above: weiOut().optional(), asset_id: assetOut(), operations: z.array(z.enum(TX_OPERATIONS)).optional() }),
  z.object({ type: z.literal('WHITELIST_ADDRESS'), addresses: z.array(z.string()) }),
  z.object({ type: z.literal('BLACKLIST_ADDRESS'), addresses: z.array(z.string()) }),
  z.object({ type: z.literal('TIME_WINDOW'), days: z.array(z.enum(DAYS)), start: z.string(), end: z.string(), time_zone: z.string() }),
  z.object({ type: z.literal('DAILY_LIMIT'), value: weiOut(), scope: z.enum(DAILY_LIMIT_SCOPES), time_zone: z.string(), asset_id: assetOut() }),
]);

export const Policy = z
  .object({ id: uuid(), vault_id: uuid(), name: z.string(), rules: z.array(RuleView), created_at: timestamp(), updated_at: timestamp() })
  .meta({ id: 'Policy' });
export const PolicyList = z.object({ policies: z.array(Policy), next_cursor: z.string().nullable() });
