import { createBlock, createBlockHeader, type Block as EvmBlock } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createFeeMarket1559Tx, type FeeMarket1559Tx } from '@ethereumjs/tx';
import { createAccount, createAddressFromString, type Address } from '@ethereumjs/util';
import { createVM, runTx, type RunTxResult, type VM } from '@ethereumjs/vm';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  decodeSignedTx,
  deriveAddress,
  InvalidTxSignatureError,
  makeChainProfile,
  txHash,
  TxDecodeError,
  type ChainProfile,
  type OpenedTransaction,
  type PqAlgorithm,
  type PqEvmTx,
} from '../../shared/domain/chain/chain-profile.js';
import { Journal, type JournalRecord } from './journal.js';

/**
 * The dev chain's state: a real EVM (@ethereumjs/vm, Cancun rules, in memory) behind pq-evm-v1 transactions.
 *
 * A raw transaction is opened with the chain profile (canonical decoding, ML-DSA signature verified against the key
 * it carries, sender = the address derived from that key), checked like a node checks it (chain id, fees, intrinsic
 * gas, nonce, balance for value + gasLimit * maxFeePerGas) and put in the pool. Mining runs the pool's executable
 * transactions (each sender's in nonce order) through the VM's `runTx` as an EIP-1559 transaction whose sender is the
 * derived address, so nonces, balances, fees (tip to the coinbase, base fee burnt), contract creation, calls, reverts,
 * receipts and logs are the EVM's own. The base fee is constant. Blocks keep the state root after them, so `reorg`
 * can rewind and rebuild the last blocks with new hashes.
 *
 * With a `dataDir` every change is also written to a journal (journal.ts) and a restart replays it: the same blocks
 * and hashes, balances, nonces and pool.
 *
 * All access goes through one queue (`exclusive`): the VM is not safe under interleaved async calls.
 */
export type DevAccount = { balance?: bigint; nonce?: number };

export type ChainStateOptions = {
  chainId: number;
  /** ML-DSA parameter set and context of the signatures the chain accepts (default ML-DSA-65, no context). */
  algorithm?: PqAlgorithm;
  context?: string;
  /** Prefunded accounts by address. */
  accounts?: Record<string, DevAccount>;
  /** Block timestamps. */
  now?: () => Date;
  /** Base fee per gas of every block (default 1 gwei). */
  baseFeePerGas?: bigint;
  /** The least tip a pool transaction must pay to be mined (the `minTipWei` fault knob; default none). */
  minTip?: () => bigint;
  /**
   * Folder of the chain's journal: the chain it holds is resumed (its settings must match these; `accounts` count
   * only when the chain is created), and every change is added to it. Absent: in memory only.
   */
  dataDir?: string;
};

export type DevLog = { address: string; topics: string[]; data: string; logIndex: number };

export type DevReceipt = {
  transactionHash: string;
  transactionIndex: number;
  blockHash: string;
  blockNumber: number;
  from: string;
  to: string | null;
  contractAddress: string | null;
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: DevLog[];
};

export type PoolTx = { hash: string; raw: string; from: string; tx: PqEvmTx };

export type Block = {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
  gasUsed: bigint;
  baseFeePerGas: bigint;
  transactions: string[];
  receipts: DevReceipt[];
  /** State root after the block (and any balance set while it was the head). */
  stateRoot: Uint8Array;
};

/** A transaction the node refuses; the message is the one Ethereum nodes use ("nonce too low", ...). -32000. */
export class TxRejectedError extends Error {}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const isAddress = (a: unknown): a is string => typeof a === 'string' && ADDRESS_RE.test(a);

export const DEV_BLOCK_GAS_LIMIT = 30_000_000n;
export const DEV_PRIORITY_FEE = 1_000_000_000n;
/** A pool transaction is replaced only by one paying this much more in both fee fields (geth's txpool.pricebump). */
export const REPLACEMENT_BUMP_PERCENT = 10n;
const COINBASE = '0x00000000000000000000000000000000000c0ffe';
const hex = (b: Uint8Array): string => `0x${bytesToHex(b)}`;
const addr = (a: string): Address => createAddressFromString(a.toLowerCase());

