import type { TransactionRecord } from './transaction.js';

/**
 * What a transaction asks of the chain: the one place that says it. A native transfer sends `amount` wei to the
 * destination with no data; a token operation or a token-asset transfer calls the contract fixed at submission
 * (`contractCall`, `to` null for a deployment) with no native value (its `amount` is in the token's units).
 */
export type ChainCall = { to: string | null; value: bigint; data: string };

export function chainCall(tx: Pick<TransactionRecord, 'contractCall' | 'destinationAddr' | 'amount'>): ChainCall {
  if (tx.contractCall) return { to: tx.contractCall.to?.toLowerCase() ?? null, value: 0n, data: tx.contractCall.data };
  return { to: (tx.destinationAddr ?? '').toLowerCase(), value: BigInt(tx.amount), data: '0x' };
}

/** A transfer of a token asset (ERC-20 `transfer`): its balance is the contract's `balanceOf`, in the token's units. */
export const isTokenTransfer = (tx: Pick<TransactionRecord, 'operation' | 'contractCall'>) =>
  tx.operation === 'TRANSFER' && tx.contractCall !== null;
