import type { Config } from '../../config.js';
import { logger } from '../../logger.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import { fromHex, isHex } from '../../domain/chain/hex.js';
import { keccak256Hex } from '../../domain/chain/keccak.js';
import {
  ChainError,
  NodeUnavailableError,
  type Block,
  type BlockTag,
  type BroadcastResult,
  type CallRequest,
  type ChainPort,
  type FeeEstimate,
  type FullBlock,
  type Log,
  type LogFilter,
  type TransactionReceipt,
} from '../../ports/chain.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { elapsedMs, recordMetric } from '../../observability/metrics.js';
import {
  parseBlock,
  parseData,
  parseHash,
  parseLogs,
  parseNextBaseFee,
  parseQuantity,
  parseReceipt,
  parseSafeQuantity,
} from './json-rpc-values.js';

/**
 * The chain port over JSON-RPC 2.0 on HTTP (docs/chain-node.md): endpoints in order (the primary `CUSTODY_NODE_RPC_URL`,
 * then `CUSTODY_NODE_BACKUP_RPC_URLS`), each call bounded by a timeout and each endpoint guarded by its own circuit
 * breaker. How an answer is classified:
 *   - a result of the expected shape: success;
 *   - a JSON-RPC error object: the node works and refuses this request -> ChainError (1501), no failover;
 *   - no answer, a timeout, a non-2xx status, or a body that is not a usable JSON-RPC answer: a node failure, counted
 *     by that endpoint's breaker, and the next endpoint is tried.
 * When no endpoint answers (failed or circuit open), the round is retried up to `retries` times after a jittered
 * exponential pause (only if some endpoint was actually tried: with every circuit open there is nothing to wait for),
 * then -> NodeUnavailableError (1500). Node URLs may carry credentials (user:password, API keys in the path): logs
 * name an endpoint by its host only, clients see neither.
 */
export type JsonRpcChainOptions = {
  /** Primary first, then backups. */
  urls: readonly string[];
  timeoutMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  /** Extra rounds over the endpoints when none answered (default 1). */
  retries?: number;
  /** Pause before retry round n (1-based): a random time in [base * 2^(n-1) / 2, base * 2^(n-1)] (default 200 ms). */
  retryBaseMs?: number;
  /** Time for the breakers (tests move a fake clock). */
  clock?: Clock;
  fetchImpl?: typeof fetch;
  /** How to wait between retry rounds (tests record the pauses instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** Randomness for the jitter, in [0, 1). */
  random?: () => number;
};

/** `eth_sendRawTransaction` refusals meaning the node already has this very transaction. */
const ALREADY_KNOWN =
  /already known|known transaction|already imported|alreadyknown|already exists|already in (?:the )?(?:mempool|pool)/i;
/** ... meaning the account's nonce has moved past this transaction's. */
const NONCE_TOO_LOW = /nonce too low|nonce is too low|oldnonce|nonce has already been used|invalid nonce/i;
/** Methods a node may lack (-32601 or "not supported"): fee estimation falls back instead of failing. */
const isUnsupported = (e: unknown) =>
  e instanceof ChainError &&
  (e.rpcCode === -32601 ||
    /not (?:found|supported|available)|does not exist/i.test(String(e.details?.rpc_message ?? '')));

const quantity = (n: bigint | number) => `0x${n.toString(16)}`;
const blockParam = (b: number | 'latest') => (b === 'latest' ? 'latest' : quantity(b));
function callObject(c: CallRequest): Record<string, string> {
  const o: Record<string, string> = {};
  if (c.from) o.from = c.from;
  if (c.to) o.to = c.to;
  if (c.data && c.data !== '0x') o.data = c.data;
  if (c.value !== undefined) o.value = quantity(c.value);
  if (c.gas !== undefined) o.gas = quantity(c.gas);
  return o;
}

type RpcAnswer = { result: unknown } | { error: { code: number; message: string; data?: string } };
type Endpoint = { url: string; name: string; host: string; authorization: string | null; breaker: CircuitBreaker };

