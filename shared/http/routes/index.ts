import type { RouteDef } from '../route.js';
import { metaRoutes } from './meta.js';
import { tenantRoutes } from './tenants.js';
import { credentialRoutes } from './credentials.js';
import { auditRoutes } from './audit.js';
import { vaultRoutes } from './vaults.js';
import { walletRoutes } from './wallets.js';
import { assetRoutes } from './assets.js';
import { userRoutes } from './users.js';
import { roleRoutes } from './roles.js';
import { policyRoutes } from './policies.js';
import { transactionRoutes } from './transactions.js';
import { webhookRoutes } from './webhooks.js';
import { ssoRoutes } from './sso.js';
import { tokenRoutes } from './tokens.js';
import { governanceRoutes } from './governance.js';
import { addressBookRoutes } from './address-book.js';

/**
 * Every route of the API. API Gateway, the local server, the OpenAPI document and the permission tests read this
 * list; a function imports only its own family's file, so its bundle stays small.
 */
export const ALL_ROUTES: readonly RouteDef[] = [
  ...Object.values(metaRoutes),
  ...Object.values(tenantRoutes),
  ...Object.values(credentialRoutes),
  ...Object.values(auditRoutes),
  ...Object.values(vaultRoutes),
  ...Object.values(walletRoutes),
  ...Object.values(assetRoutes),
  ...Object.values(userRoutes),
  ...Object.values(roleRoutes),
  ...Object.values(policyRoutes),
  ...Object.values(transactionRoutes),
  ...Object.values(webhookRoutes),
  ...Object.values(ssoRoutes),
  ...Object.values(tokenRoutes),
  ...Object.values(governanceRoutes),
  ...Object.values(addressBookRoutes),
];
