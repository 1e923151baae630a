import type { Store } from '../../ports/store.js';
import type { SecretBox } from '../../ports/secret-box.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { anyMap, versioned } from '../../store/stored-schema.js';
import type { UseCaseContext } from '../context.js';
import { ValidationError } from '../../errors/domain-errors.js';
import { roleNameOf } from '../permissions/matrix.js';
import { refusal } from './refusals.js';

/**
 * Single sign-on connections: one per kind (`oidc`, `saml`) per tenant, in the tenant partition. A connection has
 * kind-specific `settings` (issuer and client id; IdP entity id and certificate...), sealed `secrets` (client secret)
 * that are never answered, and the method-neutral mapping fields that turn a verified identity into a user.
 */
export type SsoKind = 'oidc' | 'saml';
export const SSO_KINDS: readonly SsoKind[] = ['oidc', 'saml'];

/** Claim value -> the system role ids it grants. */
export type RoleMapping = Record<string, string[]>;

export type SsoMapping = {
  /** E-mail domains (lowercase) a signing-in identity may have; empty: any domain (the user must still exist). */
  allowed_email_domains: string[];
  /** The claim (OIDC) or attribute (SAML) that carries group names; default `groups`. */
  role_claim: string;
  /** When not empty, the user's roles are set to the mapped ones at every sign-in (the IdP decides). */
  role_mapping: RoleMapping;
  /** Create an unknown (verified, allowed-domain) user at its first sign-in, `sso_only`, with its mapped roles. */
  jit_provisioning: boolean;
  /** Origins besides the service's own that `return_to` may point at (e.g. a console served elsewhere). */
  allowed_return_origins: string[];
};

export type SsoConnectionRecord = SsoMapping & {
  tenant_id: string;
  kind: SsoKind;
  settings: Record<string, unknown>;
  /** Secret name -> sealed value (SecretBox, bound to tenant, kind and name). */
  sealed_secrets: Record<string, string>;
  created_at: string;
  updated_at: string;
  version: number;
};

/**
 * What a connection write needs, its secrets already sealed (`sealConnectionSecrets`): the route seals them, so a write
 * held for the governance quorum keeps only sealed values in its pending change, and applying it opens nothing.
 */
export type SsoConnectionInput = {
  settings: Record<string, unknown>;
  /** Secret name -> sealed value; a secret left out keeps the stored one; every name in `required_secrets` is needed on first create. */
  sealed_secrets: Record<string, string>;
  required_secrets: string[];
  mapping: Partial<SsoMapping>;
};

export const DEFAULT_ROLE_CLAIM = 'groups';

const ConnectionItem = z.lazySchema(() =>
  z.object({
    tenant_id: z.string(),
    kind: z.enum(['oidc', 'saml']),
    settings: anyMap(),
    sealed_secrets: z.record(z.string(), z.string()),
    // The mapping's fields: each checked when present (a connection stored before one existed lacks it).
    allowed_email_domains: z.optional(z.array(z.string())),
    role_claim: z.optional(z.string()),
    role_mapping: z.optional(z.record(z.string(), z.array(z.string()))),
    jit_provisioning: z.optional(z.boolean()),
    allowed_return_origins: z.optional(z.array(z.string())),
    ...versioned(),
  }),
);
export const decodeConnection = schemaDecoder<SsoConnectionRecord>('sso_connection', ConnectionItem);

const sealContext = (tenantId: string, kind: SsoKind, name: string) => ({
  tenant_id: tenantId,
  purpose: `sso:${kind}:${name}`,
});

