import { BASE_PORTS } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { keys } from '../../shared/composition/keys.js';
import { chain } from '../../shared/composition/chain.js';
import { profile } from '../../shared/composition/profile-on-demand.js';
import { signer } from '../../shared/composition/signer.js';
import { screening } from '../../shared/composition/http-screening.js';
import { policyKeys } from '../../shared/composition/policy-keys.js';
import { SqsFifoPartialProcessorAsync, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { stepDeps } from '../../shared/composition/transaction-steps.js';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { assignWalletNonces } from '../../shared/domain/transactions/assign-nonces.js';
import { goOnAfterNonces } from '../../shared/domain/transactions/go-on-after-nonces.js';
import { signPendingReplacement } from '../../shared/domain/transactions/replace.js';
import { resumeTenant } from '../../shared/domain/transactions/resume.js';
import { isStatus } from '../../shared/domain/transactions/transition-table.js';
import { continuesInItsGroup, inWalletGroup, WorkerMessage } from '../../shared/domain/transactions/worker-messages.js';

/**
 * `policySigner`: the key this function signs receipts with (it alone holds the grant: the manifest's `policy-sign`);
 * its adapter loads at the first receipt. The chain profile's ML-DSA loads at the first signature check.
 */
export const ports = { ...BASE_PORTS, keys, chain, profile, signer, screening, policySigner: policyKeys };
type Deps = DepsOf<typeof ports>;

/**
 * The transaction state-machine worker: each message from the FIFO queue (shared/domain/transactions/worker-messages.ts)
 * runs the transaction's automatic steps from the status the message was routed for, committing each stretch together
 * and going on from it, up to APPROVED (its wallet's nonce pass) or where it waits for something outside the service;
 * the stream routes a message for that status. A step that throws (e.g. screening unavailable) fails only its own message, which SQS
 * redelivers; after the configured receives it goes to the dead-letter queue and the transaction shows in the `stuck`
 * view.
 */
const processor = new SqsFifoPartialProcessorAsync();

async function recordHandler(d: Deps, record: SQSRecord): Promise<void> {
  const parsed = WorkerMessage().safeParse(JSON.parse(record.body));
  if (!parsed.success) {
    logger.error('dropping unreadable transaction message', { message_id: record.messageId });
    return;
  }
  const deps = stepDeps(d, { signer: d.policySigner, ttlSeconds: d.config.CUSTODY_RECEIPT_TTL_SECONDS });
  const msg = parsed.data;
  // Every log line and metric of this message names it and its tenant (the message id stands for a request id).
  return runWithRequestContext({ requestId: record.messageId, tenantId: msg.tenant_id }, () =>
    handleMessage(msg, deps),
  );
}

async function handleMessage(msg: WorkerMessage, deps: ReturnType<typeof stepDeps>): Promise<void> {
  if (msg.kind === 'tenant_resumed') {
    const resumed = await resumeTenant(deps, msg.tenant_id);
    logger.info('tenant resumed', { tenant_id: msg.tenant_id, resumed });
    return;
  }
  if (msg.kind === 'replacement') {
    const signed = await signPendingReplacement(deps, msg.tenant_id, msg.transaction_id);
    logger.info('replacement signing', {
      tenant_id: msg.tenant_id,
      transaction_id: msg.transaction_id,
      outcome: signed,
    });
    return;
  }
  const moved = (id: string) => (m: { from: string; to: string; durationMs?: number; inStatusMs?: number }) =>
    logger.info('transaction moved', {
      tenant_id: msg.tenant_id,
      transaction_id: id,
      from_status: m.from,
      to_status: m.to,
      duration_ms: m.durationMs,
      in_status_ms: m.inStatusMs,
    });
  // APPROVED: the message is in its wallet's group; one pass assigns nonces to every transaction of the wallet
  // waiting, then takes them on to their broadcasts (signer calls at once, broadcasts in nonce order). A pass that
  // finds its transaction moved on takes it up if a pass before it stopped short there (marked).
  if (msg.status && inWalletGroup(msg.status)) {
    const pass = await assignWalletNonces(deps, msg.tenant_id, msg.transaction_id, { goesOn: true });
    for (const a of pass.assigned) moved(a.id)({ from: 'APPROVED', to: a.to });
    logger.debug('nonce assignment', {
      tenant_id: msg.tenant_id,
      transaction_id: msg.transaction_id,
      stopped: pass.stopped,
      assigned: pass.assigned.length,
    });
    const taken = pass.assigned.filter((a) => a.to === 'PENDING_SIGNATURE');
    const ids =
      pass.stopped === 'idle'
        ? [{ id: msg.transaction_id, from: 'APPROVED' as const }]
        : taken.map((a) => ({ id: a.id, from: 'PENDING_SIGNATURE' as const, ...(a.after ? { known: a.after } : {}) }));
    await goOnAfterNonces(deps, msg.tenant_id, ids, moved);
    return;
  }
  // A message without a status (queued by an older version) runs from wherever the transaction is. The run goes on
  // from its own commits (the signer's call, then the broadcast) up to APPROVED, which the stream routes to the
  // wallet's group, or a wait. Each move is logged as its commit lands, so the moves before a step that throws are
  // logged too.
  const run = await runTransactionSteps(
    deps,
    msg.tenant_id,
    msg.transaction_id,
    isStatus(msg.status) ? msg.status : undefined,
    { goOn: continuesInItsGroup, onMove: moved(msg.transaction_id) },
  );
  logger.debug('transaction steps', {
    tenant_id: msg.tenant_id,
    transaction_id: msg.transaction_id,
    moves: run.moves.length,
    stopped: run.stopped,
  });
}

export const makeHandler = (d: Deps) => async (event: SQSEvent, context: Context) =>
  // skipGroupOnError: a failed message holds back only the later messages of its own group (transaction).
  processPartialResponse(event, (r: SQSRecord) => recordHandler(d, r), processor, {
    context,
    skipGroupOnError: true,
  });

export const handler = makeHandler(lazyDeps(ports));
