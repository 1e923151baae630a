/**
 * IP addresses and CIDR blocks as the tenant IP allowlist reads them (the `cidr` schema and the check at
 * authentication): Node's own parser for IPv6 (node:net, taken with `process.getBuiltinModule` at the first IPv6
 * address read: the SDK loads node:net anyway, but an ES import of it built its facade, about 0.4 ms of every API
 * function's import) and a few lines for IPv4, in place of ipaddr.js (13 KB in every API function). Accepts and
 * refuses what ipaddr.js did, so stored allowlists keep their meaning:
 *  - IPv4 in the inet_aton notations: four parts, or fewer with the last part filling the remaining bytes
 *    (`127.1`, `10`, `3232235777`), each part decimal, octal with a leading zero (`010` is 8) or hex (`0x0a`);
 *  - IPv6 in the RFC 4291 text forms (compression, an embedded dotted IPv4 tail), with an optional zone id
 *    (`fe80::1%eth0`, ignored); the deprecated `::a.b.c.d` is read as `::ffff:a.b.c.d`, as ipaddr.js did;
 *  - a CIDR block `<address>/<prefix>` with a decimal prefix up to 32 (IPv4) or 128 (IPv6); host bits may be set
 *    (`10.0.0.1/8` is the block 10.0.0.0/8).
 * One difference, on the side of refusing: a dotted IPv4 tail inside an IPv6 address written other than in plain
 * decimal (`::ffff:01.2.3.4`, `::0x1.2.3.4`), which ipaddr.js took (reading `010` there as ten, not eight) and Node
 * refuses.
 */
export type IpAddress = { v: 4 | 6; n: bigint };

const isIPv6 = (s: string) => process.getBuiltinModule('node:net').isIPv6(s);

const V4_PART = /^(?:0x[0-9a-f]+|\d+)$/i;
const ZONE = /%[0-9a-z]+$/i;
const MAPPED_PREFIX = 0xffffn << 32n;

function v4Part(p: string): number {
  if (/^0x/i.test(p)) return parseInt(p, 16);
  if (/^0\d/.test(p)) return /^0[0-7]+$/.test(p) ? parseInt(p, 8) : NaN;
  return parseInt(p, 10);
}

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length > 4 || !parts.every((p) => V4_PART.test(p))) return null;
  const nums = parts.map(v4Part);
  const last = nums.pop()!;
  if (nums.some((x) => !(x <= 255)) || !(last < 2 ** (8 * (4 - nums.length)))) return null;
  return BigInt(nums.reduce((acc, x, i) => acc + x * 2 ** (24 - 8 * i), 0) + last);
}

function parseV6(s: string): bigint | null {
  const bare = s.replace(ZONE, '');
  const deprecated = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(bare); // ::a.b.c.d, read as IPv4-mapped (as ipaddr.js did)
  if (deprecated) {
    const v4 = isIPv6(`::ffff:${deprecated[1]}`) ? parseV4(deprecated[1]!) : null;
    return v4 === null ? null : MAPPED_PREFIX | v4;
  }
  if (!isIPv6(bare)) return null;
  const tail: number[] = [];
  let head = bare;
  const lastColon = bare.lastIndexOf(':');
  if (bare.includes('.', lastColon)) {
    const v4 = Number(parseV4(bare.slice(lastColon + 1)));
    tail.push(v4 >>> 16, v4 & 0xffff);
    head = bare.slice(0, bare.endsWith('::', lastColon + 1) ? lastColon + 1 : lastColon);
  }
  const groups = (h: string) => (h ? h.split(':').map((g) => parseInt(g, 16)) : []);
  const [left, right] = head.split('::') as [string, string | undefined];
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const all = [...l, ...Array<number>(8 - tail.length - l.length - r.length).fill(0), ...r, ...tail];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** The address, or null when `s` is not one (see above for the notations). */
export function parseIp(s: string): IpAddress | null {
  if (s.includes(':')) {
    const n = parseV6(s);
    return n === null ? null : { v: 6, n };
  }
  const n = parseV4(s);
  return n === null ? null : { v: 4, n };
}

/** The block `<address>/<prefix>`, or a bare address as a block of one; null when `s` is neither. */
export function parseCidr(s: string): { ip: IpAddress; prefix: number } | null {
  const slash = s.lastIndexOf('/');
  const ip = parseIp(slash < 0 ? s : s.slice(0, slash));
  if (!ip) return null;
  const bits = ip.v === 4 ? 32 : 128;
  if (slash < 0) return { ip, prefix: bits };
  const p = s.slice(slash + 1);
  const prefix = /^\d+$/.test(p) ? parseInt(p, 10) : NaN;
  return prefix <= bits ? { ip, prefix } : null;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries; any other unchanged. */
export function unmapped(ip: IpAddress): IpAddress {
  return ip.v === 6 && ip.n >> 32n === 0xffffn ? { v: 4, n: ip.n & 0xffffffffn } : ip;
}

/** Whether `ip` is in the block (the first `prefix` bits equal); false across families. */
export function inBlock(ip: IpAddress, block: { ip: IpAddress; prefix: number }): boolean {
  if (ip.v !== block.ip.v) return false;
  const shift = BigInt((ip.v === 4 ? 32 : 128) - block.prefix);
  return ip.n >> shift === block.ip.n >> shift;
}
