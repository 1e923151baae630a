import type { RouteDef } from '../route.js';
import { metaRoutes } from './meta.js';
import { tenantRoutes } from './tenants.js';
import { credentialRoutes } from './credentials.js';
import { auditRoutes } from './audit.js';
import { userRoutes } from './users.js';
import { roleRoutes } from './roles.js';

/**
 * Every route of the API. API Gateway, the local server, the OpenAPI document and the permission tests read this
 * list; a function imports only its own family's file, so its bundle stays small.
 */
export const ALL_ROUTES: readonly RouteDef[] = [
  ...Object.values(metaRoutes),
  ...Object.values(tenantRoutes),
  ...Object.values(credentialRoutes),
  ...Object.values(auditRoutes),
  ...Object.values(userRoutes),
  ...Object.values(roleRoutes),
];
