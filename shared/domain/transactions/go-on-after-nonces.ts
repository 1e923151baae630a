import type { ChainPort } from '../../ports/chain.js';
import { keys } from '../../store/keys.js';
import { logger } from '../../logger.js';
import { decodeTransaction } from './transaction-item.js';
import { updateInPlace } from './transaction-store.js';
import type { StepDeps } from './steps/index.js';
import { runTransactionSteps, type Move } from './advance.js';
import { continuesInItsGroup } from './worker-messages.js';
import { withMethods } from '../port-methods.js';
import type { TransactionRecord } from './transaction.js';

/**
 * What the nonce pass of a wallet does next, in the same message (the wallet's group), for the transactions it took
 * to PENDING_SIGNATURE (marked as going on: no message is routed for them, ./advance.ts): each one's steps, all at
 * once (the policy receipt, the signer's call, SIGNED and BROADCASTING committed, marked), with the broadcasts let
 * through in nonce order (the order of `ids`): a transaction's broadcast waits until every one before it has been
 * sent or has stopped, so the node never sees a nonce before the one under it, while the signer's calls and the
 * commits overlap.
 *
 * A transaction whose run throws (the signer or the node failing) is handed back: its mark is cleared, so the stream
 * routes it a message of its own, in its own group, which SQS retries with its backoff; the wallet's message does not
 * fail, so the wallet's later transfers are not held for a visibility timeout. Only when even that write fails is the
 * error raised once every other run has gone as far as it can, so the message is retried and takes the marked
 * transactions up again. A transaction that waits (a callback signer) stays marked in PENDING_SIGNATURE; its
 * signature, posted, is routed as any other.
 */
export async function goOnAfterNonces(
  deps: StepDeps,
  tenantId: string,
  /** `known`: the transaction as the nonce pass wrote it (./advance.ts reads it again only on a conflict). */
  ids: { id: string; from: 'PENDING_SIGNATURE' | 'APPROVED'; known?: TransactionRecord }[],
  onMove: (id: string) => (m: Move) => void,
): Promise<void> {
  const gate = nonceOrderGate(ids.length);
  const errors: unknown[] = [];
  await Promise.all(
    ids.map(({ id, from, known }, i) =>
      runTransactionSteps({ ...deps, chain: gate.chain(deps.chain, i) }, tenantId, id, from, {
        goOn: continuesInItsGroup,
        onMove: onMove(id),
        ...(known ? { known } : {}),
      })
        .catch(async (e: unknown) => {
          logger.warn('transaction run stopped; handed to its own message', {
            transaction_id: id,
            error: (e as Error).message,
          });
          await handBack(deps, tenantId, id).catch((writeError: unknown) => errors.push(e, writeError));
        })
        .finally(() => gate.pass(i)),
    ),
  );
  if (errors.length) throw errors[0];
}

/**
 * Clears a stopped run's mark (`worker_continues`) in place, guarded by the version read: bookkeeping, with no audit
 * record, that the stream routes as the transaction's own message (../outbox/stream-routing.ts). A transaction moved
 * on meanwhile, or not marked, is left as it is.
 */
async function handBack(deps: StepDeps, tenantId: string, id: string): Promise<void> {
  const item = await deps.store.get(keys.transaction(tenantId, id), { consistent: true });
  const tx = item && decodeTransaction(item);
  if (tx?.workerContinues) await updateInPlace(deps.store, tx, { workerContinues: false });
}

/**
 * Lets broadcasts through in order: the i-th waits until every earlier one has passed (sent, or its run ended without
 * sending). Each pass is given only after the ones before it.
 */
function nonceOrderGate(n: number) {
  const passed = Array.from({ length: n }, () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  const turn = (i: number): Promise<void> => (i === 0 ? Promise.resolve() : passed[i - 1]!.promise);
  const pass = (i: number) => void turn(i).then(() => passed[i]!.resolve());
  const chain = (inner: ChainPort, i: number): ChainPort =>
    withMethods(inner, (name, call) =>
      name === 'broadcast'
        ? async (...args) => {
            await turn(i);
            try {
              return await call(...args);
            } finally {
              pass(i);
            }
          }
        : undefined,
    );
  return { chain, pass };
}