/** Upper bound of a node's answer we read; anything larger is not a usable answer to these methods. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_RPC_MESSAGE = 200;
/** Receipts asked in one JSON-RPC batch (nodes commonly cap a batch at 100 to 1,000 requests). */
const RECEIPTS_PER_BATCH = 100;
/** A revert's data kept from a JSON-RPC error: an OZ custom error with a few words of arguments fits many times over. */
const MAX_REVERT_DATA_CHARS = 2 + 2 * 4096;

class NodeFailure extends Error {}

/**
 * The URL without its user info, and that user info as a Basic authorization header: fetch refuses a URL that carries
 * credentials (its error would quote the whole URL, password included, into the logs).
 */
function splitCredentials(url: string): { url: string; authorization: string | null } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, authorization: null };
  }
  if (!u.username && !u.password) return { url, authorization: null };
  const userInfo = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  u.username = '';
  u.password = '';
  return { url: u.href, authorization: `Basic ${Buffer.from(userInfo).toString('base64')}` };
}

/** Scheme, host and port only: no user info, path or query (where node providers put API keys). */
export function endpointHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'invalid-url';
  }
}

export class JsonRpcChain implements ChainPort {
  private readonly endpoints: Endpoint[];
  private readonly fetchImpl: typeof fetch;
  private nextId = 1;

  constructor(private readonly opts: JsonRpcChainOptions) {
    if (opts.urls.length === 0) throw new Error('at least one JSON-RPC endpoint is required');
    const clock = opts.clock ?? systemClock;
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.endpoints = [...new Set(opts.urls)].map((url, i) => ({
      ...splitCredentials(url),
      name: i === 0 ? 'primary' : `backup-${i}`,
      host: endpointHost(url),
      breaker: new CircuitBreaker({
        failureThreshold: opts.breakerFailures,
        cooldownMs: opts.breakerCooldownMs,
        clock,
      }),
    }));
  }

  /** Endpoint names and breaker states, for diagnostics (no URLs). */
  status(): { name: string; state: string }[] {
    return this.endpoints.map((e) => ({ name: e.name, state: e.breaker.state }));
  }

  async chainId(): Promise<number> {
    return this.call('eth_chainId', [], parseSafeQuantity);
  }

  async blockNumber(): Promise<number> {
    return this.call('eth_blockNumber', [], parseSafeQuantity);
  }

  async getTransactionCount(address: string, tag: BlockTag): Promise<number> {
    return this.call('eth_getTransactionCount', [address, tag], parseSafeQuantity);
  }

  async sendRawTransaction(rawTransaction: string): Promise<string> {
    // Failing over a broadcast is safe: a signed transaction is identified by its hash, so a node that already has it
    // answers an error ("already known"), never a second transfer.
    return this.call('eth_sendRawTransaction', [rawTransaction], parseHash);
  }

  async getTransactionReceipt(hash: string): Promise<TransactionReceipt | null> {
    return this.call('eth_getTransactionReceipt', [hash], parseReceipt);
  }

  async getTransactionReceipts(hashes: readonly string[]): Promise<(TransactionReceipt | null)[]> {
    const out: (TransactionReceipt | null)[] = [];
    for (let i = 0; i < hashes.length; i += RECEIPTS_PER_BATCH) {
      const chunk = hashes.slice(i, i + RECEIPTS_PER_BATCH).map((h) => [h]);
      out.push(...(await this.call('eth_getTransactionReceipt', chunk, parseReceipt, true)));
    }
    return out;
  }

  async transactionsKnown(hashes: readonly string[]): Promise<boolean[]> {
    const out: boolean[] = [];
    for (let i = 0; i < hashes.length; i += RECEIPTS_PER_BATCH) {
      const chunk = hashes.slice(i, i + RECEIPTS_PER_BATCH).map((h) => [h]);
      out.push(
        ...(await this.call('eth_getTransactionByHash', chunk, (v) => v !== null && typeof v === 'object', true)),
      );
    }
    return out;
  }

