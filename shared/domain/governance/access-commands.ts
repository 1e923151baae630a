import { keys } from '../../store/keys.js';
import type { UseCaseContext } from '../context.js';
import { roleId } from '../permissions/matrix.js';
import {
  createCredentialFrom,
  credentialOwner,
  rotateCredentialFrom,
  type CreateCredentialInput,
  type CredentialMaterial,
  type RotateCredentialInput,
} from '../identity/credentials.js';
import { createUser, type CreateUserInput } from '../identity/users.js';
import { loadVisibleTenant, tenantView, updateTenant, type UpdateTenantInput } from '../tenants/tenants.js';
import {
  connectionView,
  deleteConnection,
  loadConnection,
  putConnection,
  requireConnection,
  type SsoConnectionInput,
  type SsoKind,
} from '../sso/connections.js';
import type { CommandDef, Expectation } from './commands.js';

/**
 * Governed operations on who can reach the tenant and as whom: a credential for another user, the tenant's IP
 * allowlist, the SSO connections (and so their role mappings), and a new user created with a role that decides (admin
 * or approver). With a quorum above 1 each waits for it like a policy change (docs/governance.md); a pending change
 * keeps no secret in clear: a credential keeps its key id and the secret's hash (the requester was shown the secret
 * once), an SSO connection its sealed client secret.
 */
export type AccessChangeCommand =
  | { kind: 'credential.create'; input: CreateCredentialInput; key_id: string; secret_hash: string }
  | { kind: 'credential.rotate'; input: RotateCredentialInput; key_id: string; secret_hash: string }
  | { kind: 'tenant.update'; tenant_id: string; input: UpdateTenantInput }
  | { kind: 'sso.connection_put'; sso_kind: SsoKind; input: SsoConnectionInput }
  | { kind: 'sso.connection_delete'; sso_kind: SsoKind }
  | { kind: 'user.create'; input: CreateUserInput };

export type AccessChangeKind = AccessChangeCommand['kind'];
export const ACCESS_CHANGE_KINDS = [
  'credential.create',
  'credential.rotate',
  'tenant.update',
  'sso.connection_put',
  'sso.connection_delete',
  'user.create',
] as const satisfies readonly AccessChangeKind[];

/** The roles that decide: who approves governance changes, and who approves transfers. */
export const DECIDING_ROLES: readonly string[] = [roleId('admin'), roleId('approver')];

export const credentialMaterialOf = (cmd: { key_id: string; secret_hash: string }): CredentialMaterial => ({
  key_id: cmd.key_id,
  secret_hash: cmd.secret_hash,
});

async function currentConnection(ctx: UseCaseContext, kind: SsoKind, required: boolean) {
  const c = required
    ? await requireConnection(ctx.store, ctx.principal.tenantId, kind)
    : await loadConnection(ctx.store, ctx.principal.tenantId, kind);
  const expects: Expectation[] = [
    {
      key: keys.ssoConnection(ctx.principal.tenantId, kind),
      version: c?.version ?? 0,
      what: `the ${kind.toUpperCase()} connection`,
    },
  ];
  return { before: c ? connectionView(c) : null, expects };
}

export const ACCESS_COMMANDS: { [K in AccessChangeKind]: CommandDef<K> } = {
  'credential.create': {
    // A credential for oneself adds no one who could approve: approvals count distinct users, and suspending the user
    // stops every key it holds. A credential for another user (another admin) would be a second approver.
    governed: (cmd, _settings, ctx) => cmd.input.user_id !== ctx.principal.userId,
    current: async (ctx, cmd) => ({
      before: null,
      expects: [{ key: keys.credential(cmd.key_id), version: 0, what: `credential ${cmd.key_id}` }],
    }),
    apply: (ctx, cmd) => createCredentialFrom(ctx, cmd.input, credentialMaterialOf(cmd)),
    shown: ({ secret_hash: _hash, ...cmd }) => cmd,
  },
  'credential.rotate': {
    // Rotating another user's key hands the caller that user's new secret: as much a second voice as a new credential.
    governed: async (cmd, _settings, ctx) =>
      (await credentialOwner(ctx, cmd.input.key_id)).user_id !== ctx.principal.userId,
    // Not the old credential's version: its first use moves it (provisioned to active). The use case checks again
    // that it is neither revoked nor rotated, and its write is conditioned on the version it reads then.
    current: async (ctx, cmd) => ({
      before: { key_id: cmd.input.key_id, user_id: (await credentialOwner(ctx, cmd.input.key_id)).user_id },
      expects: [{ key: keys.credential(cmd.key_id), version: 0, what: `credential ${cmd.key_id}` }],
    }),
    apply: (ctx, cmd, deps) =>
      rotateCredentialFrom(
        ctx,
        cmd.input,
        {
          defaultSeconds: deps.config.CUSTODY_CREDENTIAL_GRACE_SECONDS,
          maxSeconds: deps.config.CUSTODY_CREDENTIAL_MAX_GRACE_SECONDS,
        },
        credentialMaterialOf(cmd),
      ),
    shown: ({ secret_hash: _hash, ...cmd }) => cmd,
  },
  'tenant.update': {
    governed: (cmd) => cmd.input.ip_allowlist !== undefined,
    current: async (ctx, cmd) => {
      const t = await loadVisibleTenant(ctx, cmd.tenant_id);
      return {
        before: tenantView(t),
        expects: [{ key: keys.tenant(t.id), version: t.version, what: `tenant ${t.id}` }],
      };
    },
    apply: (ctx, cmd) => updateTenant(ctx, cmd.tenant_id, cmd.input),
  },
  'sso.connection_put': {
    current: (ctx, cmd) => currentConnection(ctx, cmd.sso_kind, false),
    apply: (ctx, cmd) => putConnection(ctx, cmd.sso_kind, cmd.input),
    shown: ({ input: { sealed_secrets, ...input }, ...cmd }) => ({
      ...cmd,
      input: { ...input, secrets_set: Object.keys(sealed_secrets).sort() },
    }),
  },
  'sso.connection_delete': {
    current: (ctx, cmd) => currentConnection(ctx, cmd.sso_kind, true),
    apply: async (ctx, cmd) => {
      await deleteConnection(ctx, cmd.sso_kind);
      return null;
    },
  },
  'user.create': {
    governed: (cmd) => (cmd.input.role_ids ?? []).some((r) => DECIDING_ROLES.includes(r)),
    current: async (ctx, cmd) => {
      const tenantId = ctx.principal.tenantId;
      const expects: Expectation[] = [
        {
          key: keys.userEmail(tenantId, cmd.input.email),
          version: 0,
          what: `a user with e-mail ${cmd.input.email.toLowerCase()}`,
        },
      ];
      if (cmd.input.external_id)
        expects.push({
          key: keys.userExternalId(tenantId, cmd.input.external_id),
          version: 0,
          what: `a user with external id ${cmd.input.external_id}`,
        });
      return { before: null, expects };
    },
    apply: (ctx, cmd) => createUser(ctx, cmd.input),
  },
};
