import type { TokenOperation } from '../tokens/templates.js';

/**
 * The policy rule types as stored and evaluated: the normalised form (amounts as canonical decimal strings,
 * addresses and asset ids in lowercase, defaults filled in). The request schemas (shared/schemas/policies.ts) turn
 * what a client sends into exactly these shapes; docs/policies.md documents them.
 */
export const RULE_TYPES = [
  'MAX_AMOUNT',
  'WHITELIST_ADDRESS',
  'BLACKLIST_ADDRESS',
  'REQUIRE_APPROVAL',
  'TIME_WINDOW',
  'DAILY_LIMIT',
  'VELOCITY_COUNT',
  'ADDRESS_BOOK_ONLY',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** Week days in ISO order (Monday first), as rules spell them. */
export const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Day = (typeof DAYS)[number];

export const DAILY_LIMIT_SCOPES = ['vault', 'wallet'] as const;
export type DailyLimitScope = (typeof DAILY_LIMIT_SCOPES)[number];

/** Limits of one policy: enough for real rule sets while every policy item stays far below DynamoDB's 400 KB. */
export const POLICY_LIMITS = { rules: 50, addressesPerRule: 1000, addressesPerPolicy: 2000, approvals: 10 } as const;

/** `asset_id` absent: the rule applies to every asset, each asset on its own (wei of different assets never add up). */
type AssetScoped = { asset_id?: string };

export type MaxAmountRule = { type: 'MAX_AMOUNT'; value: string } & AssetScoped;
/** `operations` absent: every operation (transfers and token operations); present: only those (docs/tokens.md, "Policy"). */
export type RequireApprovalRule = {
  type: 'REQUIRE_APPROVAL';
  value: string;
  above?: string;
  operations?: TokenOperation[];
} & AssetScoped;
/**
 * Literal `addresses`, or `entry_ids` of the tenant's address book: then the destination must be one of those entries'
 * addresses, the entry active (past its cooling period) and its scope covering the transfer.
 */
export type WhitelistRule =
  | { type: 'WHITELIST_ADDRESS'; addresses: string[]; entry_ids?: undefined }
  | { type: 'WHITELIST_ADDRESS'; entry_ids: string[]; addresses?: undefined };
export type BlacklistRule = { type: 'BLACKLIST_ADDRESS'; addresses: string[] };
/** `end` is exclusive and may be `24:00`; `start > end` is a window that crosses midnight. */
export type TimeWindowRule = { type: 'TIME_WINDOW'; days: Day[]; start: string; end: string; time_zone: string };
export type DailyLimitRule = {
  type: 'DAILY_LIMIT';
  value: string;
  scope: DailyLimitScope;
  time_zone: string;
} & AssetScoped;

/**
 * At most `value` transactions (any operation) of the vault, or of each wallet, in each window of `window_seconds`:
 * fixed windows aligned to the Unix epoch (3600 is each UTC clock hour, 86400 each UTC day).
 */
export type VelocityCountRule = {
  type: 'VELOCITY_COUNT';
  value: string;
  window_seconds: number;
  scope: DailyLimitScope;
};

/** Transfers only to an active address-book entry whose scope (vault, asset) covers them. */
export type AddressBookOnlyRule = { type: 'ADDRESS_BOOK_ONLY' };

export type Rule =
  | MaxAmountRule
  | RequireApprovalRule
  | WhitelistRule
  | BlacklistRule
  | TimeWindowRule
  | DailyLimitRule
  | VelocityCountRule
  | AddressBookOnlyRule;

/** Whether a rule set refers to the address book (then a submission reads it). */
export const readsAddressBook = (rules: readonly Rule[]) =>
  rules.some((r) => r.type === 'ADDRESS_BOOK_ONLY' || (r.type === 'WHITELIST_ADDRESS' && r.entry_ids !== undefined));

/** What the engine needs of a policy. */
export type PolicyRules = { id: string; rules: readonly Rule[] };

/** `HH:MM` to minutes since midnight (`24:00` is 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}
