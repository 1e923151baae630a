import type { AuditedStore } from '../../shared/domain/audit/record-mac.js';
import type { Store } from '../../shared/ports/store.js';
import { services } from '../../shared/composition/standalone.js';

/**
 * A store of a test's own (a memory store, a tracing or failing one) with the service keys of `services()`: what
 * commits and checks audit records there, the record MAC key the same as the functions' (the test key file).
 */
export const audited = (store: Store): AuditedStore => ({ store, keys: services().keys });
