import type { Store } from '../ports/store.js';
import type { UnitOfWork } from './unit-of-work.js';
import type { Principal } from './identity/authenticate.js';
import type { CursorCodec } from './cursor-codec.js';

/** What a use case gets: the ports it may read from, the unit of work it writes into, the time, the caller, and its cursor codec. */
export type UseCaseContext = {
  store: Store;
  uow: UnitOfWork;
  now: Date;
  principal: Principal;
  /** Signs and checks list cursors, bound to the caller's tenant. */
  cursors: CursorCodec;
};
