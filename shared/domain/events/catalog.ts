import * as z from '../../schemas/zod.js';
import { REPLACEMENT_REASONS, STATUSES } from '../transactions/transition-table.js';
import { TRANSACTION_OPERATIONS, TX_OPERATIONS } from '../tokens/operations.js';
import { FAILURE_CODE_NAMES, SUB_STATUS_NAMES } from '../transactions/sub-status.js';
import { EVENT_API_VERSION, isEventType, type EventType } from './event-types.js';

export {
  EVENT_API_VERSION,
  EVENT_TYPES,
  eventEnvelope,
  isEventType,
  type EventEnvelope,
  type EventType,
} from './event-types.js';

/**
 * The event catalog: every event type the service emits (or will emit), with a schema of its `data`. The outbox
 * (`UnitOfWork.event`) only accepts a type listed here with data of its shape, so a wrong payload does not compile;
 * tests also parse every staged event against its schema (`parseEventData`). docs/events.md and the OpenAPI
 * `webhooks:` section are generated from this list (`npm run docs:events`).
 *
 * Adding an event: an entry here (schema, description, `emittedBy`), then `npm run docs:events`, which writes
 * docs/events.md and the list of the names (./event-type-list.ts: EVENT_TYPES without the schemas, for the code that
 * only routes and delivers events). Payloads only ever gain fields within an API version; a field is never removed or
 * retyped.
 */

const id = (what: string) => z.withMeta(z.string(), { description: `The ${what} id.` });
const d = <T extends z.ZodMiniType>(schema: T, description: string): T => z.withMeta(schema, { description });
const status = d(z.enum(STATUSES), 'The transaction status (docs/transactions.md).');
const subStatus = z.enum(SUB_STATUS_NAMES);
const operation = d(z.enum(TX_OPERATIONS), '`TRANSFER`, or the token operation (Beta).');
const txOperation = d(
  z.enum(TRANSACTION_OPERATIONS),
  '`TRANSFER`, a token operation (Beta), or `FILL_NONCE` (docs/transactions.md, Nonce gaps).',
);
const amount = z.withMeta(z.string().check(z.regex(/^\d+$/)), {
  description: "Integer amount in the asset's smallest unit, as a decimal string.",
});
const screeningResult = z.object({
  transaction_id: id('transaction'),
  provider: z.withMeta(z.string(), { description: 'The screening provider that answered.' }),
  result: d(z.enum(['clean', 'flagged', 'blocked']), "The provider's verdict."),
  reason: z.withMeta(z.nullable(z.string()), { description: "The provider's reason, if it gave one." }),
});
const deposit = z.object({
  deposit_id: id('deposit'),
  wallet_id: id('receiving wallet'),
  vault_id: id('vault'),
  asset_id: id('asset'),
  from: z.withMeta(z.string(), { description: 'Sender address.' }),
  amount,
  chain_tx_hash: d(z.string(), 'The chain transaction hash.'),
  block_number: d(z.int().check(z.nonnegative()), 'The block that includes it.'),
  confirmations: d(z.int().check(z.nonnegative()), 'Blocks from its block to the head, both counted.'),
});

type EventDef = {
  /** What happened, for the docs. */
  description: string;
  /** Where it is emitted, or `null` while the feature that emits it is not built yet. */
  emittedBy: string | null;
  /** Part of the interface's list of 12 (the others are additions of this project). */
  core: boolean;
  data: z.ZodMiniObject;
};

