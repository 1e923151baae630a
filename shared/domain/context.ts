import type { Store } from '../ports/store.js';
import type { UnitOfWork } from './unit-of-work.js';
import type { Principal } from './identity/authenticate.js';

/** What a use case gets: the ports it may read from, the unit of work it writes into, the time, and the caller. */
export type UseCaseContext = {
  store: Store;
  uow: UnitOfWork;
  now: Date;
  principal: Principal;
};
