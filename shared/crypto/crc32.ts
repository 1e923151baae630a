/**
 * CRC-32 (IEEE 802.3, the one zlib computes), table-driven, the table built at the first call: the API key checksum
 * (identity/credential-secret.ts) checks every presented secret with it, and `crc32` of node:zlib would load all of
 * zlib (about 1.4 ms of every API function's cold import) for these few lines.
 */
let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

export function crc32(bytes: Uint8Array): number {
  const t = (table ??= crcTable());
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
