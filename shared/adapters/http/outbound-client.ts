import dns from 'node:dns';
import type { ClientRequest, IncomingMessage, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction, type TcpNetConnectOpts } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { Config } from '../../config.js';
import { destinationRefusal, type DestinationOptions } from '../../domain/network-destinations.js';

/**
 * The one HTTP client for every call the service makes out (webhook deliveries, the screening provider, the remote
 * signer). Why one: the SSRF rules, timeouts and size limits hold for every caller or for none.
 *
 * - `node:http`/`node:https` with keep-alive agents from `request-filtering-agent`, extended so the destination
 *   check (shared/domain/network-destinations.ts) runs at connect time, on the IP literal or on every address DNS
 *   returned (so a hostname that resolves to a blocked address, or re-resolves to one later, is refused). The
 *   agent's own filter stays on underneath as a second layer.
 * - One total timeout per call covering DNS, connect, TLS, the wait for the answer and reading its body.
 * - Redirects are never followed: a 3xx is an answer like any other.
 * - A kept-alive connection reset as it is reused, before any answer, is the one failure sent again (once, on a new
 *   connection, within the same timeout): the request never reached the receiver.
 * - The response body is read up to `maxResponseBytes`; then the connection is dropped (nothing more is read).
 * - Every failure is an `OutboundRequestError` with a `kind` and a `reason`; a refusal (`kind: 'refused'`) is
 *   raised before any byte is sent.
 *
 * What request-filtering-agent 3.2.1 covers by itself, and why our check runs first: by default it refuses every
 * address whose ipaddr.js range is not `unicast` (so loopback, private, CGNAT, ULA, link-local, IPv4-mapped). But
 * (1) its one switch for private addresses, needed locally, also lets link-local and the metadata address through;
 * (2) its deny list cannot match an IPv4 CIDR against an IPv4-mapped IPv6 address (it only warns); (3) it takes the
 * deprecated IPv4-compatible form `::a.b.c.d` for public unicast. shared/domain/network-destinations.ts closes
 * these: link-local is refused in every mode, mapped addresses are judged as their IPv4 address, `::a.b.c.d` is
 * refused.
 */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

export type OutboundFailureKind = 'refused' | 'invalid-url' | 'timeout' | 'dns' | 'tls' | 'connection';

export class OutboundRequestError extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'OutboundRequestError';
  }
}

/** Raised inside the agent when a destination is refused; surfaces as `OutboundRequestError` kind `refused`. */
class DestinationRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DestinationRefusedError';
  }
}

