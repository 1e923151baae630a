import { describe, expect, it } from 'vitest';
import * as z from '../../shared/schemas/zod.js';
import { cidr } from '../../shared/schemas/common.js';
import { ipAllowed } from '../../shared/domain/identity/ip-allowlist.js';
import { parseCidr, parseIp } from '../../shared/domain/ip-address.js';

const valid = (s: string) => z.safeParse(cidr(), s).success;

describe('IP allowlist entries (the cidr schema)', () => {
  it.each([
    '10.0.0.0/8',
    '127.0.0.1/32',
    '::1/128',
    '0.0.0.0/0',
    '::/0',
    '203.0.113.7',
    '2001:db8::1',
    '10.0.0.1/8', // host bits set: the block 10.0.0.0/8, as before
    '1.2.3.4/08', // a prefix with a leading zero
    '::ffff:10.0.0.0/104',
    '::ffff:10.0.0.1',
    '1:2:3:4:5:6:1.2.3.4', // IPv4-mapped and dotted tails
    'fe80::1%eth0',
    'fe80::1%eth0/64', // zone ids
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    'FE80::A',
    '1::',
    '::', // uncompressed, upper case, compression at the edges
    '127.1',
    '10/8',
    '3232235777',
    '010.0.0.1/8',
    '0x0a.0.0.0/8',
    '1.2.3.04', // the inet_aton IPv4 notations (ipaddr.js took them)
  ])('accepts %s', (s) => expect(valid(s)).toBe(true));

  it.each([
    '10.0.0.0/33',
    '::/129',
    '1.2.3.4/',
    '1.2.3.4/+8',
    '1.2.3.4/ 8',
    '1.2.3.4/8/8',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '',
    'x',
    '256.0.0.0',
    '1.2.3.4.5',
    '08.0.0.1',
    '0xg.0.0.1',
    '1.16777216',
    '4294967296',
    '1.2.3.-1',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '12345::',
    'fe80::1%',
    'g::1',
    '1:2:3:4:5:6:7:1.2.3.4',
    '::ffff:01.2.3.4', // a dotted tail in anything but plain decimal (ipaddr.js took it, reading 010 there as ten)
    '1.2.3.4/8'.padStart(65, '0'), // longer than 64
  ])('refuses %j', (s) => expect(valid(s)).toBe(false));

  it('reads the IPv4 notations as inet_aton does: octal with a leading zero, hex, a last part filling the bytes', () => {
    expect(parseIp('010.0.0.1')).toEqual(parseIp('8.0.0.1'));
    expect(parseIp('0x0a.0.0.1')).toEqual(parseIp('10.0.0.1'));
    expect(parseIp('127.1')).toEqual(parseIp('127.0.0.1'));
    expect(parseIp('10.1.258')).toEqual(parseIp('10.1.1.2'));
    expect(parseIp('3232235777')).toEqual(parseIp('192.168.1.1'));
    expect(parseIp('::1.2.3.4')).toEqual(parseIp('::ffff:1.2.3.4')); // the deprecated form, read as mapped (as before)
    expect(parseIp('2001:db8::0:1')).toEqual(parseIp('2001:0db8:0:0:0:0:0:1'));
    expect(parseIp('::ffff:a00:1')).toEqual(parseIp('::ffff:10.0.0.1'));
    expect(parseCidr('fe80::1%eth0/64')).toEqual(parseCidr('fe80::1/64'));
  });
});

describe('ipAllowed', () => {
  it('allows every address when the list is empty or null, and no missing or malformed source when it is not', () => {
    expect(ipAllowed(null, '203.0.113.7')).toBe(true);
    expect(ipAllowed([], undefined)).toBe(true);
    expect(ipAllowed(['0.0.0.0/0'], undefined)).toBe(false);
    expect(ipAllowed(['0.0.0.0/0'], 'not-an-ip')).toBe(false);
  });

  it('matches by prefix, host bits of the block ignored', () => {
    expect(ipAllowed(['10.0.0.0/8'], '10.255.1.2')).toBe(true);
    expect(ipAllowed(['10.0.0.1/8'], '10.255.1.2')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(ipAllowed(['203.0.113.7'], '203.0.113.7')).toBe(true);
    expect(ipAllowed(['203.0.113.7'], '203.0.113.8')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:ffff::1')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(ipAllowed(['fe80::/10'], 'fe80::1%eth0')).toBe(true);
    expect(ipAllowed(['bogus', '10.0.0.0/8'], '10.0.0.1')).toBe(true);
    expect(ipAllowed(['bogus'], '10.0.0.1')).toBe(false);
  });

  it('reads an IPv4-mapped source or block as the IPv4 address it carries', () => {
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:10.0.0.1')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:a00:1')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:11.0.0.1')).toBe(false);
    expect(ipAllowed(['::ffff:10.0.0.0/104'], '10.9.9.9')).toBe(true);
    expect(ipAllowed(['::ffff:10.0.0.0/104'], '11.9.9.9')).toBe(false);
    expect(ipAllowed(['::ffff:127.0.0.1'], '127.0.0.1')).toBe(true);
    expect(ipAllowed(['::ffff:10.0.0.0/80'], '10.0.0.0')).toBe(true); // below /96: the whole address, as before
    expect(ipAllowed(['::ffff:10.0.0.0/80'], '10.0.0.1')).toBe(false);
  });

  it('never matches across families otherwise', () => {
    expect(ipAllowed(['::/0'], '10.0.0.1')).toBe(false);
    expect(ipAllowed(['0.0.0.0/0'], '::1')).toBe(false);
    expect(ipAllowed(['0.0.0.0/0', '::/0'], '::1')).toBe(true);
  });
});