export class ChainState {
  readonly chainId: number;
  readonly baseFeePerGas: bigint;
  readonly profile: ChainProfile;
  private readonly blocks: Block[] = [];
  /** Canonical receipts and pool entries by hash; a transaction once seen is known forever. */
  private readonly receipts = new Map<string, DevReceipt>();
  private readonly known = new Map<string, PoolTx>();
  private pool: PoolTx[] = [];
  private readonly common: Common;
  private vm!: VM;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => Date;
  private readonly minTip: () => bigint;
  /** How many reorgs happened: mixed into the replacement blocks so their hashes differ. */
  private reorgs = 0;
  private journal: Journal | undefined;
  private readonly algorithm: PqAlgorithm;
  private readonly context: string;

  private constructor(opts: ChainStateOptions) {
    this.chainId = opts.chainId;
    this.baseFeePerGas = opts.baseFeePerGas ?? 1_000_000_000n;
    this.now = opts.now ?? (() => new Date());
    this.minTip = opts.minTip ?? (() => 0n);
    this.algorithm = opts.algorithm ?? 'ML-DSA-65';
    this.context = opts.context ?? '';
    this.profile = makeChainProfile({
      chainId: opts.chainId,
      algorithm: this.algorithm,
      context: this.context,
      nativeAsset: { symbol: 'PQ', name: 'PQ' },
    });
    this.common = createCustomCommon({ chainId: opts.chainId }, Mainnet, { hardfork: Hardfork.Cancun });
  }

  /** A new chain, or with `dataDir` the chain its journal holds (replayed), which then records every change. */
  static async create(opts: ChainStateOptions): Promise<ChainState> {
    const s = new ChainState(opts);
    s.vm = await createVM({ common: s.common });
    const opened = opts.dataDir ? Journal.open(opts.dataDir) : undefined;
    try {
      if (opened?.records.length) await s.replay(opened.records, opened.journal.file);
      else await s.genesis(opts.accounts ?? {}, opened?.journal);
    } catch (e) {
      opened?.journal.close();
      throw e;
    }
    s.journal = opened?.journal;
    return s;
  }

  /** Stops recording (the journal is closed once what is queued has run). */
  close(): Promise<void> {
    return this.exclusive(() => this.journal?.close());
  }

