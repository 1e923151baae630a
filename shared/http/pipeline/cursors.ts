import { CursorCodec } from '../../domain/cursor-codec.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { RouteDef } from '../route.js';

/**
 * The list cursors handed to a route, signed for the caller's tenant. Only a route that pages with cursors (its query
 * declares `cursor`: the pagination query of shared/schemas/common.ts) derives the cursor key, so a request that lists
 * nothing asks the key provider for nothing (on AWS, the KMS client is not even loaded: shared/composition/keys.ts).
 */
export async function cursorsFor(
  route: RouteDef,
  tenantId: string | undefined,
  svc: { keys: KeyProvider },
): Promise<CursorCodec> {
  return Object.hasOwn(route.query?.().shape ?? {}, 'cursor')
    ? new CursorCodec(await svc.keys.derivedKey('cursor'), tenantId ?? '')
    : NO_CURSORS;
}

/** The codec handed to a route that takes no cursor: using it is a programming error (its query should declare `cursor`). */
class NoCursors extends CursorCodec {
  constructor() {
    super(new Uint8Array(32), '');
  }
  override encode(): never {
    throw new Error('this route declares no cursor query parameter, so it has no cursor key');
  }
  override decode(): never {
    return this.encode();
  }
}
const NO_CURSORS = new NoCursors();
