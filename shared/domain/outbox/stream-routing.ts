import type { OutgoingMessage, QueueName } from '../../ports/queue.js';
import { storedEntry } from '../audit/audit-record.js';
import { AuditMessage, auditMessage, carriedRecord, type CarriedRecord } from '../audit/sequencer-messages.js';
import { keys } from '../../store/keys.js';
import type { StoredDelivery } from '../webhooks/deliveries.js';
import { eventMessage, replayMessage } from '../webhooks/webhook-messages.js';
import {
  needsWorkerMessage,
  replacementMessage,
  tenantResumedMessage,
  transactionMessage,
} from '../transactions/worker-messages.js';

/**
 * Which queue each change of the table goes to: the pure half of the stream router. The events an inserted audit
 * record carries (written in the same transaction as the change they describe) go to the webhook queue; a
 * transaction that entered a status the worker must be told of goes to the transactions FIFO queue, to drive the state
 * machine (../transactions/worker-messages.ts); a reactivated tenant sends one message that resumes its transactions; a replayed webhook delivery sends
 * its first attempt to the webhook queue. Everything else is ignored.
 */
export type StreamChange = {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
};

export type Routed = { queue: QueueName; message: OutgoingMessage };

type Image = Record<string, unknown>;

/** The record an audit record's image carries into its message, if it can (../audit/sequencer-messages.ts). */
const carry = (id: string, img: Image): CarriedRecord[] => {
  const r = carriedRecord(id, img);
  return r ? [r] : [];
};

/**
 * The changes the router acts on, as data: the match (event names, attribute values of the new and old images) is
 * also what the deployed stream's event-source filters are built from (lib/stream-router-construct.ts), so the
 * function is never invoked for a change it ignores, and never filtered away from one it routes.
 */
export const ROUTES = [
  {
    name: 'audit record',
    events: ['INSERT'],
    newImage: { entity: 'audit' },
    // The sequencer learns of the record (FIFO, one group per tenant; routeBatch merges a tenant's records of one
    // stream batch into one message), and each event the record carries becomes one webhook-queue message
    // (deduplicated by event id).
    // A record whose body cannot be read routes nothing (verification names it). The message carries the record as
    // stored, so that the sequencer checks it without reading it (../audit/sequencer-messages.ts).
    route: (img: Image): Routed[] => {
      const rec = storedEntry(img);
      if (!rec) return [];
      return [
        { queue: 'audit', message: auditMessage(rec.tenant_id, [rec.id], carry(rec.id, img)) },
        ...(Array.isArray(rec.events) ? rec.events : []).map((e) => ({
          queue: 'webhooks' as const,
          message: eventMessage(rec.tenant_id, e),
        })),
      ];
    },
  },
  {
    name: 'delivery replay',
    events: ['MODIFY'],
    newImage: { entity: 'webhook_delivery', status: 'replaying' },
    // `POST /v1/webhooks/{id}/replay` moved a delivery into a new cycle: its first attempt goes to the queue.
    // The image is a delivery record's (../webhooks/deliveries.ts).
    route: (img: Image): Routed[] => [
      {
        queue: 'webhooks',
        message: replayMessage(img as Pick<StoredDelivery, 'tenant_id' | 'webhook_id' | 'id' | 'cycle'>),
      },
    ],
  },
  {
    name: 'transaction change',
    events: ['INSERT', 'MODIFY'],
    newImage: { entity: 'transaction' },
    // Only status changes drive the state machine; other updates (an approval recorded) need no worker step. A
    // stream filter cannot compare old and new images, so this part of the rule lives here only.
    route: (img: Image, old?: Image): Routed[] => {
      const { tenantId, id } = keys.transactionIdentity(img);
      // A replacement newly awaiting its signature (speed-up, cancel, repricing): the worker pushes it to a remote or
      // gRPC signer (shared/domain/transactions/replace.ts).
      const awaiting = awaitingReplacementDigest(img);
      if (awaiting && awaiting !== awaitingReplacementDigest(old))
        return [{ queue: 'transactions', message: replacementMessage({ tenantId, id, version: img.version }) }];
      // Only a status the worker does not go on from by itself (shared/domain/transactions/worker-messages.ts), or a
      // stalled transaction the chain poller re-drives (shared/domain/transactions/redrive.ts: each re-drive is a new
      // version, so a new message).
      const redriven = img.sub_status === 'STALLED';
      // A run that went on from its own commit and stopped short (the signer or the node failed) hands the
      // transaction back by clearing its mark: its own message takes it up, with SQS's retries, in its own group.
      const handedBack = old?.worker_continues === true && img.worker_continues !== true;
      if ((old && old.status === img.status && !redriven && !handedBack) || !needsWorkerMessage(img.status)) return [];
      // A worker run committed it and goes on from it in the same message.
      if (img.worker_continues === true && !redriven) return [];
      return [
        {
          queue: 'transactions',
          message: transactionMessage({
            tenantId,
            id,
            status: String(img.status),
            version: img.version,
            sourceWalletId: img.source_wallet_id,
          }),
        },
      ];
    },
  },
  {
    name: 'tenant reactivated',
    events: ['MODIFY'],
    newImage: { entity: 'tenant', status: 'active' },
    oldImage: { status: 'suspended' },
    // Reactivation: the worker picks up the tenant's transactions where they stopped.
    route: (img: Image): Routed[] => [
      { queue: 'transactions', message: tenantResumedMessage(String(img.id), img.version) },
    ],
  },
] as const satisfies readonly {
  name: string;
  events: readonly StreamChange['eventName'][];
  newImage: Record<string, string>;
  oldImage?: Record<string, string>;
  route: (img: Image, old?: Image) => Routed[];
}[];

