import * as z from './zod.js';
import { described, nextCursor, paginationQuery, reason, timestamp, uuid } from './common.js';
import { GOVERNANCE_LIMITS } from '../domain/governance/settings.js';
import { CHANGE_KINDS } from '../domain/governance/change-kinds.js';

/** Governance settings and changes (snake_case, like the other tenant-administration resources). docs/governance.md. */
export const GovernanceSettings = z.lazySchema(() =>
  z.withMeta(
    z.object({
      quorum: z.withMeta(z.int().check(z.gte(1)), {
        description: 'Distinct admins a governance change needs (1: changes apply when requested).',
      }),
      change_ttl_hours: z.withMeta(z.int().check(z.gte(1)), {
        description: 'How long a pending change waits for its quorum.',
      }),
      address_cooling_hours: z.withMeta(z.int().check(z.gte(0)), {
        description:
          'How long a new address-book entry waits before transfers may use it (0: at once). docs/policies.md, "Address book".',
      }),
      updated_at: described(
        z.nullable(timestamp()),
        'When the settings last changed; null while they are the defaults',
      ),
    }),
    { id: 'GovernanceSettings' },
  ),
);

export const UpdateGovernanceBody = z.lazySchema(() =>
  z.strictObject({
    quorum: z.withMeta(z.int().check(z.gte(1), z.lte(GOVERNANCE_LIMITS.quorum)), {
      description: `1..${GOVERNANCE_LIMITS.quorum}. Raising it applies at once; lowering it needs the current quorum.`,
    }),
    change_ttl_hours: described(
      z.optional(z.int().check(z.gte(1), z.lte(GOVERNANCE_LIMITS.changeTtlHours))),
      `1..${GOVERNANCE_LIMITS.changeTtlHours} hours a pending change waits for its quorum; changing it needs the current quorum`,
    ),
    address_cooling_hours: z.withMeta(
      z.optional(z.int().check(z.gte(0), z.lte(GOVERNANCE_LIMITS.addressCoolingHours))),
      {
        description: `0..${GOVERNANCE_LIMITS.addressCoolingHours} (default 24). Raising it applies at once; lowering it needs the current quorum.`,
      },
    ),
  }),
);

const decider = () => ({
  user_id: described(z.string(), 'The admin who decided'),
  key_id: described(z.string(), 'The credential they used'),
  at: described(timestamp(), 'When'),
});
const Decision = () => z.object(decider());
export const CHANGE_STATUSES = ['PENDING', 'APPLIED', 'REJECTED', 'EXPIRED', 'FAILED'] as const;

export const Change = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The change id'),
      kind: described(z.enum(CHANGE_KINDS), 'The governed operation (docs/governance.md, Governed operations)'),
      status: described(z.enum(CHANGE_STATUSES), 'PENDING until decided; APPLIED, REJECTED, EXPIRED or FAILED after'),
      quorum: described(z.int().check(z.gte(1)), 'Distinct admins it needs, the quorum when it was requested'),
      command: z.withMeta(z.unknown(), { description: 'The operation and its input, as the route received it.' }),
      before: z.withMeta(z.unknown(), {
        description: 'What it changes, as it was when requested (null for a creation).',
      }),
      after: z.withMeta(z.unknown(), {
        description: 'What the operation answered when tried at request time: the state it will leave.',
      }),
      requested_by: described(Decision(), 'The admin who requested it (their approval counts)'),
      approvals: z.withMeta(z.array(Decision()), { description: 'Distinct admins who approved, the requester first.' }),
      rejection: described(
        z.nullable(z.object({ ...decider(), reason: described(z.nullable(z.string()), 'The reason given, or null') })),
        'Who rejected it and why; null unless REJECTED',
      ),
      failure_reason: z.withMeta(z.nullable(z.string()), { description: 'Why a FAILED change did not apply.' }),
      result: z.withMeta(z.unknown(), {
        description: "The operation's answer once APPLIED (e.g. the created policy).",
      }),
      created_at: described(timestamp(), 'When it was requested'),
      expires_at: described(timestamp(), 'When it expires if the quorum is not reached by then'),
      decided_at: described(
        z.nullable(timestamp()),
        'When it was applied, rejected, expired or failed; null while PENDING',
      ),
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
      secret: z.withMeta(z.string(), {
        description: "The new credential's secret, shown this once and kept nowhere; it works once the change applies.",
      }),
    }),
    { id: 'ChangeWithSecret' },
  ),
);

/** The schema of a governed route's 202 answer. */
export const deferredAnswer = (route: { secretInAnswer?: true }) =>
  route.secretInAnswer ? ChangeWithSecret() : Change();
export const ChangeList = z.lazySchema(() =>
  z.object({ changes: described(z.array(Change()), 'Changes, newest first'), next_cursor: nextCursor() }),
);
export const ChangeListQuery = z.lazySchema(() =>
  z.object({
    ...paginationQuery().shape,
    status: described(z.optional(z.enum(CHANGE_STATUSES)), 'Only changes in this status'),
  }),
);
export const DecideChangeBody = z.lazySchema(() =>
  z.strictObject({ reason: described(z.optional(reason()), 'Why, recorded on the change and in the audit log') }),
);