/** A connection as the API shows it: its settings and mapping, the names of the secrets set, never a secret. */
export function connectionView(c: SsoConnectionRecord) {
  return {
    kind: c.kind,
    ...c.settings,
    allowed_email_domains: c.allowed_email_domains,
    role_claim: c.role_claim,
    role_mapping: c.role_mapping,
    jit_provisioning: c.jit_provisioning,
    allowed_return_origins: c.allowed_return_origins,
    secrets_set: Object.keys(c.sealed_secrets).sort(),
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export async function loadConnection(
  store: Store,
  tenantId: string,
  kind: SsoKind,
): Promise<SsoConnectionRecord | undefined> {
  return decodeConnection(await store.get(keys.ssoConnection(tenantId, kind)));
}

/** The connection a sign-in uses, or 404 1010. */
export async function requireConnection(store: Store, tenantId: string, kind: SsoKind): Promise<SsoConnectionRecord> {
  const c = await loadConnection(store, tenantId, kind);
  if (!c) throw refusal('SSO_NOT_CONFIGURED', 'not_configured', `the tenant has no ${kind.toUpperCase()} connection`);
  return c;
}

export async function openConnectionSecret(box: SecretBox, c: SsoConnectionRecord, name: string): Promise<string> {
  const sealed = c.sealed_secrets[name];
  if (!sealed) throw new Error(`connection ${c.kind} of tenant ${c.tenant_id} has no secret ${name}`);
  return box.open(sealed, sealContext(c.tenant_id, c.kind, name));
}

const normaliseOrigin = (o: string) => {
  const u = new URL(o);
  if (u.origin === 'null' || (u.protocol !== 'https:' && u.protocol !== 'http:'))
    throw new ValidationError(`allowed_return_origins: ${o} is not an http(s) origin`);
  return u.origin;
};

function mappingOf(input: Partial<SsoMapping>): SsoMapping {
  const role_mapping: RoleMapping = {};
  for (const [claimValue, roles] of Object.entries(input.role_mapping ?? {})) {
    // A role id in the body that names no role is a bad value of the request (400 1100), not a missing resource.
    roles.forEach((role, i) => {
      if (!roleNameOf(role))
        throw new ValidationError(
          `role_mapping: ${JSON.stringify(claimValue)} maps to ${JSON.stringify(role)}, which is not a role (GET /v1/roles)`,
          { field: `role_mapping.${claimValue}.${i}`, role },
        );
    });
    role_mapping[claimValue] = [...new Set(roles)];
  }
  return {
    allowed_email_domains: [...new Set((input.allowed_email_domains ?? []).map((d) => d.toLowerCase()))],
    role_claim: input.role_claim ?? DEFAULT_ROLE_CLAIM,
    role_mapping,
    jit_provisioning: input.jit_provisioning ?? false,
    allowed_return_origins: [...new Set((input.allowed_return_origins ?? []).map(normaliseOrigin))],
  };
}

/** Seals the secrets given (a secret left undefined is not sent again, and keeps the stored one). */
export async function sealConnectionSecrets(
  box: SecretBox,
  tenantId: string,
  kind: SsoKind,
  secrets: Record<string, string | undefined>,
): Promise<Record<string, string>> {
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets))
    if (value !== undefined) sealed[name] = await box.seal(value, sealContext(tenantId, kind, name));
  return sealed;
}

/** Creates or replaces the tenant's connection of this kind; secrets not given again are kept. */
export async function putConnection(ctx: UseCaseContext, kind: SsoKind, input: SsoConnectionInput) {
  const tenantId = ctx.principal.tenantId;
  const existing = await loadConnection(ctx.store, tenantId, kind);
  const sealed: Record<string, string> = { ...(existing?.sealed_secrets ?? {}), ...input.sealed_secrets };
  const missing = input.required_secrets.filter((n) => !sealed[n]);
  if (missing.length)
    throw new ValidationError(`${missing.join(', ')} is required when the connection is first created`, {
      field: missing[0],
    });
  const ts = ctx.now.toISOString();
  const record: SsoConnectionRecord = {
    tenant_id: tenantId,
    kind,
    settings: input.settings,
    sealed_secrets: sealed,
    ...mappingOf(input.mapping),
    created_at: existing?.created_at ?? ts,
    updated_at: ts,
    version: existing?.version ?? 0,
  };
  const item = { ...keys.ssoConnection(tenantId, kind), entity: 'sso_connection', ...record };
  if (existing) ctx.uow.replace(item);
  else ctx.uow.create({ ...item, version: 1 });
  const changedSecrets = Object.keys(input.sealed_secrets);
  ctx.uow.audit({
    tenantId,
    action: existing ? 'sso.connection_updated' : 'sso.connection_created',
    resourceType: 'sso_connection',
    resourceId: kind,
    change: { settings: input.settings, ...mappingOf(input.mapping), secrets_changed: changedSecrets },
  });
  return connectionView({ ...record, version: record.version + 1 });
}

export async function getConnection(ctx: Pick<UseCaseContext, 'store' | 'principal'>, kind: SsoKind) {
  return connectionView(await requireConnection(ctx.store, ctx.principal.tenantId, kind));
}

/** Deletes the connection; sessions it issued run until they expire or are signed out. */
export async function deleteConnection(ctx: UseCaseContext, kind: SsoKind): Promise<void> {
  const c = await requireConnection(ctx.store, ctx.principal.tenantId, kind);
  ctx.uow.delete(keys.ssoConnection(c.tenant_id, kind), { type: 'version', version: c.version });
  ctx.uow.audit({
    tenantId: c.tenant_id,
    action: 'sso.connection_deleted',
    resourceType: 'sso_connection',
    resourceId: kind,
  });
}
