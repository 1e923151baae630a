import * as z from './zod.js';
import { name, timestamp, uuid, paginationQuery, uint, nextCursor, createdAt, updatedAt, described } from './common.js';

/** Request and response schemas of credentials (snake_case: docs/api-conventions.md, "Requests and answers"). */
export const Credential = z.lazySchema(() =>
  z.withMeta(
    z.object({
      key_id: described(z.string(), 'The public half of the key (`pqck_...`), sent before the secret'),
      kind: z.withMeta(z.enum(['api_key', 'session']), {
        description: '`api_key` (made through this API) or `session` (issued by a single sign-on)',
      }),
      user_id: described(uuid(), 'The user it acts as; its roles give the permissions'),
      name: described(z.string(), 'A label for the key'),
      status: described(
        z.enum(['provisioned', 'active', 'rotated', 'revoked']),
        '`provisioned` until first used; `rotated` works until `grace_until`',
      ),
      created_at: createdAt(),
      updated_at: updatedAt(),
      last_used_at: described(z.nullable(timestamp()), 'When it last authenticated a request; null if never'),
      rotated_at: described(z.nullable(timestamp()), 'When it was rotated; null if not'),
      grace_until: described(z.nullable(timestamp()), 'When a rotated key stops working; null if not rotated'),
      replaced_by: described(z.nullable(z.string()), 'The key id that replaced it by rotation; null if not rotated'),
      revoked_at: described(z.nullable(timestamp()), 'When it was revoked; null if not'),
      expires_at: z.withMeta(z.nullable(timestamp()), { description: 'When a session ends; null for API keys' }),
    }),
    { id: 'Credential' },
  ),
);

export const CredentialWithSecret = z.lazySchema(() =>
  z.withMeta(z.extend(Credential(), { secret: z.withMeta(z.string(), { description: 'Shown once; store it now.' }) }), {
    id: 'CredentialWithSecret',
  }),
);

export const CreateCredentialBody = z.lazySchema(() =>
  z.strictObject({
    user_id: described(uuid(), 'The user the key acts as'),
    name: described(name(), 'A label for the key'),
  }),
);
export const RotateCredentialBody = z.lazySchema(() =>
  z.strictObject({
    key_id: described(
      z.string().check(z.minLength(1), z.maxLength(64)),
      'The key to rotate; it must not be rotated already',
    ),
    grace_period_seconds: described(
      z.optional(uint()),
      'Seconds the old key keeps working; 0 ends it now (default 24 h, at most 7 days)',
    ),
    name: described(z.optional(name()), "A label for the new key; defaults to the old key's"),
  }),
);
export const RotatedCredential = z.lazySchema(() =>
  z.withMeta(z.extend(CredentialWithSecret(), { rotated: described(Credential(), 'The old key, now `rotated`') }), {
    id: 'RotatedCredential',
  }),
);
export const CredentialList = z.lazySchema(() =>
  z.object({ credentials: described(z.array(Credential()), 'One page of credentials'), next_cursor: nextCursor() }),
);
export const CredentialListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), { user_id: described(z.optional(uuid()), 'Only the credentials of this user') }),
);
export const KeyIdParam = z.lazySchema(() =>
  z.object({
    key_id: described(z.string().check(z.minLength(1), z.maxLength(64)), "The credential's key id (`pqck_...`)"),
  }),
);
