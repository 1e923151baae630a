import type { StepDeps } from './steps/index.js';
import { runTransactionSteps, type Move } from './advance.js';
import { continuesInItsGroup } from './worker-messages.js';

/**
 * What the nonce pass of a wallet does next, in the same message (the wallet's group), for the transactions it took
 * to PENDING_SIGNATURE (marked as going on: no message is routed for them, ./advance.ts):
 *   1. each one's steps up to its broadcast, all at once: the policy receipt and the signer's call, then SIGNED and
 *      BROADCASTING committed (marked);
 *   2. the broadcasts, one after another in nonce order (the order of `ids`), so the node never sees a nonce before
 *      the one under it.
 * A transaction whose run throws is left where it stopped, marked; the error is raised once every other one has gone
 * as far as it can, so the message is retried and takes the marked transactions up again (the wallet's later
 * messages, each naming its own transaction, do too). A transaction that waits (a callback signer) stays marked in
 * PENDING_SIGNATURE; its signature, posted, is routed as any other.
 */
export async function goOnAfterNonces(
  deps: StepDeps,
  tenantId: string,
  ids: { id: string; from: 'PENDING_SIGNATURE' | 'APPROVED' }[],
  onMove: (id: string) => (m: Move) => void,
): Promise<void> {
  const errors: unknown[] = [];
  const signed = await Promise.all(
    ids.map(({ id, from }) =>
      runTransactionSteps(deps, tenantId, id, from, {
        goOn: continuesInItsGroup,
        pauseAt: 'BROADCASTING',
        onMove: onMove(id),
      }).catch((e: unknown) => {
        errors.push(e);
        return null;
      }),
    ),
  );
  for (const [i, { id }] of ids.entries()) {
    if (!signed[i]) continue;
    await runTransactionSteps(deps, tenantId, id, 'BROADCASTING', {
      goOn: continuesInItsGroup,
      onMove: onMove(id),
    }).catch((e: unknown) => errors.push(e));
  }
  if (errors.length) throw errors[0];
}
