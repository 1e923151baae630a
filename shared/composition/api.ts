import { BASE_PORTS } from './base.js';
import { keys } from './keys.js';

/**
 * The ports the request pipeline uses, which every API function declares: the settings, the clock, the table and the
 * service's keys (list cursors, sealed idempotent answers, the audit record MAC; grant `audit-mac`).
 */
export const API_PORTS = { ...BASE_PORTS, keys };
