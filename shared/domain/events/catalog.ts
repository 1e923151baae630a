import * as z from '../../schemas/zod.js';
import { REPLACEMENT_REASONS, STATUSES } from '../transactions/transition-table.js';
import { TX_OPERATIONS } from '../tokens/operations.js';
import { FAILURE_CODE_NAMES, SUB_STATUS_NAMES } from '../transactions/sub-status.js';
import { EVENT_API_VERSION, isEventType, type EventType } from './event-types.js';

export { EVENT_API_VERSION, EVENT_TYPES, eventEnvelope, isEventType, type EventEnvelope, type EventType } from './event-types.js';

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
const status = z.enum(STATUSES);
const subStatus = z.enum(SUB_STATUS_NAMES);
const operation = z.enum(TX_OPERATIONS);
const amount = z.withMeta(z.string().check(z.regex(/^\d+$/)), { description: 'Integer amount in the asset\'s smallest unit, as a decimal string.' });
const screeningResult = z.object({
  transaction_id: id('transaction'),
  provider: z.withMeta(z.string(), { description: 'The screening provider that answered.' }),
  result: z.enum(['clean', 'flagged', 'blocked']),
  reason: z.withMeta(z.nullable(z.string()), { description: 'The provider\'s reason, if it gave one.' }),
});
const deposit = z.object({
  deposit_id: id('deposit'),
  wallet_id: id('receiving wallet'),
  vault_id: id('vault'),
  asset_id: id('asset'),
  from: z.withMeta(z.string(), { description: 'Sender address.' }),
  amount,
  chain_tx_hash: z.string(),
  block_number: z.int().check(z.nonnegative()),
  confirmations: z.int().check(z.nonnegative()),
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
      status: z.withMeta(status, { description: 'Always `SUBMITTED`.' }),
      source_wallet_id: id('source wallet'),
      destination_addr: z.withMeta(z.nullable(z.string()), { description: 'Destination address as submitted; for a token operation its counterparty; null for DEPLOY_TOKEN (Beta).' }),
      asset_id: id('asset'),
      amount,
      external_id: z.withMeta(z.nullable(z.string()), { description: 'The caller\'s own reference, if given.' }),
      operation: z.withMeta(operation, { description: '`TRANSFER`, or the token operation (Beta).' }),
      token_id: z.withMeta(z.nullable(z.string()), { description: 'The token a token operation acts on (Beta); null for other transfers.' }),
    }),
  },
  'transaction.status_changed': {
    description: 'A transaction moved from one status to another (every transition, including into terminal statuses), or, its status unchanged (`status` equals `previous_status`), the reason it waits changed (`sub_status`: a dropped pool, a nonce gap, an unavailable node, an underpriced fee).',
    emittedBy: 'every transition; the chain poller and the broadcast step when a sub-status changes',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      status,
      previous_status: status,
      sub_status: z.withMeta(z.optional(z.nullable(subStatus)), { description: 'Why the transaction waits now (docs/transactions.md, Sub-statuses); null once terminal. Always sent by this version.' }),
      previous_sub_status: z.withMeta(z.optional(z.nullable(subStatus)), { description: 'Why it waited before the change. Always sent by this version.' }),
      operation: z.withMeta(z.optional(operation), { description: 'The token operation (Beta); absent for transfers.' }), token_id: z.withMeta(z.optional(z.string()), { description: 'The token (Beta); absent for transfers.' }),
    }),
  },
  'transaction.completed': {
    description: 'A transaction reached `COMPLETED` (confirmed at the configured depth).',
    emittedBy: 'the chain poller, at CUSTODY_CONFIRMATION_DEPTH',
    core: true,
    data: z.object({ transaction_id: id('transaction'), chain_tx_hash: z.string(), block_number: z.int().check(z.nonnegative()), confirmations: z.int().check(z.nonnegative()) }),
  },
  'transaction.failed': {
    description: 'A transaction reached `FAILED`.',
    emittedBy: 'a transition to FAILED',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      failure_reason: z.nullable(z.string()),
      failure_code: z.withMeta(z.optional(z.nullable(z.enum(FAILURE_CODE_NAMES))), { description: 'Why, machine-readable (docs/transactions.md, Failure codes). Always sent by this version.' }),
      previous_status: status,
    }),
  },
  'transaction.replacement_requested': {
    description: 'A replacement at the transaction\'s nonce was asked for (speed-up, cancel after broadcast, automatic repricing): its signing payload is ready at `GET /v1/transactions/{id}/signing-payload` (a callback signer signs it and posts the signature; remote and gRPC signers are called by the service).',
    emittedBy: 'POST /v1/transactions/{id}/speed-up, POST /v1/transactions/{id}/cancel after broadcast, the chain poller (REPRICE)',
    core: false,
    data: z.object({
      transaction_id: id('transaction'),
      reason: z.enum(REPLACEMENT_REASONS),
      nonce: z.int().check(z.nonnegative()),
      digest: z.withMeta(z.string(), { description: 'What the signer signs (Keccak-256 of the unsigned replacement).' }),
      max_fee_per_gas: amount,
      max_priority_fee_per_gas: amount,
    }),
  },
  'transaction.replaced': {
    description: 'A signed replacement was accepted and is being sent: the transaction now has one more candidate hash; the first mined decides the outcome (COMPLETED, or CANCELLED for a cancel).',
    emittedBy: 'the signature route or the signer push, for a replacement',
    core: false,
    data: z.object({
      transaction_id: id('transaction'),
      reason: z.enum(REPLACEMENT_REASONS),
      chain_tx_hash: z.withMeta(z.string(), { description: 'The replacement\'s hash.' }),
      replaces: z.withMeta(z.nullable(z.string()), { description: 'The candidate hash it replaces.' }),
      max_fee_per_gas: amount,
      max_priority_fee_per_gas: amount,
    }),
  },
  'deposit.detected': {
    description: 'An inbound native transfer to a registered wallet was seen in a block (again after a reorg moved it), status `DETECTED`.',
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
    description: 'A transaction waits for approvals (status `PENDING_AUTHORIZATION`): by policy, or for a compliance review of a flagged screening.',
    emittedBy: 'the worker, after screening (or without it)',
    core: true,
    data: z.object({
      transaction_id: id('transaction'),
      approvals_required: z.withMeta(z.int().check(z.nonnegative()), { description: 'Distinct approvers the policy asks for.' }),
      compliance_review_required: z.withMeta(z.boolean(), { description: 'A compliance officer must also approve (flagged screening).' }),
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
      decision: z.enum(['approved', 'rejected']),
      user_id: id('deciding user'),
      reason: z.nullable(z.string()),
      compliance: z.withMeta(z.boolean(), { description: 'The decision was made by a compliance officer.' }),
      approvals_received: z.withMeta(z.optional(z.int().check(z.nonnegative())), { description: 'Approvals so far (approvals only).' }),
      approvals_required: z.withMeta(z.optional(z.int().check(z.nonnegative())), { description: 'Approvals the policy asks for (approvals only).' }),
    }),
  },
  'screening.submitted': {
    description: 'The transaction was submitted to the screening provider (status `PENDING_AML_SCREENING`).',
    emittedBy: 'the worker',
    core: true,
    data: z.object({ transaction_id: id('transaction'), provider: z.string() }),
  },
  'screening.completed': {
    description: 'The provider returned a clean result.',
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: z.literal('clean') }),
  },
  'screening.flagged': {
    description: 'The provider flagged the transaction: it needs a compliance officer\'s approval.',
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: z.literal('flagged') }),
  },
  'screening.blocked': {
    description: 'The provider blocked the transaction (status `BLOCKED`).',
    emittedBy: 'the worker',
    core: true,
    data: z.extend(screeningResult, { result: z.literal('blocked') }),
  },
  'webhook.delivery.failed': {
    description: 'A webhook endpoint exhausted its delivery retries for an event (outside the interface\'s 12).',
    emittedBy: null,
    core: false,
    data: z.object({
      webhook_id: id('webhook endpoint'),
      event_id: id('event that was not delivered'),
      event_type: z.string(),
      attempts: z.int().check(z.positive()),
      last_status: z.withMeta(z.nullable(z.int()), { description: 'HTTP status of the last attempt, or null (timeout, DNS, TLS).' }),
      last_error: z.nullable(z.string()),
    }),
  },
  // Token events (`token.*`) join here when tokens are built.
  'token.deployed': {
    description: 'Beta. A token\'s DEPLOY_TOKEN transaction completed: the token is `ACTIVE` at its contract address and is an asset of the registry (same id).',
    emittedBy: 'the chain poller, with the DEPLOY_TOKEN transaction\'s COMPLETED',
    core: false,
    data: z.object({ token_id: id('token'), transaction_id: id('DEPLOY_TOKEN transaction'), contract_address: z.string(), symbol: z.string(), block_number: z.int().check(z.nonnegative()) }),
  },
  'token.deployment_failed': {
    description: 'Beta. A token\'s DEPLOY_TOKEN transaction ended without a deployment (failed, rejected, cancelled, blocked): the token is `DEPLOYMENT_FAILED`.',
    emittedBy: 'the transition ending the DEPLOY_TOKEN transaction',
    core: false,
    data: z.object({ token_id: id('token'), transaction_id: id('DEPLOY_TOKEN transaction'), status, failure_reason: z.nullable(z.string()) }),
  },
  'token.operation.completed': {
    description: 'Beta. A token operation\'s transaction completed on chain (MINT, BURN, TRANSFER, GRANT_ROLE, ..., ALLOWLIST_ADD).',
    emittedBy: 'the chain poller, with the operation\'s COMPLETED',
    core: false,
    data: z.object({ token_id: id('token'), transaction_id: id('transaction'), operation, token_status: z.withMeta(z.enum(['PENDING_DEPLOYMENT', 'ACTIVE', 'PAUSED', 'DEPLOYMENT_FAILED']), { description: 'The token\'s status after it (PAUSE and UNPAUSE change it).' }) }),
  },
  'token.operation.failed': {
    description: 'Beta. A token operation\'s transaction ended without effect (FAILED, e.g. its simulation reverted; REJECTED; CANCELLED; BLOCKED).',
    emittedBy: 'the transition ending the operation\'s transaction',
    core: false,
    data: z.object({ token_id: id('token'), transaction_id: id('transaction'), operation, status, failure_reason: z.nullable(z.string()) }),
  },
  'change.requested': {
    description: 'A governance change (a policy, the quorum, a role grant, ...) waits for the tenant\'s admin quorum (docs/governance.md).',
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
    description: 'A governance change was decided: applied at its quorum, rejected, expired, or failed its re-validation.',
    emittedBy: 'POST /v1/changes/{id}/approve, /reject',
    core: false,
    data: z.object({
      change_id: id('change'),
      kind: z.string(),
      status: z.enum(['APPLIED', 'REJECTED', 'EXPIRED', 'FAILED']),
      decided_by: z.withMeta(z.nullable(z.string()), { description: 'The user whose decision ended it; null when it expired.' }),
      failure_reason: z.withMeta(z.nullable(z.string()), { description: 'Why a FAILED change did not apply (what moved since it was requested).' }),
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
    id: z.withMeta(z.string(), { description: 'Event id: the deduplication key (a retry may deliver an event twice).' }),
    type: z.literal(type),
    api_version: z.literal(EVENT_API_VERSION),
    timestamp: z.withMeta(z.string(), { description: 'ISO 8601 time the event was recorded.' }),
    data: EVENT_CATALOG[type].data,
  });
}
