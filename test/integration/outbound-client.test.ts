import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_OUTBOUND_TIMEOUT_MS,
  OutboundClient,
  OutboundRequestError,
  sharedOutboundClient,
} from '../../shared/adapters/http/outbound-client.js';
import { makeTestCertificate } from '../support/test-certificate.js';
import { sendDeliveryAttempt } from '../../shared/adapters/http/webhook-sender.js';
import { classifyAttempt } from '../../shared/domain/webhooks/attempt-outcome.js';

/**
 * The one outbound HTTP client against real receivers on loopback (node:http and node:https with a certificate made
 * at run time). Only loopback is ever connected to: every other range is refused before a connection is opened.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('ok');
let requests = 0;
let connections = 0;
const onRequest: Handler = (req, res) => {
  requests++;
  req.resume();
  handler(req, res);
};
const plain = http.createServer(onRequest).on('connection', () => connections++);
const plainV6 = http.createServer(onRequest).on('connection', () => connections++);
const tlsCert = makeTestCertificate();
const secure = https
  .createServer({ key: tlsCert.key, cert: tlsCert.cert }, onRequest)
  .on('secureConnection', () => connections++);
let port: number;
let portV6: number;
let securePort: number;

const listen = (s: http.Server, host: string) =>
  new Promise<number>((r) => s.listen(0, host, () => r((s.address() as AddressInfo).port)));

const production = new OutboundClient({ allowPrivateNetworks: false });
const local = new OutboundClient({ allowPrivateNetworks: true, ca: tlsCert.cert });
const clients = [production, local];

beforeAll(async () => {
  port = await listen(plain, '127.0.0.1');
  portV6 = await listen(plainV6, '::1');
  securePort = await listen(secure, '127.0.0.1');
});
afterEach(() => {
  handler = (_req, res) => res.end('ok');
  vi.useRealTimers();
});
afterAll(() => {
  for (const c of clients) c.close();
  for (const s of [plain, plainV6, secure]) s.closeAllConnections();
  for (const s of [plain, plainV6, secure]) s.close();
});

async function failure(p: Promise<unknown>): Promise<OutboundRequestError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OutboundRequestError);
  return e as OutboundRequestError;
}

/** A lookup that answers from a table, as DNS would (one address or all of them). */
function fakeDns(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, cb) => {
    const addrs = table[hostname];
    if (!addrs) {
      const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return process.nextTick(() => cb(err, '', 0));
    }
    const all = addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(() => (options.all ? cb(null, all) : cb(null, all[0]!.address, all[0]!.family)));
  };
}

