import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ReadableStream as StandIn } from '../../shared/adapters/aws/web-readable-stream.js';

/** The stand-in for node:stream/web's ReadableStream that function bundles give @middy/core (lib/function-bundle.ts). */
describe('web ReadableStream stand-in', () => {
  it('recognises what the runtime class recognises, and nothing else', () => {
    expect(new globalThis.ReadableStream() instanceof StandIn).toBe(true);
    expect(Readable.toWeb(Readable.from(['x'])) instanceof StandIn).toBe(true);
    expect(Readable.from(['x']) instanceof StandIn).toBe(false);
    expect((new String('body') as object) instanceof StandIn).toBe(false);
    expect({ getReader: () => undefined } instanceof StandIn).toBe(false);
  });
});
