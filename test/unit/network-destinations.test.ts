import { describe, expect, it } from 'vitest';
import { destinationRefusal, isIpLiteral, isLinkLocal } from '../../shared/domain/network-destinations.js';

/** The one destination rule, range by range, in both environments (no connection is opened here). */
const production = { allowPrivateNetworks: false };
const local = { allowPrivateNetworks: true };

describe('destination rule', () => {
  it('allows global unicast addresses everywhere', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(destinationRefusal(a, production), a).toBeNull();
      expect(destinationRefusal(a, local), a).toBeNull();
    }
  });

  it('always refuses link-local, IPv4, IPv6 and IPv4-mapped, including the metadata address', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.0.1',
      '169.254.255.255',
      'fe80::1',
      'febf:ffff::1',
      'fe80::1%eth0',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '[fe80::1]',
    ]) {
      expect(destinationRefusal(a, production), a).toMatch(/^link-local address .* is never allowed$/);
      expect(destinationRefusal(a, local), a).toMatch(/^link-local address/);
      expect(isLinkLocal(a), a).toBe(true);
    }
    expect(isLinkLocal('169.253.255.255')).toBe(false);
    expect(isLinkLocal('fec0::1')).toBe(false);
  });

  const privateRanges: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private (RFC 1918)'],
    ['10.255.255.255', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.0.1', 'private (RFC 1918)'],
    ['::ffff:192.168.0.1', 'private (RFC 1918)'],
    ['100.64.0.0', 'carrier-grade NAT (100.64.0.0/10)'],
    ['100.127.255.255', 'carrier-grade NAT (100.64.0.0/10)'],
    ['::ffff:100.100.100.100', 'carrier-grade NAT (100.64.0.0/10)'],
    ['fc00::1', 'unique-local (fc00::/7)'],
    ['fdff:ffff::1', 'unique-local (fc00::/7)'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
  ];
  for (const [a, label] of privateRanges) {
    it(`refuses ${a} (${label}) outside the local environment and allows it locally`, () => {
      expect(destinationRefusal(a, production)).toMatch(
        new RegExp(
          `^${label.replace(/[()./]/g, '\\$&')} address ${a.replace(/[.]/g, '\\.')}.* is refused outside the local environment$`,
        ),
      );
      expect(destinationRefusal(a, local)).toBeNull();
    });
  }

  it('keeps the edges of each range: neighbours are public', () => {
    for (const a of [
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '11.0.0.0',
      '192.169.0.0',
      'fbff::1',
      'fe00::1'.replace('fe00', '2001:4860'),
    ]) {
      expect(destinationRefusal(a, production), a).toBeNull();
    }
  });

  it('always refuses what is neither public nor a private network: multicast, broadcast, reserved, NAT64, 6to4, IPv4-compatible', () => {
    for (const a of [
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '192.0.2.1',
      '240.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '::a9fe:a9fe',
      '::7f00:1',
    ]) {
      expect(destinationRefusal(a, production), a).toMatch(/never allowed$/);
      expect(destinationRefusal(a, local), a).toMatch(/never allowed$/);
    }
  });

  it('lets an operator trust chosen ranges outside the local environment, never link-local', () => {
    const trusted = { allowPrivateNetworks: false, allowCidrs: ['10.20.0.0/16', 'fd00:1::/32', '169.254.0.0/16'] };
    expect(destinationRefusal('10.20.3.4', trusted)).toBeNull();
    expect(destinationRefusal('::ffff:10.20.3.4', trusted)).toBeNull();
    expect(destinationRefusal('fd00:1::5', trusted)).toBeNull();
    expect(destinationRefusal('10.21.0.1', trusted)).toMatch(/private/);
    expect(destinationRefusal('127.0.0.1', trusted)).toMatch(/loopback/);
    expect(destinationRefusal('169.254.169.254', trusted)).toMatch(/link-local/);
  });

  it('refuses what is not an IP address', () => {
    expect(destinationRefusal('example.com', local)).toBe('example.com is not an IP address');
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('10.0.0.1')).toBe(true);
  });
});
