import type { BroadcastResult } from '../../../ports/chain.js';
import { candidateHashes } from '../transaction.js';
import { loadSignedTx } from '../transaction-store.js';
import { defineStep } from './step.js';

/**
 * What sending the signed transaction came to. `included`: the node said "nonce too low" but the receipt of this very
 * transaction exists (it is already on chain, e.g. re-included after a reorg), so it is submitted, not failed.
 * `missing`: a SIGNED transaction without signed bytes (cannot happen through the signature endpoint; failed, not
 * retried for ever).
 */
export type BroadcastFacts = (BroadcastResult | { outcome: 'included'; hash: string } | { outcome: 'missing' }) & {
  head?: number;
};

/**
 * BROADCASTING -> CONFIRMING once a node took the signed bytes (or already had them); FAILED with the node's reason
 * when it refuses them (nonce too low: 1304 semantics, another transaction used the nonce; anything else: 1303). No
 * node answering (NodeUnavailableError) throws from `read`: the transaction stays BROADCASTING and the message is
 * retried (the JSON-RPC client has already failed over across the primary and backups, breaker per node).
 */
export const broadcastingStep = defineStep<BroadcastFacts>({
  status: 'BROADCASTING',
  summary:
    "Sends the signed transaction through the node client (failover, breakers): CONFIRMING, or FAILED with the node's reason.",
  reads: [
    'its signed encoding (keys.transactionSigned)',
    'the chain nodes (eth_sendRawTransaction, eth_getTransactionReceipt on "nonce too low")',
  ],
  moves: [
    { to: 'CONFIRMING', trigger: 'broadcast' },
    { to: 'FAILED', trigger: 'failure' },
  ],
  emits: [],
  commitBefore: true,
  read: async (deps, tx) => {
    const signedTx = await loadSignedTx(deps.store, tx);
    if (!signedTx) return { outcome: 'missing' };
    // The head as it was sent: how many blocks a candidate has been pending (automatic repricing, ../confirm.ts).
    const [sent, head] = await Promise.all([deps.chain.broadcast(signedTx), deps.chain.blockNumber()]);
    if (sent.outcome !== 'nonce_too_low') return { ...sent, head };
    // Any candidate (the original or an earlier replacement at this nonce) may be the one already mined.
    const candidates = candidateHashes({ chainTxHash: sent.hash, replacements: tx.replacements });
    const receipts = await deps.chain.getTransactionReceipts(candidates);
    const mined = receipts.findIndex((r) => r !== null);
    return mined >= 0 ? { outcome: 'included', hash: candidates[mined]!, head } : { ...sent, head };
  },
  decide: (tx, facts, { now }) => {
    const replacement = tx.replacements.find((r) => r.status === 'BROADCAST' && r.hash === tx.chainTxHash);
    switch (facts.outcome) {
      case 'submitted':
      case 'included':
        return {
          to: 'CONFIRMING',
          trigger: 'broadcast',
          changes: { broadcastAt: now.toISOString(), chainTxHash: facts.hash, broadcastBlock: facts.head ?? null },
        };
      case 'rejected':
        // A replacement the node refuses (underpriced, funds) leaves the earlier candidates pending: back to following them.
        if (replacement) {
          const rejected = { ...replacement, status: 'REJECTED' as const, rejection: facts.message };
          return {
            to: 'CONFIRMING',
            trigger: 'broadcast',
            changes: {
              replacements: tx.replacements.map((r) => (r === replacement ? rejected : r)),
              chainTxHash: replacement.replaces,
              broadcastAt: now.toISOString(),
            },
          };
        }
        return {
          to: 'FAILED',
          trigger: 'failure',
          failureCode: 'broadcast_rejected',
          changes: { failureReason: `rejected by the chain node: ${facts.message}` },
        };
      case 'nonce_too_low':
        return {
          to: 'FAILED',
          trigger: 'failure',
          failureCode: 'nonce_too_low',
          changes: {
            failureReason: `nonce too low: nonce ${tx.nonce ?? '?'} was already used on chain (${facts.message})`,
          },
        };
      case 'missing':
        return {
          to: 'FAILED',
          trigger: 'failure',
          failureCode: 'not_signed',
          changes: { failureReason: 'no signed transaction to broadcast' },
        };
    }
  },
  cases: [
    { outcome: 'submitted', hash: `0x${'ab'.repeat(32)}`, alreadyKnown: false },
    { outcome: 'submitted', hash: `0x${'ab'.repeat(32)}`, alreadyKnown: true },
    { outcome: 'included', hash: `0x${'ab'.repeat(32)}` },
    { outcome: 'nonce_too_low', hash: `0x${'ab'.repeat(32)}`, message: 'nonce too low' },
    { outcome: 'rejected', hash: `0x${'ab'.repeat(32)}`, message: 'insufficient funds for gas * price + value' },
    { outcome: 'missing' },
  ],
});