export type OutboundRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Total time for the call (DNS + connect + TLS + response + body); default `DEFAULT_OUTBOUND_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Bytes of the body kept; the rest is not read. Default: the client's `maxResponseBytes`. */
  maxResponseBytes?: number;
};

export type OutboundResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most `maxResponseBytes` bytes. */
  body: Buffer;
  /** True when the answer had more bytes than were kept. */
  truncated: boolean;
};

export type OutboundClientOptions = DestinationOptions & {
  defaultTimeoutMs?: number;
  maxResponseBytes?: number;
  /** Extra trusted certificate authorities (PEM), e.g. a private CA of the remote signer, or a test CA. */
  ca?: string | Buffer | Array<string | Buffer>;
  /** DNS resolution; tests inject one to make a hostname resolve to a chosen address. Default `dns.lookup`. */
  lookup?: LookupFunction;
  userAgent?: string;
};

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;

function refusedSocket(error: Error, cb?: ConnectionCallback): net.Socket {
  const socket = new net.Socket();
  if (cb) cb(error, socket);
  else socket.destroy(error);
  return socket;
}

/** Wraps a DNS lookup so every address it returns passes the destination check (all of them, or the call fails). */
function checkedLookup(inner: LookupFunction, opts: DestinationOptions): LookupFunction {
  return (hostname, options, callback) => {
    inner(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      for (const a of addresses) {
        const refusal = destinationRefusal(a, opts);
        if (refusal)
          return callback(new DestinationRefusedError(`${hostname} resolves to ${refusal}`), address, family);
      }
      callback(null, address, family);
    });
  };
}

/** The connect-time check shared by the http and https agents. */
function guardedConnect(
  opts: DestinationOptions,
  lookup: LookupFunction,
  options: TcpNetConnectOpts,
  cb: ConnectionCallback | undefined,
  connect: (options: TcpNetConnectOpts, cb?: ConnectionCallback) => Duplex | net.Socket,
): Duplex | net.Socket {
  const host = options.host;
  if (host !== undefined && net.isIP(host) !== 0) {
    const refusal = destinationRefusal(host, opts);
    if (refusal) return refusedSocket(new DestinationRefusedError(refusal), cb);
  }
  return connect({ ...options, lookup: checkedLookup(options.lookup ?? lookup, opts) }, cb);
}

/**
 * The agent's own filter, never stricter than ours (so ours answers first, with its reasons): everything but global
 * unicast refused, or nothing when private networks (or operator-trusted ranges) may be reached.
 */
const agentFilter = (d: DestinationOptions) => {
  const loose = d.allowPrivateNetworks || (d.allowCidrs?.length ?? 0) > 0;
  return { allowPrivateIPAddress: loose, allowMetaIPAddress: loose };
};

class GuardedHttpAgent extends RequestFilteringHttpAgent {
  constructor(
    private readonly destination: DestinationOptions,
    private readonly lookup: LookupFunction,
  ) {
    super({ keepAlive: true, ...agentFilter(destination) });
  }
  override createConnection(options: TcpNetConnectOpts, cb?: ConnectionCallback): Duplex | net.Socket {
    return guardedConnect(this.destination, this.lookup, options, cb, (o, c) => super.createConnection(o, c));
  }
}

class GuardedHttpsAgent extends RequestFilteringHttpsAgent {
  constructor(
    private readonly destination: DestinationOptions,
    private readonly lookup: LookupFunction,
    ca: OutboundClientOptions['ca'],
  ) {
    super({ keepAlive: true, ...(ca ? { ca } : {}), ...agentFilter(destination) });
  }
  override createConnection(options: TcpNetConnectOpts, cb?: ConnectionCallback): Duplex | net.Socket {
    return guardedConnect(this.destination, this.lookup, options, cb, (o, c) => super.createConnection(o, c));
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);

function classifyError(e: unknown): OutboundRequestError {
  if (e instanceof OutboundRequestError) return e;
  if (e instanceof DestinationRefusedError) return new OutboundRequestError('refused', e.reason);
  const err = e as NodeJS.ErrnoException & { library?: string };
  const message = err?.message ?? String(e);
  // The agent's own filter (a second layer; the check above normally answers first).
  if (/is not allowed\. Because/.test(message)) return new OutboundRequestError('refused', message);
  const code = err?.code ?? '';
  if (DNS_CODES.has(code)) return new OutboundRequestError('dns', `DNS lookup failed (${code})`);
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.includes('CERT') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    err?.library === 'SSL routines'
  ) {
    return new OutboundRequestError('tls', `TLS failure (${code || message})`);
  }
  return new OutboundRequestError('connection', code ? `${code}: ${message}` : message);
}

export class OutboundClient {
  private readonly httpAgent: GuardedHttpAgent;
  private readonly httpsAgent: GuardedHttpsAgent;
  readonly defaultTimeoutMs: number;
  readonly maxResponseBytes: number;

  constructor(private readonly opts: OutboundClientOptions) {
    const lookup = opts.lookup ?? (dns.lookup as LookupFunction);
    for (const cidr of opts.allowCidrs ?? [])
      if (!ipaddr.isValidCIDR(cidr)) throw new Error(`invalid CIDR ${JSON.stringify(cidr)} in allowCidrs`);
    const destination = { allowPrivateNetworks: opts.allowPrivateNetworks, allowCidrs: opts.allowCidrs };
    this.httpAgent = new GuardedHttpAgent(destination, lookup);
    this.httpsAgent = new GuardedHttpsAgent(destination, lookup, opts.ca);
    this.defaultTimeoutMs = opts.defaultTimeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** Sends one request. Resolves with any HTTP answer (including 3xx, 4xx, 5xx); rejects with `OutboundRequestError`. */
  request(req: OutboundRequest): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return Promise.reject(new OutboundRequestError('invalid-url', 'not a valid URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return Promise.reject(new OutboundRequestError('invalid-url', `scheme ${url.protocol} is not allowed`));
    if (url.username || url.password)
      return Promise.reject(new OutboundRequestError('invalid-url', 'credentials in the URL are not allowed'));
    const timeoutMs = req.timeoutMs ?? this.defaultTimeoutMs;
    const limit = req.maxResponseBytes ?? this.maxResponseBytes;
    const body =
      req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
    const headers: OutgoingHttpHeaders = { 'User-Agent': this.opts.userAgent ?? 'pq-custody-service', ...req.headers };
    if (body) headers['Content-Length'] = String(body.byteLength);

    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let request: ClientRequest | undefined;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const fail = (e: unknown) => finish(() => reject(classifyError(e)));
      const timer = setTimeout(() => {
        const error = new OutboundRequestError('timeout', `no complete answer within ${timeoutMs} ms`);
        fail(error);
        request?.destroy(error);
      }, timeoutMs);

      const onResponse = (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = (truncated: boolean) =>
          finish(() =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks, kept),
              truncated,
            }),
          );
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = limit - kept;
          if (chunk.length > room) {
            if (room > 0) chunks.push(chunk.subarray(0, room));
            kept = limit;
            done(true);
            // Drop the connection rather than read (or buffer) the rest of an oversized answer.
            res.destroy();
            request?.destroy();
            return;
          }
          chunks.push(chunk);
          kept += chunk.length;
        });
        res.on('end', () => done(false));
        res.on('error', fail);
        res.on('close', () => fail(new OutboundRequestError('connection', 'the answer was cut off')));
      };

      // A kept-alive connection the server closed just as it was reused resets before any answer: the request never
      // reached the server, so it is sent once more, on a new connection (Node's documented remedy, `reusedSocket`),
      // within the same timeout.
      let resent = false;
      const send = () => {
        let sent: ClientRequest;
        try {
          const transport = url.protocol === 'https:' ? https : http;
          sent = request = transport.request(
            url,
            { method: req.method, headers, agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent },
            onResponse,
          );
        } catch (e) {
          fail(e);
          return;
        }
        let answered = false;
        sent.on('response', () => (answered = true));
        sent.on('error', (e: NodeJS.ErrnoException) => {
          if (!settled && !resent && !answered && sent.reusedSocket && e.code === 'ECONNRESET') {
            resent = true;
            send();
          } else fail(e);
        });
        sent.end(body);
      };
      send();
    });
  }

  /** Closes the kept-alive connections (tests; a Lambda process just ends). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

const shared = new Map<boolean, OutboundClient>();
let operator: OutboundClient | undefined;

/** Every IPv4 and IPv6 address: what an operator's own endpoint may be (link-local stays refused whatever is listed). */
const ANY_ADDRESS = ['0.0.0.0/0', '::/0'];

/**
 * The process's client for the operator's own endpoints, whose address comes from the deployment's settings and never
 * from a tenant (the remote signer, often on a private network): no destination rule but link-local (the cloud
 * metadata service, never a signer), while the timeout, the size limit and the refusal of redirects hold as for every
 * call out.
 */
export function operatorOutboundClient(): OutboundClient {
  operator ??= new OutboundClient({ allowPrivateNetworks: true, allowCidrs: ANY_ADDRESS });
  return operator;
}

/**
 * The process's outbound client for this configuration: private networks are reachable only when
 * `CUSTODY_ENV=local`. One per process, so its keep-alive connections are shared by every caller.
 */
export function sharedOutboundClient(cfg: Pick<Config, 'CUSTODY_ENV'>): OutboundClient {
  const allowPrivateNetworks = cfg.CUSTODY_ENV === 'local';
  let client = shared.get(allowPrivateNetworks);
  if (!client) {
    client = new OutboundClient({ allowPrivateNetworks });
    shared.set(allowPrivateNetworks, client);
  }
  return client;
}
