import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CreatePolicyBody, UpdatePolicyBody } from '../../shared/schemas/policies.js';
import { validationError } from '../../shared/schemas/validation.js';
import { checksumAddress } from '../../shared/domain/chain/address.js';

const VAULT = '0190a0a0-0000-7000-8000-0000000000aa';
const body = (rules: unknown, extra: Record<string, unknown> = {}) => ({
  vault_id: VAULT,
  name: 'limits',
  rules,
  ...extra,
});

/** The catalog code and field a body answers, or the parsed rules. */
function parse(input: unknown) {
  const out = CreatePolicyBody().safeParse(input);
  if (out.success) return { rules: out.data.rules };
  const err = validationError(out.error, 'body');
  return { code: err.code, field: err.details?.field };
}

describe('policy request schemas', () => {
  it('refuses an amount with leading zeros in every amount member, as transfers do (1100 inside rules)', () => {
    for (const [rule, field] of [
      [{ type: 'MAX_AMOUNT', value: '000100' }, 'rules.0.value'],
      [{ type: 'REQUIRE_APPROVAL', value: '2', above: '010' }, 'rules.0.above'],
      [{ type: 'DAILY_LIMIT', value: '05' }, 'rules.0.value'],
    ] as const) {
      const out = CreatePolicyBody().safeParse(body([rule]), { reportInput: true });
      expect(out.success, JSON.stringify(rule)).toBe(false);
      const err = validationError(out.error!, 'body');
      expect({ code: err.code, field: err.details?.field }, JSON.stringify(rule)).toEqual({ code: 1100, field });
      expect(err.message).toContain('without leading zeros');
    }
    expect(CreatePolicyBody().safeParse(body([{ type: 'MAX_AMOUNT', value: '0' }])).success).toBe(true);
  });

  it('normalises rules: lowercase addresses and asset ids, canonical zones, defaults filled', () => {
    const { rules } = parse(
      body([
        { type: 'MAX_AMOUNT', value: '100', asset_id: '0190A0A0-0000-7000-8000-0000000000CC' },
        { type: 'REQUIRE_APPROVAL', value: 2 },
        { type: 'REQUIRE_APPROVAL', value: '3', above: '10' },
        {
          type: 'BLACKLIST_ADDRESS',
          addresses: ['0x8BA1F109551BD432803012645AC136DDD64DBA72', '0x8ba1f109551bd432803012645ac136ddd64dba72'],
        },
        { type: 'TIME_WINDOW', days: ['FRI', 'MON'], start: '22:00', end: '02:00', time_zone: 'america/new_york' },
        { type: 'TIME_WINDOW' },
        { type: 'DAILY_LIMIT', value: '5' },
      ]),
    );
    expect(rules).toEqual([
      { type: 'MAX_AMOUNT', value: '100', asset_id: '0190a0a0-0000-7000-8000-0000000000cc' },
      { type: 'REQUIRE_APPROVAL', value: '2' },
      { type: 'REQUIRE_APPROVAL', value: '3', above: '10' },
      { type: 'BLACKLIST_ADDRESS', addresses: ['0x8ba1f109551bd432803012645ac136ddd64dba72'] },
      { type: 'TIME_WINDOW', days: ['MON', 'FRI'], start: '22:00', end: '02:00', time_zone: 'America/New_York' },
      {
        type: 'TIME_WINDOW',
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
        start: '00:00',
        end: '24:00',
        time_zone: 'UTC',
      },
      { type: 'DAILY_LIMIT', value: '5', scope: 'vault', time_zone: 'UTC' },
    ]);
  });

  it('stores the lowercase, uppercase and checksummed spellings of an address in lowercase', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), (h) => {
        for (const spelling of [`0x${h}`, `0x${h.toUpperCase()}`, checksumAddress(`0x${h}`)]) {
          expect(parse(body([{ type: 'WHITELIST_ADDRESS', addresses: [spelling] }])).rules).toEqual([
            { type: 'WHITELIST_ADDRESS', addresses: [`0x${h}`] },
          ]);
        }
      }),
    );
  });

  it.each([
    ['an unknown rule type', [{ type: 'MIN_AMOUNT', value: '1' }], 'rules.0.type'],
    ['a rule without type', [{ value: '1' }], 'rules.0.type'],
    ['a missing member', [{ type: 'MAX_AMOUNT' }], 'rules.0.value'],
    ['an unknown member', [{ type: 'MAX_AMOUNT', value: '1', currency: 'PQ' }], 'rules.0'],
    ['a number where a wei string belongs', [{ type: 'MAX_AMOUNT', value: 5 }], 'rules.0.value'],
    ['a negative amount', [{ type: 'DAILY_LIMIT', value: '-5' }], 'rules.0.value'],
    ['an amount above 2^256-1', [{ type: 'MAX_AMOUNT', value: (1n << 256n).toString() }], 'rules.0.value'],
    ['a malformed address', [{ type: 'BLACKLIST_ADDRESS', addresses: ['0x1234'] }], 'rules.0.addresses.0'],
    [
      'a mixed-case address with a wrong checksum',
      [{ type: 'WHITELIST_ADDRESS', addresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'] }],
      'rules.0.addresses.0',
    ],
    ['an empty address list', [{ type: 'WHITELIST_ADDRESS', addresses: [] }], 'rules.0.addresses'],
    ['an approval count of 0', [{ type: 'REQUIRE_APPROVAL', value: '0' }], 'rules.0.value'],
    ['an approval count of 11', [{ type: 'REQUIRE_APPROVAL', value: 11 }], 'rules.0.value'],
    ['a fractional approval count', [{ type: 'REQUIRE_APPROVAL', value: 1.5 }], 'rules.0.value'],
    ['an unknown time zone', [{ type: 'TIME_WINDOW', time_zone: 'Mars/Olympus_Mons' }], 'rules.0.time_zone'],
    ['a malformed time', [{ type: 'TIME_WINDOW', start: '9:00', end: '17:00' }], 'rules.0.start'],
    ['24:00 as a start', [{ type: 'TIME_WINDOW', start: '24:00', end: '02:00' }], 'rules.0.start'],
    ['an empty window', [{ type: 'TIME_WINDOW', start: '10:00', end: '10:00' }], 'rules.0.end'],
    ['an unknown day', [{ type: 'TIME_WINDOW', days: ['MONDAY'] }], 'rules.0.days.0'],
    ['an unknown scope', [{ type: 'DAILY_LIMIT', value: '1', scope: 'tenant' }], 'rules.0.scope'],
    ['a rule that is not an object', ['MAX_AMOUNT'], 'rules.0'],
    ['an empty rule set', [], 'rules'],
    ['rules that are not an array', 'MAX_AMOUNT', 'rules'],
    ['more than 50 rules', Array.from({ length: 51 }, () => ({ type: 'MAX_AMOUNT', value: '1' })), 'rules'],
  ])('answers 1100 for %s', (_what, rules, field) => {
    expect(parse(body(rules))).toEqual({ code: 1100, field });
  });

  it('answers 1100 when one policy holds more than 2000 addresses in all', () => {
    const list = (n: number, salt: number) =>
      Array.from({ length: n }, (_, i) => `0x${(salt * 100000 + i).toString(16).padStart(40, '0')}`);
    expect(
      parse(
        body([
          { type: 'WHITELIST_ADDRESS', addresses: list(1000, 1) },
          { type: 'BLACKLIST_ADDRESS', addresses: list(1000, 2) },
        ]),
      ).rules,
    ).toHaveLength(2);
    expect(
      parse(
        body([
          { type: 'WHITELIST_ADDRESS', addresses: list(1000, 1) },
          { type: 'BLACKLIST_ADDRESS', addresses: list(1000, 2) },
          { type: 'BLACKLIST_ADDRESS', addresses: list(1, 3) },
        ]),
      ),
    ).toEqual({ code: 1100, field: 'rules' });
  });

  it('answers 1101 for a missing top-level member, 1110 for an over-long name, 1100 for an unknown one', () => {
    expect(parse({ vault_id: VAULT, name: 'x' })).toEqual({ code: 1101, field: 'rules' });
    expect(parse({ name: 'x', rules: [{ type: 'MAX_AMOUNT', value: '1' }] })).toEqual({
      code: 1101,
      field: 'vault_id',
    });
    expect(parse(body([{ type: 'MAX_AMOUNT', value: '1' }], { name: 'n'.repeat(129) }))).toEqual({
      code: 1110,
      field: 'name',
    });
    expect(parse(body([{ type: 'MAX_AMOUNT', value: '1' }], { enabled: true }))).toMatchObject({ code: 1100 });
  });

  it('takes a full rule set on update, with the name optional, and the create body (vault_id checked by the use case)', () => {
    expect(UpdatePolicyBody().safeParse({ rules: [{ type: 'MAX_AMOUNT', value: '1' }] }).success).toBe(true);
    expect(UpdatePolicyBody().safeParse({ name: 'x' }).success).toBe(false);
    expect(UpdatePolicyBody().safeParse(body([{ type: 'MAX_AMOUNT', value: '1' }])).success).toBe(true);
    expect(
      UpdatePolicyBody().safeParse({ rules: [{ type: 'MAX_AMOUNT', value: '1' }], vault_id: 'not-a-uuid' }).success,
    ).toBe(false);
  });
});
