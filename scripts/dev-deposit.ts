import { readFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '../shared/config.js';
import { chainProfileFromConfig, ML_DSA, toHex } from '../shared/domain/chain/chain-profile.js';
import { deploymentData, erc20TransferData, type Hex } from '../shared/domain/tokens/calls.js';

/**
 * Sends a deposit on the local development chain: `npm run dev:deposit -- <address> [amount] [--token new|<contract>]`.
 * A fixed development key (never use it elsewhere) is given funds with `anvil_setBalance`, then signs with ML-DSA (the
 * configured parameter set and context) a transaction the chain verifies and mines:
 *   - without `--token`: a native transfer of `amount` wei (default one coin) to the address;
 *   - `--token new`: deploys an ERC-20 of the ERC20 template (symbol DEV, 6 decimals, 1,000,000,000 DEV to the
 *     development key) and transfers `amount` of its smallest unit (default 1,000,000 = 1 DEV) to the address;
 *   - `--token <contract>`: transfers from the development key's balance of that token (one deployed with `new`).
 * The chain is `CUSTODY_NODE_RPC_URL` when set, else the one in `.local/stack.json` (`npm start`). Prints the transaction
 * hash, the block it landed in and, for a new token, its contract address (register it with `POST /v1/assets` so the
 * scanner watches it; transfers mined before that are not deposits). The deposit scanner lists it within a few seconds
 * (`GET /v1/deposits`).
 */
const DEV_SEED = new Uint8Array(32).fill(0xde);
const COIN = 10n ** 18n;
const DEV_TOKEN_SUPPLY = 10n ** 15n;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

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
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
const hex = (n: bigint) => `0x${n.toString(16)}`;

type Receipt = { blockNumber: string; status: string; contractAddress: string | null };

function usage(): never {
  console.error(
    "usage: npm run dev:deposit -- <0x address> [amount: wei, or the token's smallest unit with --token] [--token new|<0x contract>]",
  );
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  const t = args.indexOf('--token');
  const token = t >= 0 ? args[t + 1] : undefined;
  if (t >= 0 && (!token || (token !== 'new' && !ADDRESS_RE.test(token)))) usage();
  const [to, amountArg, ...rest] = t >= 0 ? [...args.slice(0, t), ...args.slice(t + 2)] : args;
  if (!to || !ADDRESS_RE.test(to) || rest.length || (amountArg !== undefined && !/^[1-9][0-9]*$/.test(amountArg)))
    usage();
  const amount = amountArg ? BigInt(amountArg) : token ? 1_000_000n : COIN;
  const url = chainUrl();
  const cfg = config();
  const chainId = Number(BigInt(await rpc<string>(url, 'eth_chainId', [])));
  const profile = chainProfileFromConfig({ ...cfg, CUSTODY_CHAIN_ID: chainId });
  const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen(DEV_SEED);
  const from = profile.deriveAddress(publicKey);
  await rpc(url, 'anvil_setBalance', [from, hex((token ? 0n : amount) + 1000n * COIN)]);

  /** Signs, sends and waits for one transaction of the development key; its receipt, or null when not mined yet. */
  const send = async (
    f: { to: string | null; value: bigint; data: string; gasLimit: bigint },
    what: string,
  ): Promise<Receipt | null> => {
    const nonce = BigInt(await rpc<string>(url, 'eth_getTransactionCount', [from, 'pending']));
    const head = await rpc<{ baseFeePerGas?: string }>(url, 'eth_getBlockByNumber', ['latest', false]);
    const tip = 10n ** 9n;
    const maxFee = 2n * BigInt(head.baseFeePerGas ?? '0x0') + tip;
    const tx = { chainId: BigInt(chainId), nonce, maxPriorityFeePerGas: tip, maxFeePerGas: maxFee, ...f };
    const { raw, hash } = profile.signTransaction(secretKey, toHex(publicKey), tx);
    await rpc(url, 'eth_sendRawTransaction', [raw]);
    console.log(`${what}: ${hash}`);
    for (let i = 0; i < 60; i++) {
      const receipt = await rpc<Receipt | null>(url, 'eth_getTransactionReceipt', [hash]);
      if (receipt) {
        console.log(
          `mined in block ${Number(BigInt(receipt.blockNumber))}${receipt.status === '0x1' ? '' : ' (reverted)'}`,
        );
        return receipt;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log('not mined yet (the chain mines on a timer under npm start)');
    return null;
  };

  if (!token) {
    await send(
      { to: to.toLowerCase(), value: amount, data: '0x', gasLimit: 21_000n },
      `sent ${amount} wei from ${from} to ${to.toLowerCase()}`,
    );
    return;
  }
  let contract = token.toLowerCase();
  if (token === 'new') {
    const data = deploymentData('ERC20', {
      name: 'Dev Token',
      symbol: 'DEV',
      decimals: 6,
      admin: from as Hex,
      initialSupply: DEV_TOKEN_SUPPLY,
    });
    const receipt = await send(
      { to: null, value: 0n, data, gasLimit: 5_000_000n },
      `deployed an ERC-20 (DEV, 6 decimals) from ${from}`,
    );
    if (!receipt?.contractAddress) throw new Error('the token deployment was not mined');
    contract = receipt.contractAddress.toLowerCase();
    console.log(`token contract ${contract}`);
  }
  await send(
    { to: contract, value: 0n, data: erc20TransferData(to.toLowerCase() as Hex, amount), gasLimit: 200_000n },
    `sent ${amount} of token ${contract} from ${from} to ${to.toLowerCase()}`,
  );
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
