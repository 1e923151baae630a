import type { ZlibOptions } from 'node:zlib';

/**
 * Raw deflate, as the stored idempotent answers and the audit record bodies use it, with node:zlib taken at the first
 * (de)compression rather than at the cold start: loading it costs about 1.4 ms of CPU in the cold import of every
 * function that reaches these modules, and a request that writes no answer and reads or writes no audit entry never
 * needs it (docs/benchmarks.md, "What keeps a cold start small").
 */
const zlib = () => process.getBuiltinModule('node:zlib');

export const deflateRaw = (data: string | Uint8Array): Buffer => zlib().deflateRawSync(data);
export const inflateRaw = (data: Uint8Array, options?: ZlibOptions): Buffer => zlib().inflateRawSync(data, options);