  async getBalance(address: string): Promise<bigint> {
    return this.call('eth_getBalance', [address, 'latest'], parseQuantity);
  }

  async pendingNonce(address: string): Promise<number> {
    return this.getTransactionCount(address, 'pending');
  }

  /**
   * Classifies the node's answer. The hash is Keccak-256 of the raw bytes (what the node answers, and what it would
   * have answered for a transaction it already knows). Node failures still end in NodeUnavailableError.
   */
  async broadcast(rawTransaction: string): Promise<BroadcastResult> {
    if (!isHex(rawTransaction) || rawTransaction.length < 4)
      throw new TypeError('rawTransaction must be 0x hex of whole bytes');
    const hash = keccak256Hex(fromHex(rawTransaction));
    try {
      await this.sendRawTransaction(rawTransaction);
      return { outcome: 'submitted', hash, alreadyKnown: false };
    } catch (e) {
      if (!(e instanceof ChainError)) throw e;
      const message = String(e.details?.rpc_message ?? e.message);
      if (ALREADY_KNOWN.test(message)) return { outcome: 'submitted', hash, alreadyKnown: true };
      if (NONCE_TOO_LOW.test(message)) return { outcome: 'nonce_too_low', hash, message };
      return { outcome: 'rejected', hash, message };
    }
  }

  /**
   * Fees for a transaction sent now: tip = `eth_maxPriorityFeePerGas`; base fee = the next block's from
   * `eth_feeHistory`; maxFeePerGas = 2 x base fee + tip (room for six full blocks of base-fee rises). A node without
   * those methods: gasPrice from `eth_gasPrice` stands for base fee + tip (tip = gasPrice when unknown).
   */
  async estimateFees(): Promise<FeeEstimate> {
    const optional = <T>(p: Promise<T>) => p.catch((e: unknown) => (isUnsupported(e) ? null : Promise.reject(e)));
    const [tip, baseFee] = await Promise.all([
      optional(this.call('eth_maxPriorityFeePerGas', [], parseQuantity)),
      optional(this.call('eth_feeHistory', ['0x1', 'latest', []], parseNextBaseFee)),
    ]);
    if (tip !== null && baseFee !== null)
      return { baseFeePerGas: baseFee, maxPriorityFeePerGas: tip, maxFeePerGas: 2n * baseFee + tip };
    const gasPrice = await this.call('eth_gasPrice', [], parseQuantity);
    const priority = tip ?? gasPrice;
    const base = baseFee ?? (gasPrice > priority ? gasPrice - priority : 0n);
    return { baseFeePerGas: base, maxPriorityFeePerGas: priority, maxFeePerGas: 2n * base + priority };
  }

  async estimateGas(c: CallRequest): Promise<bigint> {
    return this.call('eth_estimateGas', [callObject(c)], parseQuantity);
  }

  async getBlock(block: number | 'latest'): Promise<Block | null> {
    return this.call('eth_getBlockByNumber', [blockParam(block), false], parseBlock(false));
  }

  async getFullBlock(block: number | 'latest'): Promise<FullBlock | null> {
    return (await this.call('eth_getBlockByNumber', [blockParam(block), true], parseBlock(true))) as FullBlock | null;
  }

  /** `eth_call` at the head, or at the pending block (the head plus the node's pool). */
  async callContract(c: CallRequest, tag: BlockTag = 'latest'): Promise<string> {
    return this.call('eth_call', [callObject(c), tag], parseData);
  }

  async getLogs(f: LogFilter): Promise<Log[]> {
    return this.call(
      'eth_getLogs',
      [
        {
          fromBlock: quantity(f.fromBlock),
          toBlock: quantity(f.toBlock),
          ...(f.address ? { address: f.address } : {}),
          ...(f.topics ? { topics: f.topics } : {}),
        },
      ],
      parseLogs,
    );
  }

