import { describe, expect, it } from 'vitest';
import { formatDuration, formatUnits, parsePastedKey, parseSignInFragment, shortHex } from '../../console/format.js';

describe('console formatting', () => {
  it.each([
    ['1500000000000000000', 18, '1.5'],
    ['1', 18, '0.000000000000000001'],
    ['0', 18, '0'],
    ['1000000', 6, '1'],
    ['123456789', 6, '123.456789'],
    ['115792089237316195423570985008687907853269984665640564039457584007913129639935', 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
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
    expect(parseSignInFragment('#error=access_denied&client_state=s1')).toEqual({ error: 'access_denied', clientState: 's1' });
    expect(parseSignInFragment('#section-2')).toBeUndefined();
  });
});