describe('destinations refused before any request is sent', () => {
  const alwaysRefused: Array<[string, RegExp]> = [
    ['http://169.254.169.254/latest/meta-data/', /link-local address 169\.254\.169\.254/],
    ['http://169.254.1.1/', /link-local/],
    ['http://[fe80::1]/', /link-local address fe80::1/],
    ['http://[::ffff:169.254.169.254]/', /link-local address ::ffff:a9fe:a9fe \(IPv4-mapped 169\.254\.169\.254\)/],
    ['http://[::a9fe:a9fe]/', /IPv4-compatible/],
    ['http://224.0.0.1/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://[64:ff9b::a9fe:a9fe]/', /rfc6052/],
  ];
  for (const client of clients) {
    const mode = client === local ? 'local' : 'production';
    for (const [url, reason] of alwaysRefused) {
      it(`refuses ${url} in ${mode} mode`, async () => {
        const e = await failure(client.request({ method: 'POST', url, body: '{}' }));
        expect(e.kind).toBe('refused');
        expect(e.reason).toMatch(reason);
      });
    }
  }

  const privateLiterals: Array<[string, RegExp]> = [
    ['http://127.0.0.1:PORT/', /^loopback address 127\.0\.0\.1 is refused outside the local environment$/],
    ['http://127.8.9.10:PORT/', /loopback/],
    ['http://[::1]:PORT6/', /loopback address ::1/],
    ['http://[::ffff:127.0.0.1]:PORT/', /loopback address ::ffff:7f00:1 \(IPv4-mapped 127\.0\.0\.1\)/],
    ['http://10.1.2.3/', /private \(RFC 1918\) address 10\.1\.2\.3/],
    ['http://172.16.0.1/', /private \(RFC 1918\)/],
    ['http://172.31.255.254/', /private \(RFC 1918\)/],
    ['http://192.168.1.1/', /private \(RFC 1918\)/],
    ['http://[::ffff:10.0.0.1]/', /private \(RFC 1918\) address ::ffff:a00:1 \(IPv4-mapped 10\.0\.0\.1\)/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://100.127.255.254/', /carrier-grade NAT/],
    ['http://[::ffff:100.64.0.1]/', /carrier-grade NAT.*IPv4-mapped/],
    ['http://[fd00::1]/', /unique-local \(fc00::\/7\) address fd00::1/],
    ['http://[fc00::1]/', /unique-local/],
    ['http://0.0.0.0:PORT/', /unspecified address 0\.0\.0\.0/],
    ['http://[::]:PORT/', /unspecified address ::/],
  ];
  for (const [template, reason] of privateLiterals) {
    it(`refuses ${template} in production mode (connects to nothing)`, async () => {
      const before = connections;
      const url = template.replace('PORT6', String(portV6)).replace('PORT', String(port));
      const e = await failure(production.request({ method: 'POST', url, body: '{}' }));
      expect(e.kind).toBe('refused');
      expect(e.reason).toMatch(reason);
      expect(connections).toBe(before);
    });
  }

  it('refuses a hostname that resolves to loopback (localhost) in production mode', async () => {
    const before = connections;
    const e = await failure(production.request({ method: 'GET', url: `http://localhost:${port}/` }));
    expect(e.kind).toBe('refused');
    expect(e.reason).toMatch(/^localhost resolves to loopback address/);
    expect(connections).toBe(before);
  });

  it('refuses hostnames whose DNS answers include a blocked address, in either mode', async () => {
    const dnsTable = {
      'metadata.example': ['169.254.169.254'],
      'mapped.example': ['::ffff:169.254.169.254'],
      'v6-link-local.example': ['fe80::abcd'],
      'mixed.example': ['127.0.0.1', '169.254.169.254'],
      'private.example': ['10.0.0.7'],
      'cgnat.example': ['100.64.3.4'],
      'ula.example': ['fd12:3456::1'],
    };
    const prod = new OutboundClient({ allowPrivateNetworks: false, lookup: fakeDns(dnsTable) });
    const loc = new OutboundClient({ allowPrivateNetworks: true, lookup: fakeDns(dnsTable) });
    try {
      for (const host of ['metadata.example', 'mapped.example', 'v6-link-local.example', 'mixed.example']) {
        for (const c of [prod, loc]) {
          const e = await failure(c.request({ method: 'GET', url: `http://${host}:${port}/` }));
          expect(e.kind).toBe('refused');
          // In production the loopback answer of mixed.example is refused first; locally it passes and the
          // link-local one is refused: every address returned must pass.
          const expected = c === prod && host === 'mixed.example' ? 'loopback' : 'link-local';
          expect(e.reason).toMatch(new RegExp(`^${host.replace('.', '\\.')} resolves to ${expected} address`));
        }
      }
      for (const [host, label] of [
        ['private.example', 'private'],
        ['cgnat.example', 'carrier-grade NAT'],
        ['ula.example', 'unique-local'],
      ]) {
        const e = await failure(prod.request({ method: 'GET', url: `http://${host}/` }));
        expect(e.kind).toBe('refused');
        expect(e.reason).toContain(`${host} resolves to ${label}`);
      }
    } finally {
      prod.close();
      loc.close();
    }
  });

  it('refuses https destinations the same way (the check is below TLS)', async () => {
    const e = await failure(
      production.request({ method: 'POST', url: `https://localhost:${securePort}/`, body: '{}' }),
    );
    expect(e.kind).toBe('refused');
    const m = await failure(local.request({ method: 'POST', url: 'https://[::ffff:169.254.169.254]/', body: '{}' }));
    expect(m.kind).toBe('refused');
  });

  it('refuses URLs that are not http(s) or carry credentials', async () => {
    expect((await failure(local.request({ method: 'GET', url: 'file:///etc/passwd' }))).kind).toBe('invalid-url');
    expect((await failure(local.request({ method: 'GET', url: `http://u:p@127.0.0.1:${port}/` }))).kind).toBe(
      'invalid-url',
    );
    expect((await failure(local.request({ method: 'GET', url: 'not a url' }))).kind).toBe('invalid-url');
  });
});

describe('local mode', () => {
  for (const template of [
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://[::1]:PORT6/',
    'http://[::ffff:127.0.0.1]:PORT/',
  ]) {
    it(`reaches ${template}`, async () => {
      const url = template.replace('PORT6', String(portV6)).replace('PORT', String(port));
      const res = await local.request({
        method: 'POST',
        url,
        body: '{"a":1}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe('ok');
      expect(res.truncated).toBe(false);
    });
  }

  it('reaches an operator-trusted range outside the local environment, and only that range', async () => {
    const trusted = new OutboundClient({ allowPrivateNetworks: false, allowCidrs: ['127.0.0.0/8'] });
    try {
      expect((await trusted.request({ method: 'GET', url: `http://127.0.0.1:${port}/` })).status).toBe(200);
      expect((await failure(trusted.request({ method: 'GET', url: `http://[::1]:${portV6}/` }))).kind).toBe('refused');
      expect((await failure(trusted.request({ method: 'GET', url: 'http://169.254.169.254/' }))).kind).toBe('refused');
    } finally {
      trusted.close();
    }
    expect(() => new OutboundClient({ allowPrivateNetworks: false, allowCidrs: ['10.0.0.0/33'] })).toThrow(
      /invalid CIDR/,
    );
  });

  it('is chosen by CUSTODY_ENV: one client per process for each setting', () => {
    expect(sharedOutboundClient({ CUSTODY_ENV: 'local' })).toBe(sharedOutboundClient({ CUSTODY_ENV: 'local' }));
    expect(sharedOutboundClient({ CUSTODY_ENV: 'production' })).not.toBe(
      sharedOutboundClient({ CUSTODY_ENV: 'local' }),
    );
  });
});

describe('answers', () => {
  it('sends the method, headers and body, and keeps the connection alive between calls', async () => {
    let seen: { method?: string; type?: string; body: string } = { body: '' };
    handler = (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, type: req.headers['content-type'], body };
        res.end('done');
      });
    };
    const client = new OutboundClient({ allowPrivateNetworks: true });
    try {
      const before = connections;
      await client.request({
        method: 'POST',
        url: `http://127.0.0.1:${port}/hook`,
        headers: { 'Content-Type': 'application/json' },
        body: '{"x":"é"}',
      });
      expect(seen).toEqual({ method: 'POST', type: 'application/json', body: '{"x":"é"}' });
      await client.request({ method: 'POST', url: `http://127.0.0.1:${port}/hook`, body: '{}' });
      expect(connections - before).toBe(1);
    } finally {
      client.close();
    }
  });

  it('sends a request once more, on a new connection, when a kept-alive one is closed as it is reused', async () => {
    // The receiver drops a connection at its second request, unanswered: an idle connection closed as it was reused.
    const seenOn = new WeakMap<object, number>();
    handler = (req, res) => {
      const n = (seenOn.get(req.socket) ?? 0) + 1;
      seenOn.set(req.socket, n);
      if (n === 2) req.socket.destroy();
      else res.end(`answer ${n}`);
    };
    const client = new OutboundClient({ allowPrivateNetworks: true });
    const call = () => client.request({ method: 'POST', url: `http://127.0.0.1:${port}/sign`, body: '{}' });
    try {
      const before = { requests, connections };
      expect((await call()).body.toString()).toBe('answer 1');
      expect((await call()).body.toString()).toBe('answer 1'); // the first request of a new connection
      expect([requests - before.requests, connections - before.connections]).toEqual([3, 2]);
    } finally {
      client.close();
    }
  });

  it('does not send again when a new connection is reset, nor more than once', async () => {
    handler = (req) => req.socket.destroy();
    const client = new OutboundClient({ allowPrivateNetworks: true });
    try {
      const before = requests;
      const e = await failure(client.request({ method: 'POST', url: `http://127.0.0.1:${port}/`, body: '{}' }));
      expect(e.kind).toBe('connection');
      expect(requests - before).toBe(1);
    } finally {
      client.close();
    }
  });

  it('never follows a redirect: a 3xx is the answer', async () => {
    handler = (req, res) => {
      if (req.url === '/start') res.writeHead(307, { Location: '/elsewhere' }).end();
      else res.end('followed');
    };
    const before = requests;
    const res = await local.request({ method: 'POST', url: `http://127.0.0.1:${port}/start`, body: '{}' });
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/elsewhere');
    expect(requests - before).toBe(1);
  });

  it('gives up on a receiver that never answers, after the timeout', async () => {
    handler = () => undefined; // holds the request open
    const e = await failure(
      local.request({ method: 'POST', url: `http://127.0.0.1:${port}/`, body: '{}', timeoutMs: 100 }),
    );
    expect(e.kind).toBe('timeout');
    expect(e.reason).toBe('no complete answer within 100 ms');
  });

  it('times out after 10 000 ms by default (fake clock)', async () => {
    expect(DEFAULT_OUTBOUND_TIMEOUT_MS).toBe(10_000);
    let arrived!: () => void;
    const received = new Promise<void>((r) => (arrived = r));
    handler = () => arrived();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new OutboundClient({ allowPrivateNetworks: true });
    try {
      let outcome: unknown;
      const call = client.request({ method: 'POST', url: `http://127.0.0.1:${port}/`, body: '{}' }).then(
        (r) => (outcome = r),
        (e: unknown) => (outcome = e),
      );
      await received;
      vi.advanceTimersByTime(9_999);
      await new Promise((r) => setImmediate(r));
      expect(outcome).toBeUndefined();
      vi.advanceTimersByTime(1);
      await call;
      expect(outcome).toBeInstanceOf(OutboundRequestError);
      expect(outcome).toMatchObject({ kind: 'timeout', reason: 'no complete answer within 10000 ms' });
    } finally {
      client.close();
    }
  });

  it('reads at most the limit of a 10 MB answer and drops the connection', async () => {
    const total = 10 * 1024 * 1024;
    let written = 0;
    let serverClosed!: (finished: boolean) => void;
    const closed = new Promise<boolean>((r) => (serverClosed = r));
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Length': String(total) });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => serverClosed(res.writableFinished));
      pump();
    };
    const res = await local.request({
      method: 'POST',
      url: `http://127.0.0.1:${port}/`,
      body: '{}',
      maxResponseBytes: 4096,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(4096);
    expect(res.body.toString()).toBe('a'.repeat(4096));
    expect(res.truncated).toBe(true);
    expect(await closed).toBe(false); // the receiver could not finish: the client stopped reading and hung up
  });

  it('talks https to a receiver whose certificate it trusts, and fails TLS when it does not', async () => {
    const res = await local.request({ method: 'POST', url: `https://localhost:${securePort}/`, body: '{}' });
    expect(res.status).toBe(200);
    const untrusting = new OutboundClient({ allowPrivateNetworks: true });
    try {
      const e = await failure(
        untrusting.request({ method: 'POST', url: `https://localhost:${securePort}/`, body: '{}' }),
      );
      expect(e.kind).toBe('tls');
    } finally {
      untrusting.close();
    }
  });

  it('reports a name that does not resolve as a DNS failure, and a closed port as a connection failure', async () => {
    const client = new OutboundClient({ allowPrivateNetworks: true, lookup: fakeDns({}) });
    try {
      expect((await failure(client.request({ method: 'GET', url: 'http://nowhere.example/' }))).kind).toBe('dns');
    } finally {
      client.close();
    }
    const closedPort = await new Promise<number>((r) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => r(p));
      });
    });
    const e = await failure(local.request({ method: 'GET', url: `http://127.0.0.1:${closedPort}/` }));
    expect(e.kind).toBe('connection');
    expect(e.reason).toMatch(/ECONNREFUSED/);
  });
});

