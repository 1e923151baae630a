import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Clock } from '../../shared/ports/clock.js';
import { PQ_ALGORITHMS, type PqAlgorithm } from '../../shared/domain/chain/chain-profile.js';
import { ChainState, isAddress, type DevAccount } from './chain-state.js';
import { CONTROL_METHOD, Faults } from './faults.js';
import { RPC, RpcError, rpcMethods, type MethodTable } from './rpc-methods.js';

/**
 * A local development chain node speaking JSON-RPC 2.0 over HTTP: a real EVM in memory that takes pq-evm-v1
 * transactions (chain-state.ts, docs/chain-node.md). The local stack starts one; tests start their own on port 0 and
 * advance it with `mine()` or `evm_mine` instead of waiting.
 *
 *   npx tsx tools/dev-chain/server.ts [--port 8545] [--host 127.0.0.1] [--chain-id 20803] [--block-time-ms 1000]
 *                                     [--algorithm ML-DSA-65] [--context ''] [--fund 0x<address>=<wei>]...
 *                                     [--data-dir <dir>]
 */
export type DevChainOptions = {
  /** Default 0: a free port. */
  port?: number;
  host?: string;
  /** Default 20803. */
  chainId?: number;
  /** Seal a block every so often; 0 or absent: blocks are sealed only on demand (`mine()`, `dev_mine`). */
  blockTimeMs?: number;
  /** Block timestamps (the local stack's clock). */
  clock?: Clock;
  /** Prefunded accounts by address. */
  accounts?: Record<string, DevAccount>;
  /** ML-DSA parameter set and context the chain verifies signatures with (default ML-DSA-65, no context). */
  algorithm?: PqAlgorithm;
  context?: string;
  /** Base fee per gas of every block (default 1 gwei). */
  baseFeePerGas?: bigint;
  /**
   * Folder where the chain keeps its journal (`journal.jsonl`) and resumes from it on start: blocks, balances, nonces
   * and pool survive a restart, and a kill -9. One node per folder. Absent: in memory.
   */
  dataDir?: string;
};

export type DevChain = {
  url: string;
  port: number;
  chainId: number;
  state: ChainState;
  /** Fault knobs (faults.ts): `faults.set({down: true})`, `faults.reset()`. */
  faults: Faults;
  /** Seals `count` blocks now; answers the new head's number. */
  mine: (count?: number) => Promise<number>;
  /** Replaces the last `depth` blocks with new ones (new hashes); see ChainState.reorg. */
  reorg: (depth?: number, opts?: { reinclude?: boolean }) => Promise<number>;
  /** Forgets the pool, as a node restart does; answers how many transactions were dropped. */
  dropPending: () => Promise<number>;
  /** Called with the new head after each block the timer seals (the local stack wakes its chain poller with it). */
  onBlock: ((head: number) => void) | null;
  stop: () => Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BATCH = 100;

type RpcResponse = {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: string };
};

const failure = (id: RpcResponse['id'], code: number, message: string, data?: string): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

/** One request object -> its response, or null for a notification (no `id`: executed, not answered). */
export async function handleRequest(methods: MethodTable, req: unknown): Promise<RpcResponse | null> {
  if (!req || typeof req !== 'object' || Array.isArray(req))
    return failure(null, RPC.INVALID_REQUEST, 'invalid request: expected a JSON-RPC request object');
  const r = req as Record<string, unknown>;
  const idValid = r.id === undefined || r.id === null || typeof r.id === 'string' || typeof r.id === 'number';
  const id = idValid ? ((r.id as RpcResponse['id'] | undefined) ?? null) : null;
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string' || !idValid)
    return failure(
      id,
      RPC.INVALID_REQUEST,
      'invalid request: needs jsonrpc "2.0", a method name and a string, number or null id',
    );
  const notification = !('id' in r);
  let response: RpcResponse;
  if (r.params !== undefined && !Array.isArray(r.params)) {
    response = failure(id, RPC.INVALID_PARAMS, 'params must be an array');
  } else if (!Object.hasOwn(methods, r.method)) {
    response = failure(id, RPC.METHOD_NOT_FOUND, `the method ${r.method} does not exist/is not available`);
  } else {
    try {
      response = { jsonrpc: '2.0', id, result: await methods[r.method]!((r.params as unknown[] | undefined) ?? []) };
    } catch (e) {
      response =
        e instanceof RpcError ? failure(id, e.code, e.message, e.data) : failure(id, RPC.INTERNAL, 'internal error');
    }
  }
  return notification ? null : response;
}

