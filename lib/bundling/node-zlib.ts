import { createRequire } from 'node:module';

/**
 * Stands in for `node:zlib` within the Lambda bundles (lib/function-bundle.ts), as node-http.ts does for `node:http`:
 * the same module, reached through `require`, which skips building its ES facade (about 0.3 ms of CPU at the cold
 * start of every function that reads or writes audit records: shared/domain/audit/audit-record.ts compresses their
 * bodies). An importer that needs a name not exported here fails the build, never at run time.
 */
const zlib = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');

export default zlib;
export const {
  constants,
  crc32,
  deflateRawSync,
  inflateRawSync,
  deflateSync,
  inflateSync,
  gzipSync,
  gunzipSync,
  unzipSync,
  brotliCompressSync,
  brotliDecompressSync,
  deflateRaw,
  inflateRaw,
  deflate,
  inflate,
  gzip,
  gunzip,
  unzip,
  brotliCompress,
  brotliDecompress,
  createDeflateRaw,
  createInflateRaw,
  createDeflate,
  createInflate,
  createGzip,
  createGunzip,
  createUnzip,
  createBrotliCompress,
  createBrotliDecompress,
} = zlib;
