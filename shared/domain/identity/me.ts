import type { UseCaseContext } from '../context.js';
import { userView } from './users.js';

/**
 * `GET /v1/me`: the caller as the request resolved it (tenant, user, roles, permissions, the credential's kind and
 * expiry), so a client such as the approver console shows only the actions the caller may take. A credential record
 * without a kind is an API key (session credentials carry `kind: 'session'` and `expires_at`).
 */
export function describeCaller(ctx: Pick<UseCaseContext, 'principal'>) {
  const { principal } = ctx;
  const credential = principal.credential as typeof principal.credential & {
    kind?: string;
    expires_at?: string | null;
  };
  return {
    tenant_id: principal.tenantId,
    user: userView(principal.user),
    roles: [...principal.user.role_ids],
    permissions: [...principal.permissions].sort(),
    credential: {
      key_id: credential.key_id,
      kind: credential.kind ?? 'api_key',
      expires_at: credential.expires_at ?? null,
    },
  };
}