  /** One JSON-RPC call, endpoint by endpoint, in rounds (see the class comment). Public for methods the port does not name; `parse` checks the result. */
  async call<T>(method: string, params: unknown[], parse: (result: unknown) => T): Promise<T>;
  /** A JSON-RPC batch: one request of `method` per entry of `params` (each a params array), answers in that order. */
  async call<T>(method: string, params: unknown[][], parse: (result: unknown) => T, batch: true): Promise<T[]>;
  async call<T>(method: string, params: unknown[], parse: (result: unknown) => T, batch = false): Promise<T | T[]> {
    const retries = this.opts.retries ?? 1;
    for (let round = 0; ; round++) {
      const r = batch
        ? await this.round(method, params, (answers) => (answers as unknown[]).map(parse), true)
        : await this.round(method, params, parse);
      if (r.ok) return r.value;
      if (round >= retries || r.tried === 0)
        throw new NodeUnavailableError(method, { endpoints: this.endpoints.length, open_circuits: r.open });
      const ceiling = (this.opts.retryBaseMs ?? 200) * 2 ** round;
      await (this.opts.sleep ?? sleep)(Math.round(ceiling / 2 + (this.opts.random ?? Math.random)() * (ceiling / 2)));
    }
  }

  private async round<T>(
    method: string,
    params: unknown[],
    parse: (result: unknown) => T,
    batch = false,
  ): Promise<{ ok: true; value: T } | { ok: false; open: number; tried: number }> {
    let open = 0;
    let tried = 0;
    for (const ep of this.endpoints) {
      if (!ep.breaker.tryAcquire()) {
        open += 1;
        continue;
      }
      tried += 1;
      let answer: RpcAnswer;
      const started = performance.now();
      const latency = (outcome: 'ok' | 'rpc_error' | 'failed') =>
        recordMetric('nodeLatency', elapsedMs(started), { method, outcome, endpoint: ep.name });
      try {
        answer = batch ? await this.postBatch(ep, method, params as unknown[][]) : await this.post(ep, method, params);
      } catch (e) {
        latency('failed');
        this.failed(ep, method, (e as Error).message);
        continue;
      }
      if ('error' in answer) {
        latency('rpc_error');
        ep.breaker.onSuccess(); // the node works: it answered
        throw new ChainError(method, answer.error.code, answer.error.message, answer.error.data);
      }
      let value: T;
      try {
        value = parse(answer.result);
      } catch (e) {
        latency('failed');
        this.failed(ep, method, `unusable result: ${(e as Error).message}`);
        continue;
      }
      latency('ok');
      ep.breaker.onSuccess();
      return { ok: true, value };
    }
    return { ok: false, open, tried };
  }

  private failed(ep: Endpoint, method: string, reason: string): void {
    ep.breaker.onFailure();
    logger.warn('chain node call failed', {
      endpoint: ep.name,
      host: ep.host,
      method,
      reason,
      breaker: ep.breaker.state,
    });
  }

  /**
   * A batch of requests of one method: the answers matched by id, in the order of `params`. The first JSON-RPC error
   * among them is the batch's answer (the node works; the caller sees ChainError); a missing answer is a node failure.
   */
  private async postBatch(ep: Endpoint, method: string, params: unknown[][]): Promise<RpcAnswer> {
    const ids = params.map(() => this.nextId++);
    const body = await this.send(
      ep,
      JSON.stringify(params.map((p, i) => ({ jsonrpc: '2.0', id: ids[i], method, params: p }))),
    );
    if (!Array.isArray(body)) throw new NodeFailure('answered a batch with something other than an array');
    const byId = new Map<unknown, Record<string, unknown>>();
    for (const r of body as unknown[])
      if (r && typeof r === 'object') byId.set((r as Record<string, unknown>).id, r as Record<string, unknown>);
    const results: unknown[] = [];
    for (const id of ids) {
      const r = byId.get(id);
      if (!r || r.jsonrpc !== '2.0') throw new NodeFailure('answered a batch without an answer to each request');
      const answer = this.answerOf(r);
      if ('error' in answer) return answer;
      results.push(answer.result);
    }
    return { result: results };
  }

