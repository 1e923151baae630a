import * as z from './zod.js';
import { name, timestamp, uuid, paginationQuery, uint, nextCursor, createdAt, updatedAt, described } from './common.js';

/** Request and response schemas of credentials (snake_case, as interface 2.3 and DESIGN.md 2). */
export const Credential = z.lazySchema(() => z.withMeta(z.object({
    key_id: z.string(),
    kind: z.withMeta(z.enum(['api_key', 'session']), { description: '`api_key` (made through this API) or `session` (issued by a single sign-on)' }),
    user_id: uuid(),
    name: z.string(),
    status: z.enum(['provisioned', 'active', 'rotated', 'revoked']),
    created_at: createdAt(),
    updated_at: updatedAt(),
    last_used_at: z.nullable(timestamp()),
    rotated_at: z.nullable(timestamp()),
    grace_until: z.nullable(timestamp()),
    replaced_by: z.nullable(z.string()),
    revoked_at: z.nullable(timestamp()),
    expires_at: z.withMeta(z.nullable(timestamp()), { description: 'When a session ends; null for API keys' }),
  }), { id: 'Credential' }));

export const CredentialWithSecret = z.lazySchema(() => z.withMeta(z.extend(Credential(), { secret: z.withMeta(z.string(), { description: 'Shown once; store it now.' }) }), { id: 'CredentialWithSecret' }));

export const CreateCredentialBody = z.lazySchema(() => z.strictObject({ user_id: uuid(), name: name() }));
export const RotateCredentialBody = z.lazySchema(() => z.strictObject({ key_id: z.string().check(z.minLength(1), z.maxLength(64)), grace_period_seconds: z.optional(uint()), name: z.optional(name()) }));
export const RotatedCredential = z.lazySchema(() => z.withMeta(z.extend(CredentialWithSecret(), { rotated: Credential() }), { id: 'RotatedCredential' }));
export const CredentialList = z.lazySchema(() => z.object({ credentials: z.array(Credential()), next_cursor: nextCursor() }));
export const CredentialListQuery = z.lazySchema(() => z.extend(paginationQuery(), { user_id: z.optional(uuid()) }));
export const KeyIdParam = z.lazySchema(() => z.object({ key_id: described(z.string().check(z.minLength(1), z.maxLength(64)), 'The credential\'s key id (`pqck_...`)') }));