  /** Runs `fn` alone: VM calls never interleave. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs a change alone, unless the journal can take no more (the chain must not run ahead of it). */
  private change<T>(fn: () => Promise<T> | T): Promise<T> {
    return this.exclusive(() => {
      this.journal?.assertWritable();
      return fn();
    });
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  block(n: number): Block | null {
    return this.blocks[n] ?? null;
  }

  blockByHash(hash: string): Block | null {
    return this.blocks.find((b) => b.hash === hash.toLowerCase()) ?? null;
  }

  receipt(hash: string): DevReceipt | null {
    return this.receipts.get(hash.toLowerCase()) ?? null;
  }

  /** A transaction the node knows (pending or mined), with its receipt once mined. */
  transaction(hash: string): { pooled: PoolTx; receipt: DevReceipt | null } | null {
    const pooled = this.known.get(hash.toLowerCase());
    return pooled ? { pooled, receipt: this.receipt(hash) } : null;
  }

  balanceOf(address: string): Promise<bigint> {
    return this.exclusive(async () => (await this.vm.stateManager.getAccount(addr(address)))?.balance ?? 0n);
  }

  codeOf(address: string): Promise<string> {
    return this.exclusive(async () => hex(await this.vm.stateManager.getCode(addr(address))));
  }

  /** Sets a balance in the head's state (anvil_setBalance); the head's recorded state root follows, so a reorg keeps it. */
  setBalance(address: string, balance: bigint): Promise<void> {
    return this.change(async () => {
      await this.putBalance(address, balance);
      this.record({ op: 'balance', address: address.toLowerCase(), balance: balance.toString() }, true);
    });
  }

  private async putBalance(address: string, balance: bigint): Promise<void> {
    const a = addr(address);
    const account = (await this.vm.stateManager.getAccount(a)) ?? createAccount({});
    account.balance = balance;
    await this.vm.stateManager.putAccount(a, account);
    this.head.stateRoot = await this.vm.stateManager.getStateRoot();
  }

  /** Mined transactions of the account (`latest`); `pending` adds its pool transactions that continue that nonce. */
  transactionCount(address: string, tag: 'latest' | 'pending'): Promise<number> {
    return this.exclusive(() => this.nonceOf(address, tag));
  }

  private async nonceOf(address: string, tag: 'latest' | 'pending'): Promise<number> {
    const mined = Number((await this.vm.stateManager.getAccount(addr(address)))?.nonce ?? 0n);
    if (tag === 'latest') return mined;
    const a = address.toLowerCase();
    const nonces = new Set(this.pool.filter((p) => p.from === a).map((p) => Number(p.tx.nonce)));
    let n = mined;
    while (nonces.has(n)) n += 1;
    return n;
  }

  /**
   * Checks a raw transaction as a node does and puts it in the pool; answers its hash. Throws TxRejectedError with
   * the usual node message. A transaction with a nonce above the next one waits in the pool (as a node queues it).
   */
  submit(raw: Uint8Array): Promise<string> {
    return this.change(async () => {
      let opened;
      try {
        opened = this.profile.openSignedTransaction(raw);
      } catch (e) {
        if (e instanceof TxDecodeError) throw new TxRejectedError(`invalid transaction: ${e.message}`);
        if (e instanceof InvalidTxSignatureError) throw new TxRejectedError(`invalid signature: ${e.message}`);
        throw e;
      }
      const hash = await this.admit(opened, raw);
      this.record({ op: 'tx', raw: hex(raw) }, false); // on disk at the next block; a killed process loses nothing
      return hash;
    });
  }

  /** The node's checks, then into the pool (replacing a pooled transaction of the same sender and nonce). */
  private async admit(opened: Pick<OpenedTransaction, 'tx' | 'from' | 'hash'>, raw: Uint8Array): Promise<string> {
    const { tx, from, hash } = opened;
    if (this.known.has(hash)) throw new TxRejectedError('already known');
    if (tx.chainId !== BigInt(this.chainId))
      throw new TxRejectedError(`invalid chain id: ${tx.chainId} (this chain is ${this.chainId})`);
    if (tx.maxPriorityFeePerGas > tx.maxFeePerGas)
      throw new TxRejectedError('max priority fee per gas higher than max fee per gas');
    if (tx.maxFeePerGas < this.baseFeePerGas)
      throw new TxRejectedError(
        `max fee per gas less than block base fee: maxFeePerGas: ${tx.maxFeePerGas}, baseFee: ${this.baseFeePerGas}`,
      );
    if (tx.gasLimit > DEV_BLOCK_GAS_LIMIT) throw new TxRejectedError('exceeds block gas limit');
    let intrinsic: bigint;
    try {
      intrinsic = this.evmTx(tx, from).getIntrinsicGas();
    } catch (e) {
      throw new TxRejectedError(`invalid transaction: ${(e as Error).message.split('\n')[0]!.slice(0, 200)}`); // e.g. init code over the EIP-3860 limit
    }
    if (tx.gasLimit < intrinsic)
      throw new TxRejectedError(`intrinsic gas too low: gas ${tx.gasLimit}, minimum needed ${intrinsic}`);
    const account = await this.vm.stateManager.getAccount(addr(from));
    const stateNonce = account?.nonce ?? 0n;
    if (tx.nonce < stateNonce)
      throw new TxRejectedError(`nonce too low: next nonce ${stateNonce}, tx nonce ${tx.nonce}`);
    const replaced = this.pool.findIndex((p) => p.from === from && p.tx.nonce === tx.nonce);
    if (replaced >= 0 && !outbids(tx, this.pool[replaced]!.tx))
      throw new TxRejectedError('replacement transaction underpriced');
    const cost = tx.value + tx.gasLimit * tx.maxFeePerGas;
    const balance = account?.balance ?? 0n;
    if (balance < cost)
      throw new TxRejectedError(
        `insufficient funds for gas * price + value: address ${from} have ${balance} want ${cost}`,
      );
    const entry = { hash, raw: hex(raw), from, tx };
    this.known.set(hash, entry);
    if (replaced < 0) this.pool.push(entry);
    else {
      this.known.delete(this.pool[replaced]!.hash); // a replaced transaction is gone, as in geth
      this.pool[replaced] = entry;
    }
    return hash;
  }

  /**
   * Seals `count` blocks; the first takes every executable pool transaction that pays at least the `minTip` (the
   * others stay pooled, and so do later nonces of their senders). Answers the new head's number.
   */
  mine(count = 1): Promise<number> {
    return this.change(async () => {
      for (let i = 0; i < count; i++) {
        const minTip = this.minTip();
        const b = await this.seal(minTip > 0n ? this.pool.filter((p) => this.tipOf(p.tx) >= minTip) : this.pool);
        this.record({ op: 'block', number: b.number, timestamp: b.timestamp, hash: b.hash, txs: b.transactions }, true);
      }
      return this.head.number;
    });
  }

  /** Forgets every pool transaction, as a node restart does: unknown to the node from now on. Answers how many. */
  dropPending(): Promise<number> {
    return this.change(() => {
      const dropped = this.forgetPool();
      if (dropped) this.record({ op: 'drop' }, true);
      return dropped;
    });
  }

  /**
   * Replaces the last `depth` blocks: rewinds the state to the block before them and seals `depth` new blocks (new
   * hashes). Their transactions are run again in the first new block, or go back to the pool (`reinclude: false`:
   * the receipts vanish until the next block). Answers the new head's number.
   */
  reorg(depth: number, opts: { reinclude?: boolean } = {}): Promise<number> {
    return this.change(async () => {
      if (!Number.isInteger(depth) || depth < 1 || depth >= this.blocks.length)
        throw new RangeError(`reorg depth must be from 1 to ${this.blocks.length - 1}`);
      const reinclude = opts.reinclude !== false;
      const sealed = await this.rewind(depth, reinclude);
      this.record(
        { op: 'reorg', depth, reinclude, timestamps: sealed.map((b) => b.timestamp), head: this.head.hash },
        true,
      );
      return this.head.number;
    });
  }

  private async rewind(depth: number, reinclude: boolean, timestamps?: number[]): Promise<Block[]> {
    const dropped = this.blocks.splice(this.blocks.length - depth, depth);
    const txs = dropped.flatMap((b) => b.transactions.map((h) => this.known.get(h)!));
    for (const b of dropped) for (const h of b.transactions) this.receipts.delete(h);
    await this.vm.stateManager.setStateRoot(this.head.stateRoot);
    this.reorgs += 1;
    this.pool = [...txs, ...this.pool];
    const sealed = [];
    for (let i = 0; i < depth; i++) sealed.push(await this.seal(reinclude ? this.pool : [], timestamps?.[i]));
    return sealed;
  }

  private forgetPool(): number {
    for (const p of this.pool) this.known.delete(p.hash);
    const dropped = this.pool.length;
    this.pool = [];
    return dropped;
  }

  private record(r: JournalRecord, durable: boolean): void {
    this.journal?.append(r, durable);
  }

  /** A new chain: the prefunded accounts and the genesis block, recorded first when there is a journal. */
  private async genesis(accounts: Record<string, DevAccount>, journal: Journal | undefined): Promise<void> {
    const funded: Record<string, { balance: string; nonce: number }> = {};
    for (const [address, a] of Object.entries(accounts)) {
      if (!isAddress(address)) throw new Error(`not an address: ${address}`);
      funded[address.toLowerCase()] = { balance: (a.balance ?? 0n).toString(), nonce: a.nonce ?? 0 };
    }
    await this.fund(funded);
    const b = await this.seal([]);
    journal?.append(
      {
        op: 'genesis',
        chainId: this.chainId,
        algorithm: this.algorithm,
        context: this.context,
        baseFeePerGas: this.baseFeePerGas.toString(),
        accounts: funded,
        timestamp: b.timestamp,
        hash: b.hash,
      },
      true,
    );
  }

  private async fund(accounts: Record<string, { balance: string; nonce: number }>): Promise<void> {
    for (const [address, a] of Object.entries(accounts)) {
      await this.vm.stateManager.putAccount(
        addr(address),
        createAccount({ balance: BigInt(a.balance), nonce: BigInt(a.nonce) }),
      );
    }
  }

  /**
   * Rebuilds the chain from its journal: each change is made again as it was (transactions are not verified again,
   * the journal took them verified). A block without transactions is taken as recorded (the state did not change);
   * any other must come out with its recorded hash, or the journal does not belong to this code and these settings.
   */
  private async replay(records: JournalRecord[], file: string): Promise<void> {
    const fail = (i: number, why: string) =>
      new Error(`${file}: line ${i + 1} does not replay (${why}): move the file away to start a new chain`);
    const [first] = records;
    if (first?.op !== 'genesis') throw fail(0, 'the first record is not the genesis');
    const settings = {
      chainId: this.chainId,
      algorithm: this.algorithm,
      context: this.context,
      baseFeePerGas: this.baseFeePerGas.toString(),
    };
    const recorded = {
      chainId: first.chainId,
      algorithm: first.algorithm,
      context: first.context,
      baseFeePerGas: first.baseFeePerGas,
    };
    for (const [k, v] of Object.entries(settings)) {
      if (recorded[k as keyof typeof recorded] !== v)
        throw new Error(
          `${file} holds a chain with ${k} ${JSON.stringify(recorded[k as keyof typeof recorded])}, this node is set to ${JSON.stringify(v)}: use another data folder`,
        );
    }
    await this.fund(first.accounts);
    if ((await this.seal([], first.timestamp)).hash !== first.hash) throw fail(0, 'another genesis hash');
    for (let i = 1; i < records.length; i++) {
      const r = records[i]!;
      if (r.op === 'tx') {
        const raw = hexToBytes(r.raw.slice(2));
        const { tx, publicKey } = decodeSignedTx(raw);
        await this.admit({ tx, from: deriveAddress(publicKey), hash: txHash(raw) }, raw).catch((e: Error) =>
          Promise.reject(fail(i, e.message)),
        );
      } else if (r.op === 'block') {
        if (r.number !== this.head.number + 1) throw fail(i, `block ${r.number} after block ${this.head.number}`);
        if (!r.txs.length) {
          this.blocks.push({
            number: r.number,
            hash: r.hash,
            parentHash: this.head.hash,
            timestamp: r.timestamp,
            gasUsed: 0n,
            baseFeePerGas: this.baseFeePerGas,
            transactions: [],
            receipts: [],
            stateRoot: this.head.stateRoot,
          });
          continue;
        }
        const txs = r.txs
          .map((h) => this.known.get(h))
          .filter((p): p is PoolTx => p !== undefined && this.pool.includes(p));
        if (txs.length !== r.txs.length) throw fail(i, 'a transaction of the block is not in the pool');
        const b = await this.seal(txs, r.timestamp);
        if (b.hash !== r.hash) throw fail(i, `block ${r.number} has another hash`);
      } else if (r.op === 'balance') {
        await this.putBalance(r.address, BigInt(r.balance));
      } else if (r.op === 'reorg') {
        if (r.depth < 1 || r.depth >= this.blocks.length || r.timestamps.length !== r.depth)
          throw fail(i, 'a reorg deeper than the chain');
        await this.rewind(r.depth, r.reinclude, r.timestamps);
        if (this.head.hash !== r.head) throw fail(i, 'the reorg ends at another head');
      } else if (r.op === 'drop') {
        this.forgetPool();
      } else {
        throw fail(i, `a second genesis`);
      }
    }
  }

  /** Runs a call against the head's state and throws nothing away but the call's own changes (eth_call). */
  call(c: CallRequest): Promise<{ returnValue: string; gasUsed: bigint; reverted: boolean; error: string | null }> {
    return this.exclusive(() =>
      this.scratch(async () => {
        const r = await this.vm.evm.runCall({
          caller: addr(c.from ?? '0x0000000000000000000000000000000000000000'),
          to: c.to ? addr(c.to) : undefined,
          data: hexToBytes((c.data ?? '0x').slice(2)),
          value: c.value ?? 0n,
          gasLimit: c.gas ?? DEV_BLOCK_GAS_LIMIT,
          block: this.nextBlockContext(),
          skipBalance: true,
        });
        const err = r.execResult.exceptionError;
        return {
          returnValue: hex(r.execResult.returnValue),
          gasUsed: r.execResult.executionGasUsed,
          reverted: !!err,
          error: err ? String(err.error) : null,
        };
      }),
    );
  }

  /**
   * Gas the transaction would use at the head, as a full transaction (intrinsic gas included, refunds not taken
   * off). Throws TxRejectedError `execution reverted` when it reverts.
   */
  estimateGas(c: CallRequest): Promise<bigint> {
    return this.exclusive(() =>
      this.scratch(async () => {
        const from = (c.from ?? '0x0000000000000000000000000000000000000000').toLowerCase();
        const tx: PqEvmTx = {
          chainId: BigInt(this.chainId),
          nonce: 0n,
          maxPriorityFeePerGas: 0n,
          maxFeePerGas: this.baseFeePerGas,
          gasLimit: c.gas ?? DEV_BLOCK_GAS_LIMIT,
          to: c.to?.toLowerCase() ?? null,
          value: c.value ?? 0n,
          data: c.data ?? '0x',
        };
        let r: RunTxResult;
        try {
          r = await runTx(this.vm, {
            tx: this.evmTx(tx, from),
            block: this.nextBlockContext(),
            skipHardForkValidation: true,
            skipNonce: true,
            skipBalance: true,
          });
        } catch (e) {
          throw new TxRejectedError((e as Error).message.split('\n')[0]!.slice(0, 200));
        }
        if (r.execResult.exceptionError)
          throw new TxRejectedError(
            `execution reverted${r.execResult.exceptionError.error === 'revert' ? '' : `: ${r.execResult.exceptionError.error}`}`,
          );
        return r.totalGasSpent + r.gasRefund;
      }),
    );
  }

  /** Logs of canonical blocks in [from, to], by address and topics (Ethereum filter semantics). */
  logs(
    f: LogFilter,
  ): (DevLog & { blockNumber: number; blockHash: string; transactionHash: string; transactionIndex: number })[] {
    const out = [];
    const blocks = f.blockHash
      ? [this.blockByHash(f.blockHash)].filter((b) => b !== null)
      : this.blocks.slice(f.fromBlock, f.toBlock + 1);
    for (const b of blocks) {
      for (const r of b.receipts) {
        for (const l of r.logs) {
          if (f.addresses && !f.addresses.includes(l.address)) continue;
          if (!f.topics.every((want, i) => want === null || want.includes(l.topics[i] ?? ''))) continue;
          out.push({
            ...l,
            blockNumber: b.number,
            blockHash: b.hash,
            transactionHash: r.transactionHash,
            transactionIndex: r.transactionIndex,
          });
        }
      }
    }
    return out;
  }

  /** Runs `fn` on a checkpoint of the state and reverts it. */
  private async scratch<T>(fn: () => Promise<T>): Promise<T> {
    await this.vm.stateManager.checkpoint();
    try {
      return await fn();
    } finally {
      await this.vm.stateManager.revert();
    }
  }

  /** The tip a transaction pays per gas in a block of this base fee (what a miner earns from it). */
  private tipOf(tx: PqEvmTx): bigint {
    return min(tx.maxPriorityFeePerGas, tx.maxFeePerGas - this.baseFeePerGas);
  }

  /** The transaction as the EVM runs it: EIP-1559 fields, sender the address derived from the ML-DSA key. */
  private evmTx(tx: PqEvmTx, from: string): FeeMarket1559Tx {
    const t = createFeeMarket1559Tx(
      {
        chainId: tx.chainId,
        nonce: tx.nonce,
        maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
        maxFeePerGas: tx.maxFeePerGas,
        gasLimit: tx.gasLimit,
        to: tx.to ? addr(tx.to) : undefined,
        value: tx.value,
        data: hexToBytes(tx.data.slice(2)),
        accessList: [],
      },
      { common: this.common, freeze: false },
    );
    const sender = addr(from);
    t.getSenderAddress = () => sender;
    return t;
  }

  private nextBlockContext(timestamp = Math.floor(this.now().getTime() / 1000)): EvmBlock {
    const parent = this.blocks[this.blocks.length - 1];
    return createBlock(
      {
        header: {
          number: BigInt(parent ? parent.number + 1 : 0),
          timestamp: BigInt(timestamp),
          gasLimit: DEV_BLOCK_GAS_LIMIT,
          baseFeePerGas: this.baseFeePerGas,
          coinbase: addr(COINBASE),
        },
      },
      { common: this.common },
    );
  }

  /**
   * Seals one block with the executable transactions of `candidates` (each sender's next nonces, in arrival order),
   * at `timestamp` (default: now, never before its parent's).
   */
  private async seal(candidates: PoolTx[], timestamp?: number): Promise<Block> {
    const parent = this.blocks[this.blocks.length - 1];
    const number = parent ? parent.number + 1 : 0;
    timestamp ??= Math.max(Math.floor(this.now().getTime() / 1000), parent?.timestamp ?? 0);
    const context = this.nextBlockContext(timestamp);
    const receipts: DevReceipt[] = [];
    const included = new Set<PoolTx>();
    let gasUsed = 0n;
    let logIndex = 0;
    for (let progress = true; progress;) {
      progress = false;
      for (const p of candidates) {
        if (included.has(p)) continue;
        const account = await this.vm.stateManager.getAccount(addr(p.from));
        if (p.tx.nonce !== (account?.nonce ?? 0n)) continue;
        let r: RunTxResult;
        try {
          r = await runTx(this.vm, {
            tx: this.evmTx(p.tx, p.from),
            block: context,
            blockGasUsed: gasUsed,
            skipHardForkValidation: true,
          });
        } catch {
          continue; // no longer valid (balance spent by an earlier transaction): it stays in the pool, as in a node
        }
        included.add(p);
        progress = true;
        gasUsed += r.totalGasSpent;
        const logs = r.receipt.logs.map(([address, topics, data]) => ({
          address: hex(address),
          topics: topics.map(hex),
          data: hex(data),
          logIndex: logIndex++,
        }));
        receipts.push({
          transactionHash: p.hash,
          transactionIndex: receipts.length,
          blockHash: '',
          blockNumber: number,
          from: p.from,
          to: p.tx.to,
          contractAddress: r.createdAddress ? r.createdAddress.toString() : null,
          status: r.execResult.exceptionError ? 0 : 1,
          gasUsed: r.totalGasSpent,
          cumulativeGasUsed: gasUsed,
          effectiveGasPrice: this.baseFeePerGas + this.tipOf(p.tx),
          logs,
        });
      }
    }
    this.pool = this.pool.filter((p) => !included.has(p));
    const stateRoot = await this.vm.stateManager.getStateRoot();
    const parentHash = parent?.hash ?? `0x${'00'.repeat(32)}`;
    const transactions = receipts.map((r) => r.transactionHash);
    // A real header hash; extraData binds the transactions and the reorg count (the header has no pq-evm-v1 tx trie).
    const extraData = extraDataOf(this.reorgs, transactions);
    const header = createBlockHeader(
      {
        number: BigInt(number),
        parentHash: hexToBytes(parentHash.slice(2)),
        timestamp: BigInt(timestamp),
        gasLimit: DEV_BLOCK_GAS_LIMIT,
        gasUsed,
        baseFeePerGas: this.baseFeePerGas,
        coinbase: addr(COINBASE),
        stateRoot,
        extraData,
      },
      { common: this.common, skipConsensusFormatValidation: true },
    );
    const hash = hex(header.hash());
    for (const r of receipts) {
      r.blockHash = hash;
      this.receipts.set(r.transactionHash, r);
    }
    const block = {
      number,
      hash,
      parentHash,
      timestamp,
      gasUsed,
      baseFeePerGas: this.baseFeePerGas,
      transactions,
      receipts,
      stateRoot,
    };
    this.blocks.push(block);
    return block;
  }
}

export type CallRequest = { from?: string; to?: string | null; data?: string; value?: bigint; gas?: bigint };
export type LogFilter = {
  fromBlock: number;
  toBlock: number;
  blockHash?: string;
  addresses: string[] | null;
  topics: (string[] | null)[];
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Whether `next` may replace `old` (same sender and nonce) in the pool: geth's rule, more in both fee fields and at
 * least REPLACEMENT_BUMP_PERCENT more in each (rounded down), else "replacement transaction underpriced".
 */
export function outbids(next: PqEvmTx, old: PqEvmTx): boolean {
  const bumped = (x: bigint) => (x * (100n + REPLACEMENT_BUMP_PERCENT)) / 100n;
  if (next.maxFeePerGas <= old.maxFeePerGas || next.maxPriorityFeePerGas <= old.maxPriorityFeePerGas) return false;
  return next.maxFeePerGas >= bumped(old.maxFeePerGas) && next.maxPriorityFeePerGas >= bumped(old.maxPriorityFeePerGas);
}

/** extraData (at most 32 bytes): 4 bytes of reorg count, then 28 bytes of Keccak-256 over the transaction hashes. */
function extraDataOf(reorgs: number, hashes: string[]): Uint8Array {
  const out = new Uint8Array(32);
  new DataView(out.buffer).setUint32(0, reorgs);
  out.set(keccak_256(new TextEncoder().encode(hashes.join(','))).subarray(0, 28), 4);
  return out;
}
