import { describe, expect, it } from 'vitest';
import { formatUnits as viemFormatUnits } from 'viem';
import { formatUnits } from '../../shared/domain/amounts.js';

describe('formatUnits', () => {
  it('answers what viem answers, for random amounts and decimals', () => {
    for (let i = 0; i < 500; i++) {
      const digits = 1 + Math.floor(Math.random() * 30);
      const wei =
        BigInt(`1${'0'.repeat(digits)}`) -
        BigInt(Math.floor(Math.random() * 1e9)) * BigInt(Math.floor(Math.random() * 1e9));
      const amount = (wei < 0n ? -wei : wei).toString();
      const decimals = Math.floor(Math.random() * 25);
      expect(formatUnits(amount, decimals), `${amount} ${decimals}`).toBe(viemFormatUnits(BigInt(amount), decimals));
    }
  });

  it('formats the edges: zero, exact units, and fewer digits than decimals', () => {
    expect(formatUnits('0', 18)).toBe('0');
    expect(formatUnits('1500000000000000000', 18)).toBe('1.5');
    expect(formatUnits('1000000000000000000', 18)).toBe('1');
    expect(formatUnits('1000', 18)).toBe('0.000000000000001');
    expect(formatUnits('42', 0)).toBe('42');
  });
});
