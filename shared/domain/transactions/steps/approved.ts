import { signingPayload } from '../../chain/pq-evm-v1.js';
import { ChainError } from '../../../ports/chain.js';
import { loadWallet } from '../../wallets/wallet-record.js';
import type { Hex } from '../../tokens/calls.js';
import { tokenTemplateOf } from '../../tokens/token-record.js';
import { chainCall, isTokenTransfer } from '../chain-call.js';
import { allocateNonce, nonceWrite, readNonceItem, type NonceItem } from '../wallet-nonce.js';
import { defineStep } from './step.js';

/** What the APPROVED step reads from the chain and the wallet's nonce item. Wei (and token units) as decimal strings. */
type Facts = {
  nonce: NonceItem;
  chainPending: number;
  chainId: number;
  balance: string;
  /** A token-asset transfer: the source wallet's `balanceOf` at the pending block; null for anything else. */
  tokenBalance: string | null;
  /** A contract call that would revert (eth_call at the pending block, or gas estimation): the decoded reason. */
  revert: string | null;
  /** Null when the balance is below the amount alone, or the call would revert (no estimate is asked for). */
  estimate: { maxFeePerGas: string; maxPriorityFeePerGas: string; gasLimit: number } | null;
};

/** Headroom on a contract call's gas estimate (state can change between estimate and inclusion); transfers use it exactly. */
const CONTRACT_GAS_MARGIN_PERCENT = 125n;

/**
 * APPROVED -> PENDING_SIGNATURE: builds the transaction the signer signs. A contract call (token operation, deployment,
 * token-asset transfer) is first simulated with `eth_call` at the pending block from the signing wallet: one that would
 * revert ends FAILED with the decoded revert reason, before any nonce is taken or gas spent; a token-asset transfer
 * also needs the wallet's `balanceOf` to cover the amount. Then takes the wallet's nonce (./wallet-nonce.ts: a released
 * one first, else max(the node's pending nonce, the highest handed out + 1); a FILL_NONCE keeps the one it was created
 * with), estimates fees and gas, and stores them
 * with the pq-evm-v1 unsigned encoding and digest; the nonce item is written in the same unit of work. A native
 * balance below value + maximum fee (gasLimit x maxFeePerGas) ends it FAILED, naming insufficient funds, with no nonce
 * taken. A chain that does not answer throws: the transaction stays APPROVED and the message comes back.
 */