/** A request body (one request or a batch) -> what to answer (undefined: nothing, all were notifications). */
export async function handleBody(methods: MethodTable, parsed: unknown): Promise<unknown> {
  if (!Array.isArray(parsed)) return (await handleRequest(methods, parsed)) ?? undefined;
  if (parsed.length === 0) return failure(null, RPC.INVALID_REQUEST, 'invalid request: empty batch');
  if (parsed.length > MAX_BATCH)
    return failure(null, RPC.INVALID_REQUEST, `invalid request: at most ${MAX_BATCH} requests in a batch`);
  const answers = [];
  for (const req of parsed) answers.push(await handleRequest(methods, req));
  const answered = answers.filter((a) => a !== null);
  return answered.length ? answered : undefined;
}

/** Does the body only call control methods (those that work while the node is down)? */
function onlyControl(parsed: unknown): boolean {
  const reqs = Array.isArray(parsed) ? parsed : [parsed];
  return (
    reqs.length > 0 &&
    reqs.every(
      (r) =>
        !!r &&
        typeof r === 'object' &&
        typeof (r as { method?: unknown }).method === 'string' &&
        CONTROL_METHOD.test((r as { method: string }).method),
    )
  );
}

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
}

export async function startDevChain(opts: DevChainOptions = {}): Promise<DevChain> {
  const chainId = opts.chainId ?? 20803;
  const faults = new Faults();
  const state = await ChainState.create({
    chainId,
    accounts: opts.accounts,
    algorithm: opts.algorithm,
    context: opts.context,
    baseFeePerGas: opts.baseFeePerGas,
    now: opts.clock ? () => opts.clock!.now() : undefined,
    minTip: () => faults.minTipWei,
    dataDir: opts.dataDir,
  });
  const methods = rpcMethods(state, faults);

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST')
      return send(res, 405, failure(null, RPC.INVALID_REQUEST, 'use POST with a JSON-RPC body'));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES)
        return send(res, 413, failure(null, RPC.INVALID_REQUEST, `body larger than ${MAX_BODY_BYTES} bytes`));
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 200, failure(null, RPC.PARSE_ERROR, 'parse error: the body is not JSON'));
      }
      const control = onlyControl(parsed);
      if (faults.down && !control) return void res.destroy();
      const delay = control ? 0 : faults.slowMs;
      void (async () => {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        const answer = await handleBody(methods, parsed);
        if (!res.destroyed) send(res, answer === undefined ? 204 : 200, answer);
      })().catch(() => res.destroy());
    });
    req.on('error', () => res.destroy());
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    await state.close();
    throw e;
  });
  const port = (server.address() as AddressInfo).port;

  let stopped: Promise<void> | undefined;
  const chain: DevChain = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    chainId,
    state,
    faults,
    mine: (count = 1) => state.mine(count),
    reorg: (depth = 1, o = {}) => state.reorg(depth, o),
    dropPending: () => state.dropPending(),
    onBlock: null,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => void state.close().then(resolve, resolve));
        server.closeAllConnections();
      })),
  };
  const timer = opts.blockTimeMs
    ? setInterval(
        () =>
          void state.mine().then(
            (head) => chain.onBlock?.(head),
            () => undefined,
          ),
        opts.blockTimeMs,
      )
    : undefined;
  timer?.unref();
  return chain;
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8545' },
      host: { type: 'string', default: '127.0.0.1' },
      'chain-id': { type: 'string', default: '20803' },
      'block-time-ms': { type: 'string', default: '1000' },
      algorithm: { type: 'string', default: 'ML-DSA-65' },
      context: { type: 'string', default: '' },
      fund: { type: 'string', multiple: true, default: [] },
      'data-dir': { type: 'string' },
    },
  });
  const int = (name: string, v: string | undefined) => {
    if (!/^\d+$/.test(v ?? '')) throw new Error(`--${name} must be a whole number`);
    return Number(v);
  };
  const accounts: Record<string, DevAccount> = {};
  for (const f of values.fund ?? []) {
    const [addr, wei] = f.split('=');
    if (!isAddress(addr) || !/^\d+$/.test(wei ?? '')) throw new Error(`--fund takes 0x<address>=<wei>, got ${f}`);
    accounts[addr] = { balance: BigInt(wei!) };
  }
  const blockTimeMs = int('block-time-ms', values['block-time-ms']);
  const algorithm = values.algorithm as PqAlgorithm;
  if (!PQ_ALGORITHMS.includes(algorithm)) throw new Error(`--algorithm must be one of ${PQ_ALGORITHMS.join(', ')}`);
  const dataDir = values['data-dir'];
  const chain = await startDevChain({
    port: int('port', values.port),
    host: values.host,
    chainId: int('chain-id', values['chain-id']),
    blockTimeMs,
    accounts,
    algorithm,
    context: values.context,
    dataDir,
  });
  const kept = dataDir ? `, state in ${dataDir} at block ${chain.state.head.number}` : '';
  console.log(
    `dev chain on ${chain.url} (chain id ${chain.chainId}, ${blockTimeMs ? `a block every ${blockTimeMs} ms` : 'blocks on evm_mine only'}${kept})`,
  );
  const stop = () => void chain.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
