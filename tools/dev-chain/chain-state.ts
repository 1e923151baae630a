import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The dev chain's memory: blocks, accounts, the pending pool and the transactions it has seen. Deliberately small:
 * it does not decode transactions (the post-quantum signed transaction format is a later issue), so a transaction is
 * an opaque byte string identified by its Keccak-256 hash, included in the next block and reported successful.
 * Balances change only through the prefunded accounts and `setBalance`; nonces advance only when a `senderOf`
 * decoder is given (the hook where the transaction format plugs in once it exists).
 */
export type DevAccount = { balance?: bigint; nonce?: number };

export type ChainStateOptions = {
  chainId: number;
  /** Prefunded accounts by address. */
  accounts?: Record<string, DevAccount>;
  /** Block timestamps. */
  now?: () => Date;
  /** The sender of a raw transaction, when the format is known; null (the default) leaves nonces unchanged. */
  senderOf?: (raw: Uint8Array) => string | null;
};

export type Block = { number: number; hash: string; parentHash: string; timestamp: number; transactions: string[] };

type SeenTransaction = { hash: string; from: string | null; block: Block | null; index: number | null };

export type DevReceipt = { transactionHash: string; transactionIndex: number; blockHash: string; blockNumber: number; from: string | null; status: 1 };

export class KnownTransactionError extends Error {}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const isAddress = (a: unknown): a is string => typeof a === 'string' && ADDRESS_RE.test(a);

export class ChainState {
  readonly chainId: number;
  private readonly blocks: Block[] = [];
  private readonly accounts = new Map<string, { balance: bigint; nonce: number }>();
  private readonly seen = new Map<string, SeenTransaction>();
  private pending: string[] = [];
  private readonly now: () => Date;
  private readonly senderOf: (raw: Uint8Array) => string | null;

  constructor(opts: ChainStateOptions) {
    this.chainId = opts.chainId;
    this.now = opts.now ?? (() => new Date());
    this.senderOf = opts.senderOf ?? (() => null);
    for (const [address, a] of Object.entries(opts.accounts ?? {})) {
      if (!isAddress(address)) throw new Error(`not an address: ${address}`);
      this.accounts.set(address.toLowerCase(), { balance: a.balance ?? 0n, nonce: a.nonce ?? 0 });
    }
    this.seal([]); // genesis
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  balanceOf(address: string): bigint {
    return this.accounts.get(address.toLowerCase())?.balance ?? 0n;
  }

  setBalance(address: string, balance: bigint): void {
    const a = this.account(address);
    a.balance = balance;
  }

  /** Mined transactions of the account (`latest`), plus those waiting in the pool (`pending`). */
  transactionCount(address: string, tag: 'latest' | 'pending'): number {
    const a = address.toLowerCase();
    const mined = this.accounts.get(a)?.nonce ?? 0;
    if (tag === 'latest') return mined;
    return mined + this.pending.filter((h) => this.seen.get(h)!.from === a).length;
  }

  /** Puts a transaction in the pool; answers its hash. A transaction seen before (pending or mined) is refused. */
  submit(raw: Uint8Array): string {
    const hash = `0x${bytesToHex(keccak_256(raw))}`;
    if (this.seen.has(hash)) throw new KnownTransactionError('already known');
    const from = this.senderOf(raw)?.toLowerCase() ?? null;
    this.seen.set(hash, { hash, from, block: null, index: null });
    this.pending.push(hash);
    return hash;
  }

  /** Seals `count` blocks; the first takes every pending transaction. Answers the new head's number. */
  mine(count = 1): number {
    for (let i = 0; i < count; i++) {
      const included = this.pending;
      this.pending = [];
      const block = this.seal(included);
      included.forEach((hash, index) => {
        const tx = this.seen.get(hash)!;
        tx.block = block;
        tx.index = index;
        if (tx.from) this.account(tx.from).nonce += 1;
      });
    }
    return this.head.number;
  }

  receipt(hash: string): DevReceipt | null {
    const tx = this.seen.get(hash.toLowerCase());
    if (!tx?.block || tx.index === null) return null;
    return { transactionHash: tx.hash, transactionIndex: tx.index, blockHash: tx.block.hash, blockNumber: tx.block.number, from: tx.from, status: 1 };
  }

  private account(address: string) {
    const key = address.toLowerCase();
    let a = this.accounts.get(key);
    if (!a) this.accounts.set(key, (a = { balance: 0n, nonce: 0 }));
    return a;
  }

  private seal(transactions: string[]): Block {
    const parent = this.blocks[this.blocks.length - 1];
    const number = parent ? parent.number + 1 : 0;
    const parentHash = parent?.hash ?? `0x${'0'.repeat(64)}`;
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const hash = `0x${bytesToHex(keccak_256(utf8ToBytes(`${this.chainId}:${number}:${parentHash}:${timestamp}:${transactions.join(',')}`)))}`;
    const block = { number, hash, parentHash, timestamp, transactions };
    this.blocks.push(block);
    return block;
  }
}
