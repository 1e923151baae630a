import { describe, expect, it } from 'vitest';
import {
  diffRows,
  formatDuration,
  formatUnits,
  parsePastedKey,
  parseRoute,
  parseSignInFragment,
  routeHash,
  shortHex,
} from '../../console/format.js';
import { dateFilters } from '../../console/filters.js';

describe('console formatting', () => {
  it.each([
    ['1500000000000000000', 18, '1.5'],
    ['1', 18, '0.000000000000000001'],
    ['0', 18, '0'],
    ['1000000', 6, '1'],
    ['123456789', 6, '123.456789'],
    [
      '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      18,
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    ],
    ['0042', 0, '42'],
    ['not-a-number', 18, 'not-a-number'],
  ])('formatUnits(%s, %i) is %s', (wei, decimals, out) => {
    expect(formatUnits(wei, decimals)).toBe(out);
  });

  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_600_000, '1 h'],
    [3_600_000 + 12 * 60_000, '1 h 12 min'],
    [26 * 3_600_000, '1 d 2 h'],
    [-5, '0 s'],
  ])('formatDuration(%i) is %s', (ms, out) => {
    expect(formatDuration(ms)).toBe(out);
  });

  it('shortens long hex only', () => {
    expect(shortHex('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x123456…345678');
    expect(shortHex('0x1234')).toBe('0x1234');
  });

  it('reads a pasted credential with or without the Bearer scheme, and nothing else', () => {
    expect(parsePastedKey(' pqck_abc:s3cret ')).toEqual({ keyId: 'pqck_abc', secret: 's3cret' });
    expect(parsePastedKey('Bearer pqck_abc:s3cret')).toEqual({ keyId: 'pqck_abc', secret: 's3cret' });
    expect(parsePastedKey('pqck_abc')).toBeUndefined();
    expect(parsePastedKey('a:b:c')).toBeUndefined();
  });

  it('reads a sign-in fragment: the one-time code, or the error, with the client state; never a credential', () => {
    expect(parseSignInFragment('#code=t.abc&client_state=s1')).toEqual({ code: 't.abc', clientState: 's1' });
    expect(parseSignInFragment('#code=t.abc')).toEqual({ code: 't.abc', clientState: null });
    expect(parseSignInFragment('#key_id=k&secret=s&expires_at=2026-01-01T00:00:00Z')).toBeUndefined();
    expect(parseSignInFragment('#error=access_denied&client_state=s1')).toEqual({
      error: 'access_denied',
      clientState: 's1',
    });
    expect(parseSignInFragment('#section-2')).toBeUndefined();
  });

  it.each([
    ['', { view: 'pending' }],
    ['#/', { view: 'pending' }],
    ['#/history', { view: 'history' }],
    ['#/changes', { view: 'changes' }],
    [
      '#/transactions/0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B',
      { view: 'transaction', id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
    ],
    ['#/transactions/../../v1/me', { view: 'pending' }],
    ['#/transactions/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/extra', { view: 'pending' }],
    ['#code=abc&client_state=x', { view: 'pending' }],
  ])('parseRoute(%s)', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    if (hash.startsWith('#/') && route.view !== 'pending')
      expect(parseRoute(routeHash(parseRoute(hash)))).toEqual(route);
  });

  it('compares a change field by field: nested paths, additions, removals, a creation', () => {
    expect(
      diffRows(
        { name: 'a', rules: [{ type: 'MAX_AMOUNT', value: '5' }] },
        {
          name: 'a',
          rules: [
            { type: 'MAX_AMOUNT', value: '9' },
            { type: 'REQUIRE_APPROVAL', value: '2' },
          ],
        },
      ),
    ).toEqual([
      { path: 'name', before: 'a', after: 'a', changed: false },
      { path: 'rules.0.type', before: 'MAX_AMOUNT', after: 'MAX_AMOUNT', changed: false },
      { path: 'rules.0.value', before: '5', after: '9', changed: true },
      { path: 'rules.1.type', before: undefined, after: 'REQUIRE_APPROVAL', changed: true },
      { path: 'rules.1.value', before: undefined, after: '2', changed: true },
    ]);
    expect(diffRows(null, { quorum: 2, enabled: true, note: null })).toEqual([
      { path: 'quorum', before: undefined, after: '2', changed: true },
      { path: 'enabled', before: undefined, after: 'true', changed: true },
      { path: 'note', before: undefined, after: 'null', changed: true },
    ]);
    expect(diffRows({ id: 'p' }, null)).toEqual([{ path: 'id', before: 'p', after: undefined, changed: true }]);
  });

  it('turns whole local days into the API time range (after inclusive, before exclusive, the day after "to")', () => {
    expect(dateFilters({ from: '', to: '' })).toEqual({});
    expect(dateFilters({ from: '2026-11-02', to: '2026-11-03' })).toEqual({
      created_after: new Date(2026, 10, 2).toISOString(),
      created_before: new Date(2026, 10, 4).toISOString(),
    });
    expect(dateFilters({ from: 'yesterday', to: '' })).toEqual({});
  });
});
