import type { AddressInfo } from 'node:net';
import { config } from '../../shared/config.js';
import { makeDynamoClient, overrideServices, services } from '../../shared/composition/standalone.js';
import type { Clock } from '../../shared/ports/clock.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { createLocalApiServer } from '../../local/http-server.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { apiHandlers } from '../../functions/index.js';
import type { ChainPort } from '../../shared/ports/chain.js';
import type { SpendAllowances } from '../../shared/domain/policies/spend-allowance.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { ensurePlatform } from '../../shared/domain/tenants/tenants.js';
import type { LocalStack } from '../../local/stack.js';

/**
 * A test's view of the service: its own table in DynamoDB Local, the platform bootstrapped, and the local API
 * server on a free port, called over real HTTP.
 */
export type Key = { keyId: string; secret: string };
export type CallOptions = { key?: Key | null; body?: unknown; rawBody?: string; headers?: Record<string, string> };
export type Response = { status: number; body: any; headers: Headers };

/**
 * The ports a test gives the API functions in place of their own (shared/composition/deps.ts), read on each use: the
 * store and clock of the test's services, and the chain when the test sets one (`api.ports.chain = ...`; the
 * functions that load the chain on demand are given it too). Assigning `api.ports.store` swaps the store of every
 * function for the next requests. The functions share one set of DAILY_LIMIT leases (`spendAllowances`: one process,
 * one container, as in the local stack); assigning another makes the next requests a new container's.
 */
export type TestPorts = {
  config: unknown;
  store: unknown;
  clock: unknown;
  chain?: ChainPort;
  spendAllowances: SpendAllowances;
};

export type TestApi = {
  baseUrl: string;
  operator: Key;
  platformTenantId: string;
  call: (method: string, path: string, opts?: CallOptions) => Promise<Response>;
  close: () => Promise<void>;
};

/** Calls the API over HTTP as `defaultKey` (or `opts.key`; `null` sends no credential). */
export function httpCaller(baseUrl: string, defaultKey: Key) {
  return async (method: string, path: string, opts: CallOptions = {}): Promise<Response> => {
    const key = opts.key === undefined ? defaultKey : opts.key;
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (key) headers.Authorization = `Bearer ${key.keyId}:${key.secret}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON (the docs page) */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
}

/** A local stack's API (local/stack.ts), called over HTTP as its platform operator; stopping the stack closes it. */
export function stackApi(stack: LocalStack): TestApi {
  const operator: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  return {
    baseUrl: stack.baseUrl,
    operator,
    platformTenantId: '',
    call: httpCaller(stack.baseUrl, operator),
    close: async () => undefined,
  };
}

export async function startTestApi(opts: { clock?: Clock } = {}): Promise<TestApi & { ports: TestPorts }> {
  const cfg = config();
  if (opts.clock) overrideServices({ clock: opts.clock });
  await ensureTable(makeDynamoClient(cfg), cfg.CUSTODY_TABLE_NAME);
  const boot = await ensurePlatform(services(), services().clock.now());
  if (!boot.created) throw new Error('platform already bootstrapped in a fresh table');
  const ports = testPorts();
  const server = createLocalApiServer({ routes: ALL_ROUTES, handlerFor: apiHandlers(ports) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const operator = { keyId: boot.keyId, secret: boot.secret };
  const call = httpCaller(baseUrl, operator);
  return {
    baseUrl,
    ports,
    operator,
    platformTenantId: boot.tenantId,
    call,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates a tenant with a first admin and returns its credential. */
export async function createTenantWithAdmin(api: TestApi, name = `tenant-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await api.call('POST', '/v1/tenants', {
    body: { name, admin_email: `admin@${name}.example`, admin_name: 'Admin' },
  });
  if (res.status !== 201) throw new Error(`tenant create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    tenant: res.body,
    admin: { keyId: res.body.admin_credential.key_id as string, secret: res.body.admin_credential.secret as string },
    adminUserId: res.body.admin_user.id as string,
  };
}

function testPorts(): TestPorts {
  let store: unknown;
  let chain: ChainPort | undefined;
  let allowances: SpendAllowances | undefined;
  return {
    get config() {
      return services().config;
    },
    get store() {
      return store ?? services().store;
    },
    set store(s: unknown) {
      store = s;
    },
    get clock() {
      return services().clock;
    },
    get chain() {
      return chain;
    },
    set chain(c: ChainPort | undefined) {
      chain = c;
    },
    get loadChain() {
      return chain ? async () => chain : undefined;
    },
    get spendAllowances() {
      return (allowances ??= spendAllowancesFrom(services()));
    },
    set spendAllowances(a: SpendAllowances) {
      allowances = a;
    },
  } as TestPorts;
}
