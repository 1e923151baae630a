import { readFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '../shared/config.js';
import { chainProfileFromConfig, ML_DSA, toHex } from '../shared/domain/chain/chain-profile.js';

/**
 * Sends a deposit on the local development chain: `npm run dev:deposit -- <address> [amount in wei]` (default one
 * coin). A fixed development key (never use it elsewhere) is given funds with `anvil_setBalance`, then signs a native
 * transfer to the address with ML-DSA (the configured parameter set and context), which the chain verifies and mines.
 * The chain is `CUSTODY_NODE_RPC_URL` when set, else the one in `.local/stack.json` (`npm start`). Prints the transaction hash
 * and the block it landed in; the deposit scanner lists it within a few seconds (`GET /v1/deposits`).
 */
const DEV_SEED = new Uint8Array(32).fill(0xde);
const COIN = 10n ** 18n;

function chainUrl(): string {
  if (process.env.CUSTODY_NODE_RPC_URL) return process.env.CUSTODY_NODE_RPC_URL;
  const file = path.resolve('.local', 'stack.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { chain_rpc_url: string }).chain_rpc_url;
  } catch {
    throw new Error(`no ${file}: start the local stack first (npm start), or set CUSTODY_NODE_RPC_URL`);
  }
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
const hex = (n: bigint) => `0x${n.toString(16)}`;

async function main() {
  const [to, amountArg] = process.argv.slice(2);
  if (!to || !/^0x[0-9a-fA-F]{40}$/.test(to) || (amountArg !== undefined && !/^[1-9][0-9]*$/.test(amountArg))) {
    console.error('usage: npm run dev:deposit -- <0x address> [amount in wei, default 1000000000000000000]');
    process.exit(2);
  }
  const amount = amountArg ? BigInt(amountArg) : COIN;
  const url = chainUrl();
  const cfg = config();
  const chainId = Number(BigInt(await rpc<string>(url, 'eth_chainId', [])));
  const profile = chainProfileFromConfig({ ...cfg, CUSTODY_CHAIN_ID: chainId });
  const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen(DEV_SEED);
  const from = profile.deriveAddress(publicKey);
  await rpc(url, 'anvil_setBalance', [from, hex(amount + 1000n * COIN)]);
  const nonce = BigInt(await rpc<string>(url, 'eth_getTransactionCount', [from, 'pending']));
  const head = await rpc<{ baseFeePerGas?: string }>(url, 'eth_getBlockByNumber', ['latest', false]);
  const tip = 10n ** 9n;
  const maxFee = 2n * BigInt(head.baseFeePerGas ?? '0x0') + tip;
  const tx = { chainId: BigInt(chainId), nonce, maxPriorityFeePerGas: tip, maxFeePerGas: maxFee, gasLimit: 21_000n, to: to.toLowerCase(), value: amount, data: '0x' };
  const { raw, hash } = profile.signTransaction(secretKey, toHex(publicKey), tx);
  await rpc(url, 'eth_sendRawTransaction', [raw]);
  console.log(`sent ${amount} wei from ${from} to ${to.toLowerCase()}: ${hash}`);
  for (let i = 0; i < 60; i++) {
    const receipt = await rpc<{ blockNumber: string } | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (receipt) {
      console.log(`mined in block ${Number(BigInt(receipt.blockNumber))}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log('not mined yet (the chain mines on a timer under npm start)');
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
