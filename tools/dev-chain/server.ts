import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Clock } from '../../shared/ports/clock.js';
import { ChainState, isAddress, type DevAccount } from './chain-state.js';
import { RPC, RpcError, rpcMethods, type MethodTable } from './rpc-methods.js';

/**
 * A local development chain node speaking JSON-RPC 2.0 over HTTP, in memory (docs/chain-node.md). The local stack
 * starts one; tests start their own on port 0 and advance it with `mine()` or `dev_mine` instead of waiting.
 *
 *   npx tsx tools/dev-chain/server.ts [--port 8545] [--host 127.0.0.1] [--chain-id 20803] [--block-time-ms 1000]
 *                                     [--fund 0x<address>=<wei>]...
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
  /** Sender of a raw transaction once its format is known (see chain-state.ts). */
  senderOf?: (raw: Uint8Array) => string | null;
};

export type DevChain = {
  url: string;
  port: number;
  chainId: number;
  state: ChainState;
  /** Seals `count` blocks now; answers the new head's number. */
  mine: (count?: number) => number;
  stop: () => Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BATCH = 100;

type RpcResponse = { jsonrpc: '2.0'; id: string | number | null; result?: unknown; error?: { code: number; message: string } };

const failure = (id: RpcResponse['id'], code: number, message: string): RpcResponse => ({ jsonrpc: '2.0', id, error: { code, message } });

/** One request object -> its response, or null for a notification (no `id`: executed, not answered). */
export function handleRequest(methods: MethodTable, req: unknown): RpcResponse | null {
  if (!req || typeof req !== 'object' || Array.isArray(req)) return failure(null, RPC.INVALID_REQUEST, 'invalid request: expected a JSON-RPC request object');
  const r = req as Record<string, unknown>;
  const idValid = r.id === undefined || r.id === null || typeof r.id === 'string' || typeof r.id === 'number';
  const id = idValid ? ((r.id as RpcResponse['id'] | undefined) ?? null) : null;
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string' || !idValid) return failure(id, RPC.INVALID_REQUEST, 'invalid request: needs jsonrpc "2.0", a method name and a string, number or null id');
  const notification = !('id' in r);
  let response: RpcResponse;
  if (r.params !== undefined && !Array.isArray(r.params)) {
    response = failure(id, RPC.INVALID_PARAMS, 'params must be an array');
  } else if (!Object.hasOwn(methods, r.method)) {
    response = failure(id, RPC.METHOD_NOT_FOUND, `the method ${r.method} does not exist/is not available`);
  } else {
    try {
      response = { jsonrpc: '2.0', id, result: methods[r.method]!((r.params as unknown[] | undefined) ?? []) };
    } catch (e) {
      response = e instanceof RpcError ? failure(id, e.code, e.message) : failure(id, RPC.INTERNAL, 'internal error');
    }
  }
  return notification ? null : response;
}

/** A request body (one request or a batch) -> what to answer (undefined: nothing, all were notifications). */
export function handleBody(methods: MethodTable, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(null, RPC.PARSE_ERROR, 'parse error: the body is not JSON');
  }
  if (!Array.isArray(parsed)) return handleRequest(methods, parsed) ?? undefined;
  if (parsed.length === 0) return failure(null, RPC.INVALID_REQUEST, 'invalid request: empty batch');
  if (parsed.length > MAX_BATCH) return failure(null, RPC.INVALID_REQUEST, `invalid request: at most ${MAX_BATCH} requests in a batch`);
  const answers = parsed.map((req) => handleRequest(methods, req)).filter((a) => a !== null);
  return answers.length ? answers : undefined;
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
  const state = new ChainState({ chainId, accounts: opts.accounts, senderOf: opts.senderOf, now: opts.clock ? () => opts.clock!.now() : undefined });
  const methods = rpcMethods(state);

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return send(res, 405, failure(null, RPC.INVALID_REQUEST, 'use POST with a JSON-RPC body'));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return send(res, 413, failure(null, RPC.INVALID_REQUEST, `body larger than ${MAX_BODY_BYTES} bytes`));
      const answer = handleBody(methods, Buffer.concat(chunks).toString('utf8'));
      send(res, answer === undefined ? 204 : 200, answer);
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
  });
  const port = (server.address() as AddressInfo).port;

  const timer = opts.blockTimeMs ? setInterval(() => state.mine(), opts.blockTimeMs) : undefined;
  timer?.unref();

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    chainId,
    state,
    mine: (count = 1) => state.mine(count),
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8545' },
      host: { type: 'string', default: '127.0.0.1' },
      'chain-id': { type: 'string', default: '20803' },
      'block-time-ms': { type: 'string', default: '1000' },
      fund: { type: 'string', multiple: true, default: [] },
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
  const chain = await startDevChain({ port: int('port', values.port), host: values.host, chainId: int('chain-id', values['chain-id']), blockTimeMs, accounts });
  console.log(`dev chain on ${chain.url} (chain id ${chain.chainId}, ${blockTimeMs ? `a block every ${blockTimeMs} ms` : 'blocks on dev_mine only'})`);
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