export const EVENT_CATALOG = {
  'transaction.created': {
    description: 'A new transaction was accepted (status `SUBMITTED`).',
    emittedBy: 'POST /v1/transactions',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      status: z.withMeta(status, {
        description:
          '`SUBMITTED`; `APPROVED` for a `FILL_NONCE` the service creates (docs/transactions.md, Nonce gaps).',
      }),
      source_wallet_id: id('source wallet'),
      destination_addr: z.withMeta(z.nullable(z.string()), {
        description:
          'Destination address as submitted; for a token operation its counterparty; null for DEPLOY_TOKEN (Beta).',
      }),
      asset_id: id('asset'),
      amount,
      external_id: z.withMeta(z.nullable(z.string()), { description: "The caller's own reference, if given." }),
      operation: z.withMeta(txOperation, {
        description:
          "`TRANSFER`, the token operation (Beta), or `FILL_NONCE` (the service's zero-value self-transfer at a lost nonce).",
      }),
      token_id: z.withMeta(z.nullable(z.string()), {
        description: 'The token a token operation acts on (Beta); null for other transfers.',
      }),
    }),
  },
  'transaction.status_changed': {
    description:
      'A transaction moved from one status to another (every transition, including into terminal statuses), or, its status unchanged (`status` equals `previous_status`), the reason it waits changed (`sub_status`: a dropped pool, a nonce gap, an unavailable node, an underpriced fee).',
    emittedBy: 'every transition; the chain poller and the broadcast step when a sub-status changes',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      status,
      previous_status: d(status, 'The status before the change.'),
      sub_status: z.withMeta(z.optional(z.nullable(subStatus)), {
        description:
          'Why the transaction waits now (docs/transactions.md, Sub-statuses); null once terminal. Always sent by this version.',
      }),
      previous_sub_status: z.withMeta(z.optional(z.nullable(subStatus)), {
        description: 'Why it waited before the change. Always sent by this version.',
      }),
      operation: z.withMeta(z.optional(txOperation), {
        description: 'The token operation (Beta); absent for transfers.',
      }),
      token_id: z.withMeta(z.optional(z.string()), { description: 'The token (Beta); absent for transfers.' }),
    }),
  },
  'transaction.completed': {
    description: 'A transaction reached `COMPLETED` (confirmed at the configured depth).',
    emittedBy: 'the chain poller, at CUSTODY_CONFIRMATION_DEPTH',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      chain_tx_hash: d(z.string(), 'The chain transaction hash.'),
      block_number: d(z.int().check(z.nonnegative()), 'The block that includes it.'),
      confirmations: d(z.int().check(z.nonnegative()), 'Blocks from its block to the head, both counted.'),
    }),
  },
  'transaction.failed': {
    description: 'A transaction reached `FAILED`.',
    emittedBy: 'a transition to FAILED',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      failure_reason: d(z.nullable(z.string()), 'Why it failed, or null.'),
      failure_code: z.withMeta(z.optional(z.nullable(z.enum(FAILURE_CODE_NAMES))), {
        description: 'Why, machine-readable (docs/transactions.md, Failure codes). Always sent by this version.',
      }),
      previous_status: d(status, 'The status before the change.'),
    }),
  },
  'transaction.replacement_requested': {
    description:
      "A replacement at the transaction's nonce was asked for (speed-up, cancel after broadcast, automatic repricing): its signing payload is ready at `GET /v1/transactions/{id}/signing-payload` (a callback signer signs it and posts the signature; remote and gRPC signers are called by the service).",
    emittedBy:
      'POST /v1/transactions/{id}/speed-up, POST /v1/transactions/{id}/cancel after broadcast, the chain poller (REPRICE)',
    core: false,
    data: z.object({
      transaction_id: id('transaction'),
      reason: d(z.enum(REPLACEMENT_REASONS), 'SPEED_UP, CANCEL (after broadcast) or REPRICE (automatic).'),
      nonce: d(z.int().check(z.nonnegative()), "The nonce it replaces at: the transaction's."),
      digest: z.withMeta(z.string(), {
        description: 'What the signer signs (Keccak-256 of the unsigned replacement).',
      }),
      max_fee_per_gas: amount,
      max_priority_fee_per_gas: amount,
    }),
  },
  'transaction.replaced': {
    description:
      'A signed replacement was accepted and is being sent: the transaction now has one more candidate hash; the first mined decides the outcome (COMPLETED, or CANCELLED for a cancel).',
    emittedBy: 'the signature route or the signer push, for a replacement',
    core: false,
    data: z.object({
      transaction_id: id('transaction'),
      reason: d(z.enum(REPLACEMENT_REASONS), 'SPEED_UP, CANCEL (after broadcast) or REPRICE (automatic).'),
      chain_tx_hash: z.withMeta(z.string(), { description: "The replacement's hash." }),
      replaces: z.withMeta(z.nullable(z.string()), { description: 'The candidate hash it replaces.' }),
      max_fee_per_gas: amount,
      max_priority_fee_per_gas: amount,
    }),
  },
  'deposit.detected': {
    description:
      'An inbound native transfer to a registered wallet was seen in a block (again after a reorg moved it), status `DETECTED`.',
    emittedBy: 'the deposit scanner',
    core: true,
    data: deposit,
  },
  'deposit.confirmed': {
    description: 'An inbound transfer reached the configured confirmation depth (status `CONFIRMED`).',
    emittedBy: 'the deposit scanner',
    core: true,
    data: deposit,
  },
  'approval.required': {
    description:
      'A transaction waits for approvals (status `PENDING_AUTHORIZATION`): by policy, or for a compliance review of a flagged screening.',
    emittedBy: 'the worker, after screening (or without it)',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      approvals_required: z.withMeta(z.int().check(z.nonnegative()), {
        description: 'Distinct approvers the policy asks for.',
      }),
      compliance_review_required: z.withMeta(z.boolean(), {
        description: 'A compliance officer must also approve (flagged screening).',
      }),
      reasons: z.withMeta(z.array(z.string()), { description: 'Why approval is needed (policy rules, screening).' }),
      expires_at: z.withMeta(z.string(), { description: 'ISO 8601 time after which the transaction is rejected.' }),
    }),
  },
  'approval.decision': {
    description: 'An approver approved or rejected a transaction.',
    emittedBy: 'POST /v1/transactions/{id}/approve, /reject',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      decision: d(z.enum(['approved', 'rejected']), 'The decision.'),
      user_id: id('deciding user'),
      reason: d(z.nullable(z.string()), 'The reason given, or null.'),
      compliance: z.withMeta(z.boolean(), { description: 'The decision was made by a compliance officer.' }),
      approvals_received: z.withMeta(z.optional(z.int().check(z.nonnegative())), {
        description: 'Approvals so far (approvals only).',
      }),
      approvals_required: z.withMeta(z.optional(z.int().check(z.nonnegative())), {
        description: 'Approvals the policy asks for (approvals only).',
      }),
    }),
  },
  'screening.submitted': {
    description: 'The transaction was submitted to the screening provider (status `PENDING_AML_SCREENING`).',
    emittedBy: 'the worker',
    core: true,
    data: z.object({ transaction_id: id('transaction'), provider: d(z.string(), 'The screening provider asked.') }),
  },
  'screening.completed': {
    description: 'The provider returned a clean result.',
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: d(z.literal('clean'), "The provider's verdict.") }),
  },
  'screening.flagged': {
    description: "The provider flagged the transaction: it needs a compliance officer's approval.",
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: d(z.literal('flagged'), "The provider's verdict.") }),
  },
  'screening.blocked': {
    description: 'The provider blocked the transaction (status `BLOCKED`).',
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: d(z.literal('blocked'), "The provider's verdict.") }),
  },
  'webhook.delivery.failed': {
    description: "A webhook endpoint exhausted its delivery retries for an event (outside the interface's 12).",
    emittedBy: null,
    core: false,
    data: z.object({
      webhook_id: id('webhook endpoint'),
      event_id: id('event that was not delivered'),
      event_type: d(z.string(), 'The type of the event that was not delivered.'),
      attempts: d(z.int().check(z.positive()), 'Attempts made.'),
      last_status: z.withMeta(z.nullable(z.int()), {
        description: 'HTTP status of the last attempt, or null (timeout, DNS, TLS).',
      }),
      last_error: d(z.nullable(z.string()), "The last attempt's error, or null."),
    }),
  },
  // Token events (`token.*`) join here when tokens are built.
  'token.deployed': {
    description:
      "Beta. A token's DEPLOY_TOKEN transaction completed: the token is `ACTIVE` at its contract address and is an asset of the registry (same id).",
    emittedBy: "the chain poller, with the DEPLOY_TOKEN transaction's COMPLETED",
    core: false,
    data: z.object({
      token_id: id('token'),
      transaction_id: id('DEPLOY_TOKEN transaction'),
      contract_address: d(z.string(), "The deployed contract's address."),
      symbol: d(z.string(), 'The token symbol.'),
      block_number: d(z.int().check(z.nonnegative()), 'The block that includes it.'),
    }),
  },
  'token.deployment_failed': {
    description:
      "Beta. A token's DEPLOY_TOKEN transaction ended without a deployment (failed, rejected, cancelled, blocked): the token is `DEPLOYMENT_FAILED`.",
    emittedBy: 'the transition ending the DEPLOY_TOKEN transaction',
    core: false,
    data: z.object({
      token_id: id('token'),
      transaction_id: id('DEPLOY_TOKEN transaction'),
      status,
      failure_reason: d(z.nullable(z.string()), 'Why it failed, or null.'),
    }),
  },
  'token.operation.completed': {
    description:
      "Beta. A token operation's transaction completed on chain (MINT, BURN, TRANSFER, GRANT_ROLE, ..., ALLOWLIST_ADD).",
    emittedBy: "the chain poller, with the operation's COMPLETED",
    core: false,
    data: z.object({
      token_id: id('token'),
      transaction_id: id('transaction'),
      operation,
      token_status: z.withMeta(z.enum(['PENDING_DEPLOYMENT', 'ACTIVE', 'PAUSED', 'DEPLOYMENT_FAILED']), {
        description: "The token's status after it (PAUSE and UNPAUSE change it).",
      }),
    }),
  },
  'token.operation.failed': {
    description:
      "Beta. A token operation's transaction ended without effect (FAILED, e.g. its simulation reverted; REJECTED; CANCELLED; BLOCKED).",
    emittedBy: "the transition ending the operation's transaction",
    core: false,
    data: z.object({
      token_id: id('token'),
      transaction_id: id('transaction'),
      operation,
      status,
      failure_reason: d(z.nullable(z.string()), 'Why it failed, or null.'),
    }),
  },
  'change.requested': {
    description:
      "A governance change (a policy, the quorum, a role grant, ...) waits for the tenant's admin quorum (docs/governance.md).",
    emittedBy: 'a governed route answering 202 (e.g. POST /v1/policies under a quorum above 1)',
    core: false,
    data: z.object({
      change_id: id('change'),
      kind: z.withMeta(z.string(), { description: 'What the change does, e.g. `policy.update`.' }),
      quorum: z.withMeta(z.int().check(z.gte(2)), { description: 'Distinct admins it needs, the requester included.' }),
      requested_by: id('requesting user'),
      expires_at: z.withMeta(z.string(), { description: 'When it expires unless decided.' }),
    }),
  },
  'change.decided': {
    description:
      'A governance change was decided: applied at its quorum, rejected, expired, or failed its re-validation.',
    emittedBy: 'POST /v1/changes/{id}/approve, /reject',
    core: false,
    data: z.object({
      change_id: id('change'),
      kind: d(z.string(), 'The governed operation (docs/governance.md).'),
      status: d(z.enum(['APPLIED', 'REJECTED', 'EXPIRED', 'FAILED']), 'How it ended.'),
      decided_by: z.withMeta(z.nullable(z.string()), {
        description: 'The user whose decision ended it; null when it expired.',
      }),
      failure_reason: z.withMeta(z.nullable(z.string()), {
        description: 'Why a FAILED change did not apply (what moved since it was requested).',
      }),
    }),
  },
  'address_book.entry_added': {
    description:
      'An address-book entry was added (at once, or when its governance change applied); transfers may use it from `usable_at`.',
    emittedBy: 'POST /v1/address-book, or the approval applying its change',
    core: false,
    data: z.object({
      entry_id: id('address book entry'),
      address: z.withMeta(z.string(), { description: 'Lowercase.' }),
      name: d(z.string(), 'The name shown for this destination.'),
      asset_id: z.withMeta(z.nullable(z.string()), { description: 'The only asset it is for; null: any.' }),
      vault_id: z.withMeta(z.nullable(z.string()), { description: 'The only vault it is for; null: any.' }),
      usable_at: z.withMeta(z.string(), { description: 'When its cooling period ends.' }),
    }),
  },
  'address_book.entry_removed': {
    description: 'An address-book entry was removed; later transfers are judged without it.',
    emittedBy: 'DELETE /v1/address-book/{entryId}, or the approval applying its change',
    core: false,
    data: z.object({
      entry_id: id('address book entry'),
      address: d(z.string(), 'Lowercase.'),
      name: d(z.string(), 'The name it had.'),
      asset_id: d(z.nullable(z.string()), 'The only asset it was for; null: any.'),
      vault_id: d(z.nullable(z.string()), 'The only vault it was for; null: any.'),
    }),
  },
} as const satisfies Record<EventType, EventDef>;

