import * as z from './zod.js';
import { MAX_CURSOR_LENGTH } from '../domain/cursor-codec.js';
import { parseCidr } from '../domain/ip-address.js';
import { ADDRESS_MESSAGES, ADDRESS_RE, addressProblem } from '../domain/chain/address.js';
import type { ErrorType } from '../errors/catalog.js';
import { CANONICAL_AMOUNT_RE } from '../domain/amounts.js';

/**
 * Building blocks of request and response schemas. A refinement names the catalog entry its failure answers with
 * (`params.catalog`), so validation errors map to the right code without per-handler code.
 */
const tagged = (catalog: ErrorType, message: string) => ({ message, params: { catalog } });

export const LIMITS = {
  name: 128,
  note: 512,
  externalId: 128,
  metadataKeys: 32,
  metadataKey: 64,
  metadataValue: 512,
  email: 254,
  url: 2048,
  reason: 512,
} as const;

export const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * An address, the rule for every address field and path parameter (shared/domain/chain/address.ts): 0x and 40 hex
 * digits, and in mixed case a correct EIP-55 checksum; either failure is 400 1102.
 */
export const address = () =>
  z.withMeta(
    z.string().check(
      z.refine((s) => addressProblem(s) !== 'shape', tagged('INVALID_ADDRESS', ADDRESS_MESSAGES.shape)),
      z.refine((s) => addressProblem(s) !== 'checksum', tagged('INVALID_ADDRESS', ADDRESS_MESSAGES.checksum)),
    ),
    {
      pattern: ADDRESS_RE.source,
      example: '0x8ba1f109551bd432803012645ac136ddd64dba72',
      description: 'All lowercase, all uppercase, or mixed case with a correct EIP-55 checksum (else 400 1102)',
    },
  );

/** The one spelling of an amount (domain/amounts.ts). */
export { CANONICAL_AMOUNT_RE };

/**
 * A wei amount, the rule for every amount field: canonical decimal digits (no sign, no leading zeros: "007" is 1103,
 * so what is stored is what was sent), at most 2^256-1 (1109); `positive` refuses 0.
 */
export const amount = (opts: { positive?: boolean } = {}) =>
  z.withMeta(
    z.string().check(
      z.refine(
        (s) => CANONICAL_AMOUNT_RE.test(s),
        tagged('INVALID_AMOUNT', 'must be a decimal string of digits without leading zeros (wei)'),
      ),
      z.refine(
        (s) => !CANONICAL_AMOUNT_RE.test(s) || BigInt(s) <= MAX_UINT256,
        tagged('AMOUNT_OVERFLOW', 'exceeds 2^256-1'),
      ),
      z.refine(
        (s) => !opts.positive || !CANONICAL_AMOUNT_RE.test(s) || BigInt(s) > 0n,
        tagged('INVALID_AMOUNT', 'must be greater than zero'),
      ),
    ),
    { pattern: CANONICAL_AMOUNT_RE.source, example: '1000000000000000000' },
  );

/** An amount written in the asset's units ("1.5"): refused by the use case, which knows the asset, with the wei it would be. */
export const UNITS_AMOUNT_RE = /^(0|[1-9][0-9]*)\.[0-9]+$/;

/**
 * A transfer's amount: a wei amount as `amount({ positive: true })`, except that an amount in the asset's units
 * ("1.5") passes here so that the submission refuses it with 1103 naming the asset's decimals and the wei value.
 */
export const transferAmount = () =>
  z.withMeta(
    z.string().check(
      z.refine(
        (s) => CANONICAL_AMOUNT_RE.test(s) || UNITS_AMOUNT_RE.test(s),
        tagged('INVALID_AMOUNT', 'must be a decimal string of digits without leading zeros (wei)'),
      ),
      z.refine(
        (s) => !CANONICAL_AMOUNT_RE.test(s) || BigInt(s) <= MAX_UINT256,
        tagged('AMOUNT_OVERFLOW', 'exceeds 2^256-1'),
      ),
      z.refine(
        (s) => !CANONICAL_AMOUNT_RE.test(s) || BigInt(s) > 0n,
        tagged('INVALID_AMOUNT', 'must be greater than zero'),
      ),
    ),
    {
      pattern: CANONICAL_AMOUNT_RE.source,
      example: '1000000000000000000',
      description:
        'In the asset\'s smallest unit (wei for the native asset), digits only: 1.5 of an 18-decimal asset is "1500000000000000000"',
    },
  );

/** A count or sequence number in a response: a non-negative integer (uint64 in spirit; JSON numbers stay below 2^53). */
export const uint = () => z.int().check(z.gte(0));

