import type { Block, ChainPort, FullBlock } from '../../ports/chain.js';
import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import { WriteConflictError, type Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { runInUnitOfWork, type CommitMeta, type UnitOfWork } from '../unit-of-work.js';
import { nativeAssetId } from '../assets/asset-record.js';
import {
  asDeposit,
  depositEventData,
  depositId,
  depositItem,
  pendingDepositItem,
  tokenDepositId,
  type DepositRecord,
} from './deposit-record.js';
import { loadWatchedTokens, readTokenTransfers, type TokenTransfer, type WatchedToken } from './token-transfers.js';

/**
 * The deposit scanner: one run reads at most `maxBlocks` new blocks after a stored cursor, records each native
 * transfer to a registered wallet (of any tenant) as a DETECTED deposit, and each ERC-20 `Transfer` log of a registered
 * token contract to a wallet of that token's tenant (one `eth_getLogs` for the range: token-transfers.ts), then moves
 * the DETECTED deposits on: CONFIRMED at the confirmation depth, REORGED when the block they were seen in is no longer
 * canonical.
 *
 * Restart-safe and idempotent: deposits are recorded before the cursor moves, under ids derived from the chain
 * transaction and the wallet (for a token also the asset and the Transfer's position), created only if absent; a run
 * that stops half-way, or two runs that overlap, scan the same blocks again and find the deposits already there. The cursor is written under its version, so of two
 * overlapping runs only one advances it. The cursor keeps the hashes of the last blocks it scanned: when one of them is
 * no longer the canonical block at its height (a reorg), the next run scans again from there.
 */
export type ScanDeps = {
  store: Store;
  keys: KeyProvider;
  chain: ChainPort;
  clock: Clock;
  chainId: number;
  /** CUSTODY_CONFIRMATION_DEPTH. */
  confirmationDepth: number;
  /** Blocks read per run at most (a run catches up over several runs). */
  maxBlocks?: number;
  /** Where a fresh cursor starts; default the chain's head at the first run (earlier blocks are not scanned). */
  startBlock?: number;
};

export const DEFAULT_MAX_BLOCKS_PER_RUN = 50;
/** Hashes of scanned blocks kept in the cursor: the deepest reorg the scanner follows. */
export const REORG_WINDOW = 128;
/** DETECTED deposits looked at per run (the oldest first: they are the nearest to their depth). */
const PENDING_PER_RUN = 500;

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'deposit-scanner' };

type ScannedBlock = { number: number; hash: string };
type Cursor = { next_block: number; recent: ScannedBlock[]; version: number };

export type ScanResult = {
  /** Blocks read in this run, inclusive; null when there was nothing new. */
  from: number | null;
  to: number | null;
  /** The cursor moved back this many blocks because of a reorg. */
  rewound: number;
  detected: number;
  confirmed: number;
  reorged: number;
  /** False when another run advanced the cursor first (this run's deposits are recorded all the same). */
  cursorAdvanced: boolean;
};

type Receiver = { tenant_id: string; vault_id: string; wallet_id: string };

async function loadCursor(store: Store): Promise<Cursor | undefined> {
  const item = await store.get(keys.depositScanCursor(), { consistent: true });
  return item
    ? { next_block: item.next_block as number, recent: item.recent as ScannedBlock[], version: item.version as number }
    : undefined;
}

/** Writes the cursor if nobody else did since it was read (version 0: not stored yet). False when someone did. */
async function saveCursor(
  store: Store,
  read: Cursor,
  next: { next_block: number; recent: ScannedBlock[] },
  now: Date,
): Promise<boolean> {
  const item = {
    ...keys.depositScanCursor(),
    entity: 'deposit_scan_cursor',
    ...next,
    version: read.version + 1,
    updated_at: now.toISOString(),
  };
  try {
    await store.write([
      {
        op: 'put',
        item,
        condition: read.version === 0 ? { type: 'notExists' } : { type: 'version', version: read.version },
      },
    ]);
    return true;
  } catch (e) {
    if (e instanceof WriteConflictError) return false;
    throw e;
  }
}