/** The `data` of an event type, as the outbox accepts it. */
export type EventData<T extends EventType> = z.input<(typeof EVENT_CATALOG)[T]['data']>;
/** One event of any type, type and data matched (for code that returns events to stage). */
export type AnyEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** Checks an event's data against its schema; throws a zod error naming the field when it does not fit. */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  if (!isEventType(type)) throw new Error(`${String(type)} is not an event type of the catalog`);
  return EVENT_CATALOG[type].data.parse(data) as EventData<T>;
}

/** The envelope's JSON schema parts, shared by the docs and the OpenAPI `webhooks:` section. */
export function envelopeSchema<T extends EventType>(type: T) {
  return z.object({
    id: z.withMeta(z.string(), {
      description: 'Event id: the deduplication key (a retry may deliver an event twice).',
    }),
    type: z.withMeta(z.literal(type), { description: 'The event type, as subscribed to (docs/events.md).' }),
    api_version: z.withMeta(z.literal(EVENT_API_VERSION), {
      description: 'The version of the event shapes; a breaking change gets a new one.',
    }),
    timestamp: z.withMeta(z.string(), { description: 'ISO 8601 time the event was recorded.' }),
    data: z.withMeta(EVENT_CATALOG[type].data, { description: 'What happened: the fields of this event type.' }),
  });
}