const has = (img: Image | undefined, want: Record<string, string> | undefined) =>
  !want || (!!img && Object.entries(want).every(([k, v]) => img[k] === v));

/** The digest of the replacement a stored transaction awaits a signature for, if any. */
function awaitingReplacementDigest(img: Image | undefined): string | undefined {
  const list = img?.replacements;
  if (!Array.isArray(list)) return undefined;
  const r = (list as Image[]).find((x) => x.status === 'AWAITING_SIGNATURE');
  return (r?.payload as Image | undefined)?.digest as string | undefined;
}

export function routeChange(change: StreamChange): Routed[] {
  const rule = ROUTES.find(
    (r) =>
      (r.events as readonly string[]).includes(change.eventName) &&
      has(change.newImage, r.newImage) &&
      has(change.oldImage, 'oldImage' in r ? r.oldImage : undefined),
  );
  return rule ? rule.route(change.newImage!, change.oldImage) : [];
}

/**
 * A stream batch's messages, in the order of its records, with each tenant's audit notifications merged into ONE
 * message after the others (so the sequencer folds them into one checkpoint). `from` holds the indexes of the
 * changes a message comes from, to report them failed when it cannot be sent.
 */
export function routeBatch(changes: StreamChange[]): { routed: Routed; from: number[] }[] {
  const out: { routed: Routed; from: number[] }[] = [];
  const audit = new Map<string, { ids: string[]; records: CarriedRecord[]; from: number[] }>();
  changes.forEach((c, i) => {
    for (const r of routeChange(c)) {
      if (r.queue !== 'audit') {
        out.push({ routed: r, from: [i] });
        continue;
      }
      const { tenant_id: t, record_ids: ids, records = [] } = AuditMessage().parse(JSON.parse(r.message.body));
      const a = audit.get(t) ?? { ids: [], records: [], from: [] };
      a.ids.push(...ids);
      a.records.push(...records);
      a.from.push(i);
      audit.set(t, a);
    }
  });
  for (const [t, a] of audit)
    out.push({ routed: { queue: 'audit', message: auditMessage(t, [...new Set(a.ids)], a.records) }, from: a.from });
  return out;
}
