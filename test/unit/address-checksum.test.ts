import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { addressProblem, checksumAddress } from '../../shared/domain/chain/address.js';

/** The examples of EIP-55 itself (https://eips.ethereum.org/EIPS/eip-55). */
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
];

const lowerHex = fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => `0x${h}`);

describe('address checksum (EIP-55)', () => {
  it('spells the EIP-55 examples as the EIP does', () => {
    for (const a of EIP55_VECTORS) expect(checksumAddress(a.toLowerCase())).toBe(a);
  });

  it('agrees with viem on any address', () => {
    fc.assert(
      fc.property(lowerHex, (a) => {
        expect(checksumAddress(a)).toBe(getAddress(a));
      }),
    );
  });

  it('accepts lowercase, uppercase and the checksummed spelling', () => {
    fc.assert(
      fc.property(lowerHex, (a) => {
        expect(addressProblem(a)).toBeNull();
        expect(addressProblem(`0x${a.slice(2).toUpperCase()}`)).toBeNull();
        expect(addressProblem(checksumAddress(a))).toBeNull();
      }),
    );
  });

  it('refuses a checksummed address with one letter in the wrong case', () => {
    fc.assert(
      fc.property(lowerHex, fc.nat(39), (a, at) => {
        const good = checksumAddress(a);
        const letters = [...good.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i] : []));
        fc.pre(letters.length >= 2); // flipping the only letter could give all-lowercase or all-uppercase
        const i = letters[at % letters.length]! + 2;
        const c = good[i]!;
        const typo = good.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + good.slice(i + 1);
        const digits = typo.slice(2);
        fc.pre(digits !== digits.toLowerCase() && digits !== digits.toUpperCase());
        expect(addressProblem(typo)).toBe('checksum');
      }),
    );
  });

  it('tells a malformed address from a bad checksum', () => {
    expect(addressProblem('0x12')).toBe('shape');
    expect(addressProblem(`0X${'a'.repeat(40)}`)).toBe('shape');
    expect(addressProblem(`0x${'g'.repeat(40)}`)).toBe('shape');
    expect(addressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('checksum');
  });
});
