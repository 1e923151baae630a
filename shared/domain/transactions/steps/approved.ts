import { signingPayload } from '../../chain/chain-profile.js';
import { loadWallet } from '../../wallets/wallet-record.js';
import { allocateNonce, nonceWrite, readNonceItem, type NonceItem } from '../wallet-nonce.js';
import { defineStep } from './step.js';

/** What the APPROVED step reads from the chain and the wallet's nonce item. Wei as decimal strings. */
type Facts = {
  nonce: NonceItem;
  chainPending: number;
  chainId: number;
  balance: string;
  /** Null when the balance is below the amount alone (no estimate is asked for). */
  estimate: { maxFeePerGas: string; maxPriorityFeePerGas: string; gasLimit: number } | null;
};

/**
 * APPROVED -> PENDING_SIGNATURE: builds the transaction the signer signs. Takes the wallet's nonce (./wallet-nonce.ts:
 * a released one first, else max(the node's pending nonce, the highest handed out + 1)), estimates fees and gas on the
 * chain, and stores them with the pq-evm-v1 unsigned encoding and digest; the nonce item is written in the same unit
 * of work. A balance below amount + maximum fee (gasLimit x maxFeePerGas) ends it FAILED, naming insufficient funds,
 * with no nonce taken. A chain that does not answer throws: the transaction stays APPROVED and the message comes back.
 */
export const approvedStep = defineStep<Facts>({
  status: 'APPROVED',
  summary: 'Takes the wallet\'s nonce, estimates fees and gas, checks the balance and builds the unsigned transaction: PENDING_SIGNATURE (FAILED when funds are short).',
  reads: ['the wallet\'s nonce item', 'the chain: pending nonce, fees, gas, balance of the source wallet', 'the chain profile (chain id, encoding)'],
  moves: [
    { to: 'PENDING_SIGNATURE', trigger: 'worker' },
    { to: 'FAILED', trigger: 'failure' },
  ],
  emits: [],
  read: async (deps, tx) => {
    const wallet = await loadWallet(deps.store, tx.tenantId, tx.sourceWalletId);
    const [nonce, chainPending, balance] = await Promise.all([
      readNonceItem(deps.store, tx.tenantId, tx.sourceWalletId),
      deps.chain.pendingNonce(wallet.address),
      deps.chain.getBalance(wallet.address),
    ]);
    const base = { nonce, chainPending, chainId: deps.profile.chainId, balance: balance.toString() };
    if (balance < BigInt(tx.amount)) return { ...base, estimate: null };
    const [fees, gas] = await Promise.all([
      deps.chain.estimateFees(),
      deps.chain.estimateGas({ from: wallet.address, to: tx.destinationAddr.toLowerCase(), value: BigInt(tx.amount), data: '0x' }),
    ]);
    return { ...base, estimate: { maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(), gasLimit: Number(gas) } };
  },
  decide: (tx, f) => {
    const maxFee = f.estimate ? BigInt(f.estimate.gasLimit) * BigInt(f.estimate.maxFeePerGas) : 0n;
    if (!f.estimate || BigInt(f.balance) < BigInt(tx.amount) + maxFee) {
      const needed = f.estimate ? `amount + maximum fee ${BigInt(tx.amount) + maxFee}` : `amount ${tx.amount}`;
      return { to: 'FAILED', trigger: 'failure', changes: { failureReason: `insufficient funds: wallet balance ${f.balance} wei is below ${needed} wei` } };
    }
    const { nonce, state } = allocateNonce(f.nonce.state, f.chainPending);
    const fields = {
      chainId: BigInt(f.chainId),
      nonce: BigInt(nonce),
      maxPriorityFeePerGas: BigInt(f.estimate.maxPriorityFeePerGas),
      maxFeePerGas: BigInt(f.estimate.maxFeePerGas),
      gasLimit: BigInt(f.estimate.gasLimit),
      to: tx.destinationAddr.toLowerCase(),
      value: BigInt(tx.amount),
      data: '0x',
    };
    const { unsignedTx, digest } = signingPayload(fields);
    return {
      to: 'PENDING_SIGNATURE',
      trigger: 'worker',
      changes: {
        nonce,
        gasLimit: f.estimate.gasLimit,
        maxFeePerGas: f.estimate.maxFeePerGas,
        maxPriorityFeePerGas: f.estimate.maxPriorityFeePerGas,
        fee: maxFee.toString(),
        chainId: f.chainId,
        to: fields.to,
        data: fields.data,
        unsignedTx,
        digest,
      },
      writes: [nonceWrite(tx.tenantId, tx.sourceWalletId, f.nonce, state)],
    };
  },
  cases: [
    {
      nonce: { state: { next: 3, released: [1] }, version: 4 },
      chainPending: 1,
      chainId: 20803,
      balance: '1000000000000000000',
      estimate: { maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', gasLimit: 21000 },
    },
    { nonce: { state: { next: 0, released: [] }, version: null }, chainPending: 0, chainId: 20803, balance: '1', estimate: null },
    {
      nonce: { state: { next: 0, released: [] }, version: null },
      chainPending: 0,
      chainId: 20803,
      balance: '10',
      estimate: { maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', gasLimit: 21000 },
    },
  ],
});