describe('webhook delivery attempts', () => {
  const now = new Date();
  it('posts the delivery and reports the answer; a big answer is kept to 4 KiB', async () => {
    let got: { method?: string; sig?: string } = {};
    handler = (req, res) => {
      got = { method: req.method, sig: req.headers['x-webhook-signature'] as string };
      res.writeHead(200).end('x'.repeat(10_000));
    };
    const result = await sendDeliveryAttempt(local, {
      url: `http://127.0.0.1:${port}/`,
      headers: { 'X-Webhook-Signature': 'abc' },
      rawBody: '{}',
    });
    expect(got).toEqual({ method: 'POST', sig: 'abc' });
    expect(result).toMatchObject({ status: 200, truncated: true });
    expect('body' in result && result.body).toBe('x'.repeat(4096));
    expect(classifyAttempt(result, now)).toMatchObject({ outcome: 'delivered', status: 200 });
  });

  it('reports 410, a redirect, a refusal and a timeout as outcomes, never as exceptions', async () => {
    handler = (req, res) =>
      req.url === '/gone'
        ? res.writeHead(410).end()
        : res.writeHead(301, { Location: 'http://169.254.169.254/' }).end();
    expect(
      classifyAttempt(
        await sendDeliveryAttempt(local, { url: `http://127.0.0.1:${port}/gone`, headers: {}, rawBody: '{}' }),
        now,
      ),
    ).toMatchObject({ outcome: 'endpoint-gone' });
    expect(
      classifyAttempt(
        await sendDeliveryAttempt(local, { url: `http://127.0.0.1:${port}/moved`, headers: {}, rawBody: '{}' }),
        now,
      ),
    ).toMatchObject({ outcome: 'failed', status: 301, reason: 'HTTP 301' });
    expect(
      classifyAttempt(
        await sendDeliveryAttempt(production, { url: `http://127.0.0.1:${port}/`, headers: {}, rawBody: '{}' }),
        now,
      ),
    ).toMatchObject({
      outcome: 'failed',
      status: null,
      reason: 'refused: loopback address 127.0.0.1 is refused outside the local environment',
    });
    handler = () => undefined;
    expect(
      classifyAttempt(
        await sendDeliveryAttempt(local, {
          url: `http://127.0.0.1:${port}/`,
          headers: {},
          rawBody: '{}',
          timeoutMs: 50,
        }),
        now,
      ),
    ).toMatchObject({
      outcome: 'failed',
      reason: 'timeout: no complete answer within 50 ms',
    });
  });
});
