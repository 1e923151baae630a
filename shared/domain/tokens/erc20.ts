import { decodeEventLog, encodeFunctionData, erc20Abi, keccak256, stringToHex } from 'viem';
import { ADDRESS_RE, address, positive, TokenCallError, type Hex } from './call-params.js';

/**
 * The standard ERC-20 calls and log a token asset needs, whatever contract it is (viem's erc20Abi, no template
 * artifact): `transfer` for POST /v1/transactions, `balanceOf` for balances, the Transfer topic for deposits.
 */

/** keccak256("Transfer(address,address,uint256)"): topic 0 of ERC-20 Transfer logs. */
export const TRANSFER_EVENT_TOPIC: Hex = /* @__PURE__ */ keccak256(
  /* @__PURE__ */ stringToHex('Transfer(address,address,uint256)'),
);

/** ERC-20 `transfer(to, amount)`: an asset transfer of a token through POST /v1/transactions. */
export function erc20TransferData(to: Hex, value: bigint): Hex {
  return encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address(to, 'to'), positive(value, 'amount')],
  });
}

/** ERC-20 `balanceOf(owner)`, for eth_call; its answer is one uint256 (erc20BalanceOfResult). */
export function erc20BalanceOfData(owner: Hex): Hex {
  if (typeof owner !== 'string' || !ADDRESS_RE.test(owner))
    throw new TokenCallError('owner must be a 0x address of 20 bytes');
  return encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner.toLowerCase() as Hex] });
}

/** The uint256 an eth_call of balanceOf answers. */
export function erc20BalanceOfResult(data: Hex): bigint {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(data))
    throw new TokenCallError('a balanceOf answer is one 32-byte word');
  return BigInt(data);
}

/**
 * An ERC-20 `Transfer` log's sender, recipient (lowercase) and value, decoded with viem's erc20Abi (any ERC-20
 * contract, no template artifact: the deposit scanner carries no template ABI); undefined for another event or a log
 * that does not decode.
 */
export function decodeErc20Transfer(log: {
  topics: Hex[];
  data: Hex;
}): { from: string; to: string; value: bigint } | undefined {
  if (!log || !Array.isArray(log.topics) || log.topics.length === 0) return undefined;
  try {
    const decoded = decodeEventLog({
      abi: erc20Abi,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    if (decoded.eventName !== 'Transfer') return undefined;
    const { from, to, value } = decoded.args;
    return { from: from.toLowerCase(), to: to.toLowerCase(), value };
  } catch {
    return undefined;
  }
}