export const boundedString = (max: number) => z.string().check(z.maxLength(max));
export const name = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.name));
/** An asset's ticker, shown with amounts (e.g. USDC): registered assets and deployed tokens alike. */
export const symbol = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(32),
      z.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only'),
    );
export const note = () => z.string().check(z.maxLength(LIMITS.note));
export const externalId = () => z.string().check(z.minLength(1), z.maxLength(LIMITS.externalId));
export const reason = () => z.string().check(z.maxLength(LIMITS.reason));

export const metadata = () =>
  z.record(z.string().check(z.maxLength(LIMITS.metadataKey)), z.unknown()).check(
    z.refine(
      (m) => Object.keys(m).length <= LIMITS.metadataKeys,
      tagged('STRING_TOO_LONG', `at most ${LIMITS.metadataKeys} keys`),
    ),
    z.refine(
      (m) => JSON.stringify(m).length <= LIMITS.metadataKeys * (LIMITS.metadataKey + LIMITS.metadataValue),
      tagged('STRING_TOO_LONG', 'metadata too large'),
    ),
  );

/** Metadata whose values are strings (transactions: docs/api-conventions.md, "Requests and answers"). */
export const stringMetadata = () =>
  z
    .record(z.string().check(z.maxLength(LIMITS.metadataKey)), z.string().check(z.maxLength(LIMITS.metadataValue)))
    .check(
      z.refine(
        (m) => Object.keys(m).length <= LIMITS.metadataKeys,
        tagged('STRING_TOO_LONG', `at most ${LIMITS.metadataKeys} keys`),
      ),
    );

export const email = () => z.pipe(z.string().check(z.maxLength(LIMITS.email)), z.email({ message: 'malformed email' }));

/** A CIDR block (IPv4 or IPv6); a bare address is taken as a single host. */
export const cidr = () =>
  z.string().check(
    z.maxLength(64),
    z.refine((s) => parseCidr(s) !== null, tagged('VALIDATION', 'not a valid CIDR block')),
  );

export const uuid = () =>
  z
    .string()
    .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'must be a UUID'));
export const timestamp = () => z.withMeta(z.string(), { format: 'date-time', example: '2026-11-21T10:00:00.000Z' });

/**
 * A page-size or page-number query parameter: canonical decimal digits only (`1e2`, `-1`, `007`, `abc` are refused),
 * within bounds; any failure is 400 1108, like a bad cursor.
 */
const pageNumber = (name: string, max: number, description: string) =>
  z.withMeta(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (s) => /^[1-9][0-9]*$/.test(s) && s.length <= String(max).length && Number(s) <= max,
            tagged('INVALID_PAGINATION', `${name} must be an integer from 1 to ${max}`),
          ),
        ),
      z.transform(Number),
    ),
    { type: 'integer', minimum: 1, maximum: max, description },
  );

export const paginationQuery = z.lazySchema(() =>
  z.object({
    limit: z.optional(pageNumber('limit', 200, '1..200, default 50')),
    cursor: z.withMeta(
      z.optional(
        z
          .string()
          .check(
            z.refine(
              (s) => s.length <= MAX_CURSOR_LENGTH && /^[A-Za-z0-9_.-]+$/.test(s),
              tagged('INVALID_PAGINATION', 'cursor malformed'),
            ),
          ),
      ),
      { description: 'opaque `next_cursor` of the previous page of the same listing, with the same filters' },
    ),
    page: z.optional(pageNumber('page', 10_000, '1..10000, with per_page: served by walking cursors')),
    per_page: z.optional(pageNumber('per_page', 200, '1..200, default 50')),
  }),
);

export const listEnvelope = <T extends z.ZodMiniType>(itemsName: string, item: T) =>
  z.object({ [itemsName]: z.array(item), next_cursor: z.nullable(z.string()) });

export const emptyObject = z.lazySchema(() => z.strictObject({}));

/** The `{id}` of a path naming an item by its UUID. */
export const IdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The id of the item') }));

/** A schema with its one-line description for the OpenAPI document (every property has one: openapi-reference.test.ts). */
export const described = <T extends z.ZodMiniType>(schema: T, description: string): T =>
  z.withMeta(schema, { description });

/** The fields every listing and every stored item share, each with its description. */
export const nextCursor = () =>
  described(z.nullable(z.string()), 'Pass as `cursor` to read the next page; null on the last page');
export const createdAt = () => described(timestamp(), 'When it was created (ISO 8601, UTC)');
export const updatedAt = () => described(timestamp(), 'When it last changed (ISO 8601, UTC)');