  private async post(ep: Endpoint, method: string, params: unknown[]): Promise<RpcAnswer> {
    const id = this.nextId++;
    const body = await this.send(ep, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new NodeFailure('answered something other than a JSON-RPC response object');
    const r = body as Record<string, unknown>;
    if (r.jsonrpc !== '2.0' || r.id !== id) throw new NodeFailure('answered a JSON-RPC response for another request');
    return this.answerOf(r);
  }

  /** POSTs a JSON-RPC body to one endpoint and answers the parsed JSON (a failure of the node throws NodeFailure). */
  private async send(ep: Endpoint, payload: string): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchImpl(ep.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(ep.authorization ? { Authorization: ep.authorization } : {}),
        },
        body: payload,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (e) {
      throw new NodeFailure(
        isTimeout(e) ? `timed out after ${this.opts.timeoutMs} ms` : `unreachable: ${describeFetchError(e)}`,
      );
    }
    let text: string;
    try {
      text = await readBounded(res);
    } catch (e) {
      throw new NodeFailure(
        isTimeout(e) ? `timed out after ${this.opts.timeoutMs} ms reading the answer` : (e as Error).message,
      );
    }
    if (!res.ok) throw new NodeFailure(`answered HTTP ${res.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new NodeFailure('answered a body that is not JSON');
    }
  }

  /** One JSON-RPC response object as a result or an error (a malformed one is a node failure). */
  private answerOf(r: Record<string, unknown>): RpcAnswer {
    if (r.error !== undefined) {
      const err = r.error as Record<string, unknown> | null;
      if (!err || typeof err !== 'object' || typeof err.code !== 'number' || typeof err.message !== 'string')
        throw new NodeFailure('answered a malformed JSON-RPC error');
      // A revert's return data (hex), which the caller decodes into a reason; anything else in `data` is dropped.
      const data =
        typeof err.data === 'string' &&
        /^0x([0-9a-fA-F]{2})*$/.test(err.data) &&
        err.data.length <= MAX_REVERT_DATA_CHARS
          ? err.data
          : undefined;
      return { error: { code: err.code, message: err.message.slice(0, MAX_RPC_MESSAGE), ...(data ? { data } : {}) } };
    }
    if (!('result' in r)) throw new NodeFailure('answered neither result nor error');
    return { result: r.result };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBounded(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw new NodeFailure(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
  }
  const text = await res.text();
  if (text.length > MAX_ANSWER_BYTES) throw new NodeFailure(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
  return text;
}

/** The call's AbortSignal.timeout fired (fetch names it TimeoutError, or AbortError on older runtimes). */
function isTimeout(e: unknown): boolean {
  return e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
}

/** fetch wraps the socket error in `cause`; its code (ECONNREFUSED, ENOTFOUND) says more than "fetch failed". */
function describeFetchError(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message ?? String(e);
}

/** The chain the configuration names: primary, then backups, with the configured timeout and breaker. */
export function makeChain(
  cfg: Pick<
    Config,
    | 'CUSTODY_NODE_RPC_URL'
    | 'CUSTODY_NODE_BACKUP_RPC_URLS'
    | 'CUSTODY_NODE_TIMEOUT_MS'
    | 'CUSTODY_NODE_BREAKER_FAILURES'
    | 'CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS'
  >,
  clock: Clock = systemClock,
): JsonRpcChain {
  return new JsonRpcChain({
    urls: [cfg.CUSTODY_NODE_RPC_URL, ...cfg.CUSTODY_NODE_BACKUP_RPC_URLS],
    timeoutMs: cfg.CUSTODY_NODE_TIMEOUT_MS,
    breakerFailures: cfg.CUSTODY_NODE_BREAKER_FAILURES,
    breakerCooldownMs: cfg.CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS * 1000,
    clock,
  });
}