/** The first height whose stored hash is no longer canonical (checked newest first), or null when none moved. */
async function reorgedFrom(chain: ChainPort, recent: ScannedBlock[]): Promise<number | null> {
  let from: number | null = null;
  for (const b of [...recent].reverse()) {
    const now = await chain.getBlock(b.number);
    if (now && now.hash === b.hash) break;
    from = b.number;
  }
  return from;
}

async function receiversAt(store: Store, address: string): Promise<Receiver[]> {
  const out: Receiver[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({
      pattern: accessPatterns.walletsAtAddress(address),
      limit: 100,
      startKey,
      consistent: true,
    });
    for (const i of page.items)
      out.push({ tenant_id: i.tenant_id as string, vault_id: i.vault_id as string, wallet_id: i.wallet_id as string });
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

const confirmationsAt = (head: number, blockNumber: number) => Math.max(0, head - blockNumber + 1);

/** What the scanner saw arrive at one wallet: a native transfer or a token Transfer log. */
type Arrival = Pick<DepositRecord, 'id' | 'asset_id' | 'from' | 'to' | 'amount' | 'chain_tx_hash' | 'log_index'>;

const nativeArrival = (tx: FullBlock['transactions'][number], r: Receiver, chainId: number): Arrival => ({
  id: depositId(tx.hash, r.wallet_id),
  asset_id: nativeAssetId(chainId),
  from: tx.from.toLowerCase(),
  to: (tx.to ?? '').toLowerCase(),
  amount: tx.value.toString(),
  chain_tx_hash: tx.hash.toLowerCase(),
  log_index: null,
});

const tokenArrival = (t: TokenTransfer, r: Receiver, token: WatchedToken): Arrival => ({
  id: tokenDepositId(t.transactionHash, r.wallet_id, token.asset_id, t.ordinal),
  asset_id: token.asset_id,
  from: t.from,
  to: t.to,
  amount: t.value.toString(),
  chain_tx_hash: t.transactionHash,
  log_index: t.logIndex,
});

/**
 * Records one arrival at one wallet: a new DETECTED deposit (with its audit entry and `deposit.detected`), or, when
 * the deposit exists from an earlier block that a reorg replaced, the deposit moved to this block (DETECTED again;
 * `deposit.detected` again if it had been marked REORGED). The same block again changes nothing. Answers whether it
 * recorded a new detection.
 */
async function recordArrival(
  deps: ScanDeps,
  meta: CommitMeta,
  r: Receiver,
  a: Arrival,
  block: Block,
  head: number,
): Promise<boolean> {
  const id = a.id;
  return runInUnitOfWork(deps, meta, async (uow) => {
    const item = await deps.store.get(keys.deposit(r.tenant_id, id), { consistent: true });
    const ts = meta.now.toISOString();
    const confirmations = confirmationsAt(head, block.number);
    if (!item) {
      const d: DepositRecord = {
        ...a,
        tenant_id: r.tenant_id,
        wallet_id: r.wallet_id,
        vault_id: r.vault_id,
        block_number: block.number,
        block_hash: block.hash,
        confirmations,
        status: 'DETECTED',
        detected_at: ts,
        confirmed_at: null,
        updated_at: ts,
        version: 1,
      };
      uow.create(depositItem(d));
      uow.put(pendingDepositItem(d));
      const logIndex = d.log_index === null ? {} : { log_index: d.log_index };
      uow.audit({
        tenantId: d.tenant_id,
        action: 'deposit.detected',
        resourceType: 'deposit',
        resourceId: d.id,
        change: {
          wallet_id: d.wallet_id,
          asset_id: d.asset_id,
          from: d.from,
          amount: d.amount,
          chain_tx_hash: d.chain_tx_hash,
          ...logIndex,
          block_number: d.block_number,
        },
      });
      uow.event(d.tenant_id, 'deposit.detected', depositEventData(d), d.id);
      return true;
    }
    const d = asDeposit(item);
    if (d.block_hash === block.hash || d.status === 'CONFIRMED') return false;
    const moved: DepositRecord = {
      ...d,
      log_index: a.log_index,
      block_number: block.number,
      block_hash: block.hash,
      confirmations,
      status: 'DETECTED',
      updated_at: ts,
    };
    stageChange(uow, d, moved);
    uow.put(pendingDepositItem(moved));
    uow.audit({
      tenantId: d.tenant_id,
      action: 'deposit.redetected',
      resourceType: 'deposit',
      resourceId: d.id,
      change: { previous_status: d.status, previous_block_number: d.block_number, block_number: moved.block_number },
    });
    if (d.status === 'REORGED') uow.event(d.tenant_id, 'deposit.detected', depositEventData(moved), d.id);
    return d.status === 'REORGED';
  });
}

/** Replaces a deposit read at its version (its index keys follow its status and block). */
function stageChange(uow: UnitOfWork, before: DepositRecord, after: DepositRecord): void {
  uow.replace(depositItem({ ...after, version: before.version }));
}

/**
 * The token Transfers of the blocks read, and the blocks they are consistent with: the logs are read after the blocks,
 * so a reorg in between shows as a log from another block hash at a height read; the blocks from that height on are
 * dropped from this run (the cursor stops before them and the next run reads them again).
 */
async function tokenTransfersOf(
  deps: ScanDeps,
  watched: Map<string, WatchedToken[]>,
  blocks: FullBlock[],
): Promise<{ blocks: FullBlock[]; transfers: TokenTransfer[] }> {
  if (!blocks.length || !watched.size) return { blocks, transfers: [] };
  const transfers = await readTokenTransfers(
    deps.chain,
    [...watched.keys()],
    blocks[0]!.number,
    blocks[blocks.length - 1]!.number,
  );
  const hashAt = new Map(blocks.map((b) => [b.number, b.hash]));
  const moved = transfers.filter((t) => hashAt.get(t.blockNumber) !== t.blockHash).map((t) => t.blockNumber);
  if (!moved.length) return { blocks, transfers };
  const stop = Math.min(...moved);
  return { blocks: blocks.filter((b) => b.number < stop), transfers: transfers.filter((t) => t.blockNumber < stop) };
}

/** Scans the next blocks; see the module comment. */
async function scanBlocks(
  deps: ScanDeps,
  head: number,
  meta: CommitMeta,
): Promise<Pick<ScanResult, 'from' | 'to' | 'rewound' | 'detected' | 'cursorAdvanced'>> {
  const maxBlocks = deps.maxBlocks ?? DEFAULT_MAX_BLOCKS_PER_RUN;
  const cursor: Cursor = (await loadCursor(deps.store)) ?? {
    next_block: deps.startBlock ?? head,
    recent: [],
    version: 0,
  };
  const reorg = await reorgedFrom(deps.chain, cursor.recent);
  const from = reorg ?? cursor.next_block;
  const rewound = cursor.next_block - from;
  const to = Math.min(head, from + maxBlocks - 1);
  const read: FullBlock[] = [];
  for (let n = from; n <= to; n++) {
    const block = await deps.chain.getFullBlock(n);
    if (!block) break;
    read.push(block);
  }
  const watched = await loadWatchedTokens(deps.store);
  const { blocks, transfers } = await tokenTransfersOf(deps, watched, read);
  const receivers = new Map<string, Promise<Receiver[]>>();
  const receiversOf = (address: string) => {
    const a = address.toLowerCase();
    if (!receivers.has(a)) receivers.set(a, receiversAt(deps.store, a));
    return receivers.get(a)!;
  };
  let detected = 0;
  for (const block of blocks) {
    for (const tx of block.transactions.filter((t) => t.to && t.value > 0n)) {
      for (const r of await receiversOf(tx.to!))
        if (await recordArrival(deps, meta, r, nativeArrival(tx, r, deps.chainId), block, head)) detected++;
    }
    for (const t of transfers.filter((x) => x.blockNumber === block.number)) {
      const rs = await receiversOf(t.to);
      // A token registered by a tenant makes deposits for that tenant's wallets only.
      for (const token of watched.get(t.contract) ?? []) {
        for (const r of rs.filter((x) => x.tenant_id === token.tenant_id))
          if (await recordArrival(deps, meta, r, tokenArrival(t, r, token), block, head)) detected++;
      }
    }
  }
  const scanned: ScannedBlock[] = blocks.map((b) => ({ number: b.number, hash: b.hash }));
  const nextBlock = scanned.length ? scanned[scanned.length - 1]!.number + 1 : from;
  const moved = nextBlock !== cursor.next_block || cursor.version === 0;
  const recent = [...cursor.recent.filter((b) => b.number < from), ...scanned].slice(-REORG_WINDOW);
  const cursorAdvanced = moved
    ? await saveCursor(deps.store, cursor, { next_block: nextBlock, recent }, meta.now)
    : false;
  return {
    from: scanned.length ? from : null,
    to: scanned.length ? nextBlock - 1 : null,
    rewound,
    detected,
    cursorAdvanced,
  };
}

/** Counts confirmations of the DETECTED deposits; CONFIRMED at the depth, REORGED when their block left the chain. */
async function followPending(
  deps: ScanDeps,
  head: number,
  meta: CommitMeta,
): Promise<Pick<ScanResult, 'confirmed' | 'reorged'>> {
  const page = await deps.store.query({
    pattern: accessPatterns.pendingDeposits(),
    limit: PENDING_PER_RUN,
    consistent: true,
  });
  const blocks = new Map<number, Promise<Block | null>>();
  const canonical = (n: number) => {
    if (!blocks.has(n)) blocks.set(n, deps.chain.getBlock(n));
    return blocks.get(n)!;
  };
  let confirmed = 0;
  let reorged = 0;
  for (const pointer of page.items) {
    const tenantId = pointer.tenant_id as string;
    const id = pointer.deposit_id as string;
    const outcome = await runInUnitOfWork(deps, meta, async (uow) => {
      const item = await deps.store.get(keys.deposit(tenantId, id), { consistent: true });
      const d = item ? asDeposit(item) : undefined;
      if (!d || d.status !== 'DETECTED') {
        uow.delete(keys.pendingDeposit(tenantId, id));
        return 'gone' as const;
      }
      const block = await canonical(d.block_number);
      const ts = meta.now.toISOString();
      if (!block || block.hash !== d.block_hash) {
        stageChange(uow, d, { ...d, status: 'REORGED', confirmations: 0, updated_at: ts });
        uow.delete(keys.pendingDeposit(tenantId, id));
        uow.audit({
          tenantId,
          action: 'deposit.reorged',
          resourceType: 'deposit',
          resourceId: id,
          change: { block_number: d.block_number, block_hash: d.block_hash, canonical_block_hash: block?.hash ?? null },
        });
        return 'reorged' as const;
      }
      const confirmations = confirmationsAt(head, d.block_number);
      if (confirmations >= deps.confirmationDepth) {
        const done: DepositRecord = { ...d, status: 'CONFIRMED', confirmations, confirmed_at: ts, updated_at: ts };
        stageChange(uow, d, done);
        uow.delete(keys.pendingDeposit(tenantId, id));
        uow.audit({
          tenantId,
          action: 'deposit.confirmed',
          resourceType: 'deposit',
          resourceId: id,
          change: { block_number: d.block_number, confirmations },
        });
        uow.event(tenantId, 'deposit.confirmed', depositEventData(done), id);
        return 'confirmed' as const;
      }
      // A count moving up is not a business event: the item changes, no audit entry.
      if (confirmations !== d.confirmations) stageChange(uow, d, { ...d, confirmations, updated_at: ts });
      return 'waiting' as const;
    });
    if (outcome === 'confirmed') confirmed++;
    if (outcome === 'reorged') reorged++;
  }
  return { confirmed, reorged };
}

/** One run of the deposit scanner: new blocks first, then the DETECTED deposits. */
export async function scanDeposits(deps: ScanDeps): Promise<ScanResult> {
  const meta: CommitMeta = { actor: SYSTEM, requestId: null, now: deps.clock.now() };
  const head = await deps.chain.blockNumber();
  const scan = await scanBlocks(deps, head, meta);
  const pending = await followPending(deps, head, meta);
  return { ...scan, ...pending };
}