export const approvedStep = defineStep<Facts>({
  status: 'APPROVED',
  summary:
    "Simulates a contract call (eth_call, pending block), takes the wallet's nonce, estimates fees and gas, checks balances and builds the unsigned transaction: PENDING_SIGNATURE (FAILED when the call would revert or funds are short).",
  reads: [
    "the wallet's nonce item",
    'the chain: pending nonce, fees, gas, balance (and token balanceOf) of the source wallet, eth_call simulation',
    "the token's template (revert decoding)",
    'the chain profile (chain id, encoding)',
  ],
  moves: [
    { to: 'PENDING_SIGNATURE', trigger: 'worker' },
    { to: 'FAILED', trigger: 'failure' },
  ],
  emits: [],
  commitBefore: true,
  read: async (deps, tx) => {
    const wallet = await loadWallet(deps.store, tx.tenantId, tx.sourceWalletId);
    const call = chainCall(tx);
    const from = wallet.address.toLowerCase();
    const [nonce, chainPending, balance] = await Promise.all([
      readNonceItem(deps.store, tx.tenantId, tx.sourceWalletId),
      deps.chain.pendingNonce(wallet.address),
      deps.chain.getBalance(wallet.address),
    ]);
    const base = {
      nonce,
      chainPending,
      chainId: deps.profile.chainId,
      balance: balance.toString(),
      tokenBalance: null,
      revert: null,
      estimate: null,
    };
    if (balance < call.value) return base;
    if (isTokenTransfer(tx)) {
      // The token calls (viem's ABI encoding) are imported here, by the token transfers and contract calls that use
      // them: in the transaction worker's bundle they are a lazy chunk that a native transfer never loads.
      const { erc20BalanceOfData } = await import('../../tokens/erc20.js');
      const held = BigInt(
        await deps.chain.callContract({ from, to: call.to, data: erc20BalanceOfData(from as Hex) }, 'pending'),
      );
      if (held < BigInt(tx.amount)) return { ...base, tokenBalance: held.toString() };
      Object.assign(base, { tokenBalance: held.toString() });
    }
    let gas: bigint;
    try {
      if (tx.contractCall) await deps.chain.callContract({ from, to: call.to, data: call.data }, 'pending');
      gas = await deps.chain.estimateGas({ from, to: call.to, value: call.value, data: call.data });
    } catch (e) {
      if (!(e instanceof ChainError) || !tx.contractCall) throw e;
      const template = tx.tokenId ? await tokenTemplateOf(deps.store, tx.tenantId, tx.tokenId) : undefined;
      const reason = e.rpcData
        ? (await import('../../tokens/calls.js')).decodeRevertReason(template, e.rpcData as Hex)
        : e.message;
      return { ...base, revert: reason };
    }
    const fees = await deps.chain.estimateFees();
    const gasLimit = tx.contractCall ? (gas * CONTRACT_GAS_MARGIN_PERCENT) / 100n : gas;
    return {
      ...base,
      estimate: {
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        gasLimit: Number(gasLimit),
      },
    };
  },
  decide: (tx, f) => {
    if (f.revert !== null) {
      return {
        to: 'FAILED',
        trigger: 'failure',
        failureCode: 'simulation_reverted',
        changes: { failureReason: `simulation reverted: ${f.revert}` },
      };
    }
    const call = chainCall(tx);
    if (f.tokenBalance !== null && BigInt(f.tokenBalance) < BigInt(tx.amount)) {
      return {
        to: 'FAILED',
        trigger: 'failure',
        failureCode: 'insufficient_funds',
        changes: { failureReason: `insufficient funds: token balance ${f.tokenBalance} is below amount ${tx.amount}` },
      };
    }
    const maxFee = f.estimate ? BigInt(f.estimate.gasLimit) * BigInt(f.estimate.maxFeePerGas) : 0n;
    if (!f.estimate || BigInt(f.balance) < call.value + maxFee) {
      const needed = f.estimate ? `amount + maximum fee ${call.value + maxFee}` : `amount ${call.value}`;
      return {
        to: 'FAILED',
        trigger: 'failure',
        failureCode: 'insufficient_funds',
        changes: { failureReason: `insufficient funds: wallet balance ${f.balance} wei is below ${needed} wei` },
      };
    }
    // A FILL_NONCE holds its nonce from its creation (../nonce-gap.ts); every other transaction takes one now.
    const { nonce, state } =
      tx.nonce !== null ? { nonce: tx.nonce, state: null } : allocateNonce(f.nonce.state, f.chainPending);
    const fields = {
      chainId: BigInt(f.chainId),
      nonce: BigInt(nonce),
      maxPriorityFeePerGas: BigInt(f.estimate.maxPriorityFeePerGas),
      maxFeePerGas: BigInt(f.estimate.maxFeePerGas),
      gasLimit: BigInt(f.estimate.gasLimit),
      to: call.to,
      value: call.value,
      data: call.data,
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
      writes: state ? [nonceWrite(tx.tenantId, tx.sourceWalletId, f.nonce, state)] : [],
    };
  },
  cases: [
    {
      nonce: { state: { next: 3, released: [1] }, version: 4 },
      chainPending: 1,
      chainId: 20803,
      balance: '1000000000000000000',
      tokenBalance: null,
      revert: null,
      estimate: { maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', gasLimit: 21000 },
    },
    {
      nonce: { state: { next: 0, released: [] }, version: null },
      chainPending: 0,
      chainId: 20803,
      balance: '1',
      tokenBalance: null,
      revert: null,
      estimate: null,
    },
    {
      nonce: { state: { next: 0, released: [] }, version: null },
      chainPending: 0,
      chainId: 20803,
      balance: '10',
      tokenBalance: null,
      revert: null,
      estimate: { maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', gasLimit: 21000 },
    },
    {
      nonce: { state: { next: 0, released: [] }, version: null },
      chainPending: 0,
      chainId: 20803,
      balance: '10',
      tokenBalance: null,
      revert: 'AddressNotAllowlisted(0x00000000000000000000000000000000000000aa)',
      estimate: null,
    },
    {
      nonce: { state: { next: 0, released: [] }, version: null },
      chainPending: 0,
      chainId: 20803,
      balance: '10',
      tokenBalance: '1',
      revert: null,
      estimate: null,
    },
  ],
});
