import * as z from './zod.js';
import { paginationQuery, reason, timestamp, uuid } from './common.js';
import { GOVERNANCE_LIMITS } from '../domain/governance/settings.js';
import { CHANGE_KINDS } from '../domain/governance/commands.js';

/** Governance settings and changes (snake_case, like the other tenant-administration resources). docs/governance.md. */
export const GovernanceSettings = z.lazySchema(() =>
  z.withMeta(
    z.object({
      quorum: z.withMeta(z.int().check(z.gte(1)), { description: 'Distinct admins a governance change needs (1: changes apply when requested).' }),
      change_ttl_hours: z.withMeta(z.int().check(z.gte(1)), { description: 'How long a pending change waits for its quorum.' }),
      updated_at: z.nullable(timestamp()),
    }),
    { id: 'GovernanceSettings' },
  ),
);

export const UpdateGovernanceBody = z.lazySchema(() =>
  z.strictObject({
    quorum: z.withMeta(z.int().check(z.gte(1), z.lte(GOVERNANCE_LIMITS.quorum)), { description: `1..${GOVERNANCE_LIMITS.quorum}. Raising it applies at once; lowering it needs the current quorum.` }),
    change_ttl_hours: z.optional(z.int().check(z.gte(1), z.lte(GOVERNANCE_LIMITS.changeTtlHours))),
  }),
);

const Decision = () => z.object({ user_id: z.string(), key_id: z.string(), at: timestamp() });
export const CHANGE_STATUSES = ['PENDING', 'APPLIED', 'REJECTED', 'EXPIRED', 'FAILED'] as const;

export const Change = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: uuid(),
      kind: z.enum(CHANGE_KINDS),
      status: z.enum(CHANGE_STATUSES),
      quorum: z.int().check(z.gte(1)),
      command: z.withMeta(z.unknown(), { description: 'The operation and its input, as the route received it.' }),
      before: z.withMeta(z.unknown(), { description: 'What it changes, as it was when requested (null for a creation).' }),
      after: z.withMeta(z.unknown(), { description: 'What the operation answered when tried at request time: the state it will leave.' }),
      requested_by: Decision(),
      approvals: z.withMeta(z.array(Decision()), { description: 'Distinct admins who approved, the requester first.' }),
      rejection: z.nullable(z.object({ user_id: z.string(), key_id: z.string(), at: timestamp(), reason: z.nullable(z.string()) })),
      failure_reason: z.withMeta(z.nullable(z.string()), { description: 'Why a FAILED change did not apply.' }),
      result: z.withMeta(z.unknown(), { description: 'The operation\'s answer once APPLIED (e.g. the created policy).' }),
      created_at: timestamp(),
      expires_at: timestamp(),
      decided_at: z.nullable(timestamp()),
    }),
    { id: 'Change' },
  ),
);

/**
 * The 202 answer of a governed route that answers a secret (`secretInAnswer`: a credential for another user): the
 * pending change and the secret, shown this once to the requester and kept nowhere (docs/governance.md).
 */
export const ChangeWithSecret = z.lazySchema(() =>
  z.withMeta(
    z.object({
      ...Change().shape,
      secret: z.withMeta(z.string(), { description: "The new credential's secret, shown this once and kept nowhere; it works once the change applies." }),
    }),
    { id: 'ChangeWithSecret' },
  ),
);

/** The schema of a governed route's 202 answer. */
export const deferredAnswer = (route: { secretInAnswer?: true }) => (route.secretInAnswer ? ChangeWithSecret() : Change());
export const ChangeList = z.lazySchema(() => z.object({ changes: z.array(Change()), next_cursor: z.nullable(z.string()) }));
export const ChangeListQuery = z.lazySchema(() => z.object({ ...paginationQuery().shape, status: z.optional(z.enum(CHANGE_STATUSES)) }));
export const DecideChangeBody = z.lazySchema(() => z.strictObject({ reason: z.optional(reason()) }));
