import type { Config } from '../../config.js';
import { logger } from '../../app/logger.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import { ChainError, NodeUnavailableError, type BlockTag, type ChainPort, type TransactionReceipt } from '../../ports/chain.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { elapsedMs, recordMetric } from '../../observability/metrics.js';
import { parseHash, parseQuantity, parseReceipt, parseSafeQuantity } from './json-rpc-values.js';

/**
 * The chain port over JSON-RPC 2.0 on HTTP (DESIGN.md 4): endpoints in order (the primary `CUSTODY_NODE_RPC_URL`,
 * then `CUSTODY_NODE_BACKUP_RPC_URLS`), each call bounded by a timeout and each endpoint guarded by its own circuit
 * breaker. How an answer is classified:
 *   - a result of the expected shape: success;
 *   - a JSON-RPC error object: the node works and refuses this request -> ChainError (1501), no failover;
 *   - no answer, a timeout, a non-2xx status, or a body that is not a usable JSON-RPC answer: a node failure, counted
 *     by that endpoint's breaker, and the next endpoint is tried.
 * When no endpoint answers (failed or circuit open) -> NodeUnavailableError (1500). Node URLs may carry credentials
 * (user:password, API keys in the path): logs name an endpoint by its host only, clients see neither.
 */
export type JsonRpcChainOptions = {
  /** Primary first, then backups. */
  urls: readonly string[];
  timeoutMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  /** Time for the breakers (tests move a fake clock). */
  clock?: Clock;
  fetchImpl?: typeof fetch;
};

type RpcAnswer = { result: unknown } | { error: { code: number; message: string } };
type Endpoint = { url: string; name: string; host: string; authorization: string | null; breaker: CircuitBreaker };

/** Upper bound of a node's answer we read; anything larger is not a usable answer to these methods. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_RPC_MESSAGE = 200;

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
      breaker: new CircuitBreaker({ failureThreshold: opts.breakerFailures, cooldownMs: opts.breakerCooldownMs, clock }),
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

  async getBalance(address: string): Promise<bigint> {
    return this.call('eth_getBalance', [address, 'latest'], parseQuantity);
  }

  /** One call, endpoint by endpoint. Public for methods the port does not name yet; `parse` checks the result. */
  async call<T>(method: string, params: unknown[], parse: (result: unknown) => T): Promise<T> {
    let open = 0;
    for (const ep of this.endpoints) {
      if (!ep.breaker.tryAcquire()) {
        open += 1;
        continue;
      }
      let answer: RpcAnswer;
      const started = performance.now();
      const latency = (outcome: 'ok' | 'rpc_error' | 'failed') => recordMetric('nodeLatency', elapsedMs(started), { method, outcome, endpoint: ep.name });
      try {
        answer = await this.post(ep, method, params);
      } catch (e) {
        latency('failed');
        this.failed(ep, method, (e as Error).message);
        continue;
      }
      if ('error' in answer) {
        latency('rpc_error');
        ep.breaker.onSuccess(); // the node works: it answered
        throw new ChainError(method, answer.error.code, answer.error.message);
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
      return value;
    }
    throw new NodeUnavailableError(method, { endpoints: this.endpoints.length, open_circuits: open });
  }

  private failed(ep: Endpoint, method: string, reason: string): void {
    ep.breaker.onFailure();
    logger.warn('chain node call failed', { endpoint: ep.name, host: ep.host, method, reason, breaker: ep.breaker.state });
  }

  private async post(ep: Endpoint, method: string, params: unknown[]): Promise<RpcAnswer> {
    const id = this.nextId++;
    let res: Response;
    try {
      res = await this.fetchImpl(ep.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(ep.authorization ? { Authorization: ep.authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (e) {
      throw new NodeFailure(isTimeout(e) ? `timed out after ${this.opts.timeoutMs} ms` : `unreachable: ${describeFetchError(e)}`);
    }
    let text: string;
    try {
      text = await readBounded(res);
    } catch (e) {
      throw new NodeFailure(isTimeout(e) ? `timed out after ${this.opts.timeoutMs} ms reading the answer` : (e as Error).message);
    }
    if (!res.ok) throw new NodeFailure(`answered HTTP ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new NodeFailure('answered a body that is not JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new NodeFailure('answered something other than a JSON-RPC response object');
    const r = body as Record<string, unknown>;
    if (r.jsonrpc !== '2.0' || r.id !== id) throw new NodeFailure('answered a JSON-RPC response for another request');
    if (r.error !== undefined) {
      const err = r.error as Record<string, unknown> | null;
      if (!err || typeof err !== 'object' || typeof err.code !== 'number' || typeof err.message !== 'string') throw new NodeFailure('answered a malformed JSON-RPC error');
      return { error: { code: err.code, message: err.message.slice(0, MAX_RPC_MESSAGE) } };
    }
    if (!('result' in r)) throw new NodeFailure('answered neither result nor error');
    return { result: r.result };
  }
}

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
  cfg: Pick<Config, 'CUSTODY_NODE_RPC_URL' | 'CUSTODY_NODE_BACKUP_RPC_URLS' | 'CUSTODY_NODE_TIMEOUT_MS' | 'CUSTODY_NODE_BREAKER_FAILURES' | 'CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS'>,
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
