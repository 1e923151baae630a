import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { FakeClock } from '../shared/ports/clock.js';
import { ALL_ROUTES } from '../shared/http/routes/index.js';
import { matchPath } from '../shared/http/route.js';
import { missingExamples, OPENAPI_EXAMPLES_FILE, type OpenApiExamples } from '../shared/http/openapi-examples.js';
import { buildOpenApi } from '../shared/http/openapi.js';
import { OPENAPI_DOCUMENT } from '../shared/http/openapi-document.js';
import { makeTestCertificate } from '../test/support/test-certificate.js';
import { TestBrowser } from '../test/support/browser.js';
import { startDevOidcProvider } from '../tools/dev-idp/oidc-provider.js';
import { createDevSamlIdp, makeSamlSigningKey } from '../tools/dev-idp/saml-idp.js';
import {
  chainProfileFromConfig,
  deriveAddress,
  ML_DSA,
  toHex,
  type PqAlgorithm,
} from '../shared/domain/chain/chain-profile.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import {
  COSIGNATURE_TYPE,
  cosignatureBytes,
  cosignatureMessage,
  noteKeyId,
  signatureLine,
  splitNote,
  verifierKey,
} from '../shared/domain/audit/checkpoints.js';

/**
 * `npm run docs:examples`: captures the OpenAPI document's examples from real answers. It starts the local stack
 * (in-memory DynamoDB Local, the dev chain, the reference signer, a fixed clock), runs the steps below over HTTP,
 * and records every JSON request body and answer it sees, keyed by the operationId of the route that answered and
 * the status (the first seen wins), plus the first error answer of each catalog error type. Secrets and generated
 * ids are redacted consistently (redact()), then docs/openapi-examples.json is written and `npm run docs:openapi`
 * puts the examples into the document.
 *
 * The steps are independent: each makes the state it needs through the API, by way of the fixtures (Fixtures: a
 * tenant, people with roles, a vault, wallets with coins, a completed transfer...), each made once, on first use.
 * A step that fails is reported and the others still run; the file is written with what was captured, and the run
 * ends listing every unexpected answer and every operation or documented answer left without an example (exit 1).
 *
 * To give a new route its examples: add a step to STEPS (or calls to the step of its family) that makes its success
 * answer first, then the refusals it documents, taking what it needs from the fixtures (add one when several steps
 * need the same state); then run `npm run docs:examples && npm run docs:openapi && npm run client:generate`. The
 * unit test (test/unit/openapi-reference.test.ts) names every operation and answer still without one.
 */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Json; text: string; headers: Headers };
type Key = string | null;
type CallOptions = {
  body?: Json;
  form?: Record<string, string>;
  raw?: string;
  headers?: Record<string, string>;
  record?: boolean;
};

const START = Date.parse('2026-01-15T09:30:00.000Z');
const COIN = 10n ** 18n;
const DEST = '0x8ba1f109551bd432803012645ac136ddd64dba72';

/** Operations whose answer is no example: the OpenAPI document itself (it would hold itself). */
export const NOT_RECORDED = new Set(['openapi']);

export class Recorder {
  readonly examples: OpenApiExamples = { operations: {}, errors: {} };
  /** Answers other than the scenario expected: the capture fails with their list. */
  readonly problems: string[] = [];
  private readonly ids = new Map<string, string>();
  private readonly secrets = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** Calls the API (`key`: `<key_id>:<secret>`, null for none) and records the exchange under its operationId (unless `record` is false). */
  async call(key: Key, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...opts.headers };
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    } else if (opts.raw !== undefined) {
      body = opts.raw;
    } else if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Json;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined; // HTML, scripts, redirects: no JSON example
    }
    const route = ALL_ROUTES.find((r) => r.method === method && matchPath(r.path, path.split('?')[0]!));
    const type = parsed?.error?.type;
    if (typeof type === 'string' && opts.record !== false && this.examples.errors[type] === undefined)
      this.examples.errors[type] = this.redact(parsed);
    console.log(`${res.status} ${method} ${path}${type ? ` (${type})` : ''}`);
    if (!route || NOT_RECORDED.has(route.operationId) || opts.record === false)
      return { status: res.status, body: parsed, text, headers: res.headers };
    const op = (this.examples.operations[route.operationId] ??= { responses: {} });
    if (opts.body !== undefined && op.request === undefined && res.status < 300) op.request = this.redact(opts.body);
    else if (opts.form && op.request === undefined) op.request = this.redact(opts.form);
    if (parsed !== undefined && op.responses[res.status] === undefined) op.responses[res.status] = this.redact(parsed);
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  /** Like call(), but notes a problem (the capture then fails) when the answer is not `status`; answers the body. */
  async expect(status: number, key: Key, method: string, path: string, opts: CallOptions = {}): Promise<Json> {
    return (await this.expectAnswer(status, key, method, path, opts)).body;
  }

  /** Like expect(), but answers the whole answer (its headers too: a redirect's Location, its cookies). */
  async expectAnswer(status: number, key: Key, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const res = await this.call(key, method, path, opts);
    if (res.status !== status)
      this.problems.push(
        `${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body ?? res.text).slice(0, 300)}`,
      );
    return res;
  }

  /**
   * Replaces what differs from run to run or must not be published: every UUID (ids, request ids) by a stable one
   * numbered in order of appearance, so the same id reads the same across examples; secrets (`secret`,
   * `client_secret`, `pqcs_...`, `whsec_...`) by a placeholder of their kind; key ids by numbered ones; the random
   * part of a sign-in's one-time code by REDACTED.
   */
  redact(value: Json): Json {
    if (typeof value === 'string') {
      let s = value.replace(/\b([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, '$1.REDACTED');
      s = s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!this.ids.has(id))
          this.ids.set(id, `00000000-0000-4000-8000-${String(this.ids.size + 1).padStart(12, '0')}`);
        return this.ids.get(id)!;
      });
      s = s.replace(/\b(pqck|pqcs|whsec|pqsess)_[A-Za-z0-9_-]+/g, (secret, kind: string) => {
        if (!this.secrets.has(secret))
          this.secrets.set(
            secret,
            `${kind}_example${String(this.secrets.size + 1).padStart(4, '0')}${kind === 'pqck' ? '' : 'REDACTED'}`,
          );
        return this.secrets.get(secret)!;
      });
      return s;
    }
    if (Array.isArray(value)) return value.map((v) => this.redact(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          (k === 'secret' || k === 'client_secret') &&
          typeof v === 'string' &&
          !v.startsWith('pqcs_') &&
          !v.startsWith('whsec_')
            ? 'REDACTED'
            : this.redact(v),
        ]),
      );
    }
    return value;
  }
}

const keyOf = (c: { key_id: string; secret: string }) => `${c.key_id}:${c.secret}`;
type Person = { user: Json; key: string; keyId: string };
type WalletKey = { publicKey: string; secretKey: Uint8Array; address: string };

/** The witness whose cosignatures the run's stack accepts (CUSTODY_AUDIT_WITNESS_KEYS). */
const WITNESS_NAME = 'witness.example';
const witness = (() => {
  const { publicKey, secretKey } = ml_dsa65.keygen(new Uint8Array(32).fill(0x11));
  return {
    secretKey,
    id: noteKeyId(WITNESS_NAME, COSIGNATURE_TYPE, publicKey),
    verifierKey: verifierKey(WITNESS_NAME, COSIGNATURE_TYPE, publicKey),
  };
})();

/** Who signs in through the identity providers: a user of the tenant (Fixtures.ssoUser), and one it does not know. */
const SSO_USER = { email: 'sam@acme.example', name: 'Sam Signer' };
const STRANGER = { email: 'stranger@acme.example', name: 'Stan Stranger' };
const OIDC_CLIENT = { client_id: 'custody', client_secret: 'oidc-client-secret-value' };

/**
 * The state the steps need, each piece made through the API on first use and shared afterwards (a failure is
 * remembered: every step that needs it fails with it). Add a fixture when a new route needs state others may too.
 */
export class Fixtures {
  private readonly made = new Map<string, Promise<unknown>>();
  readonly operator: string;

  constructor(
    readonly api: Recorder,
    readonly stack: LocalStack,
    readonly clock: FakeClock,
    readonly receiverUrl: string,
  ) {
    this.operator = `${stack.operator!.keyId}:${stack.operator!.secret}`;
  }

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }

  /** Runs the queues, the stream and the audit sequencer until nothing is left. */
  settle = () => this.stack.drain();

  /** Mines blocks and polls the chain until `id` completes (a few rounds at most). */
  async confirm(key: string, id: string): Promise<void> {
    for (
      let round = 0;
      round < 5 &&
      (await this.api.call(key, 'GET', `/v1/transactions/${id}`, { record: false })).body.status !== 'COMPLETED';
      round++
    ) {
      await this.stack.devChain!.mine(this.stack.config.CUSTODY_CONFIRMATION_DEPTH + 1);
      await this.stack.runSchedule('chain-poller');
      await this.settle();
    }
  }

  /** The tenant most steps work in, with its admin's key. */
  tenant = () =>
    this.once('tenant', async () => {
      const t = await this.api.expect(201, this.operator, 'POST', '/v1/tenants', {
        body: { name: 'Acme Treasury', admin_email: 'admin@acme.example', admin_name: 'Ada Admin' },
      });
      return { id: t.id as string, admin: keyOf(t.admin_credential) };
    });

  /** A user of the tenant with one system role, and a credential of theirs. */
  person = (who: 'operator' | 'approver1' | 'approver2' | 'viewer') =>
    this.once(`person:${who}`, async (): Promise<Person> => {
      const [email, name, role] = {
        operator: ['olivia@acme.example', 'Olivia Operator', 'role_operator'],
        approver1: ['amir@acme.example', 'Amir Approver', 'role_approver'],
        approver2: ['bea@acme.example', 'Bea Approver', 'role_approver'],
        viewer: ['victor@acme.example', 'Victor Viewer', 'role_viewer'],
      }[who];
      const { admin } = await this.tenant();
      const user = await this.api.expect(201, admin, 'POST', '/v1/users', { body: { email, name, role_ids: [role] } });
      const cred = await this.api.expect(201, admin, 'POST', '/v1/credentials', {
        body: { user_id: user.id, name: `${name}'s key` },
      });
      return { user, key: keyOf(cred), keyId: cred.key_id as string };
    });

  ops = async () => (await this.person('operator')).key;

  vault = () =>
    this.once('vault', async () =>
      this.api.expect(201, await this.ops(), 'POST', '/v1/vault/accounts', {
        body: { name: 'Treasury', metadata: { cost_center: 'CC-100' } },
      }),
    );

  /** An ML-DSA key pair of the service's algorithm, from a fixed seed. */
  walletKey(seed: number): WalletKey {
    const k = ML_DSA[this.stack.config.CUSTODY_PQ_ALGORITHM as PqAlgorithm].keygen(new Uint8Array(32).fill(seed));
    return { publicKey: toHex(k.publicKey), secretKey: k.secretKey, address: deriveAddress(k.publicKey) };
  }

  /** The body registering `k` in `vaultId`, with its ownership proof. */
  async registration(vaultId: string, k: WalletKey, label: string) {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const proof = chainProfileFromConfig(this.stack.config).sign(
      k.secretKey,
      chainProfileFromConfig(this.stack.config).ownershipProofMessage({
        tenantId: (await this.tenant()).id,
        vaultId,
        address: k.address,
        timestamp: now,
      }),
    );
    return { address: k.address, public_key: k.publicKey, label, proof_signature: proof, proof_timestamp: now };
  }

  /** A wallet the service signs for (generated), holding 10 coins. */
  hotWallet = () =>
    this.once('hot', async () => {
      const hot = await this.api.expect(
        201,
        await this.ops(),
        'POST',
        `/v1/vault/accounts/${(await this.vault()).id}/wallets/generate`,
        { body: { label: 'hot' } },
      );
      await this.stack.devChain!.state.setBalance(hot.address, 10n * COIN);
      return hot;
    });

  /** A wallet whose key is held outside (signed through the signing payload), holding 10 coins. */
  externalWallet = () =>
    this.once('external', async () => {
      const key = this.walletKey(7);
      const vault = await this.vault();
      const wallet = await this.api.expect(201, await this.ops(), 'POST', `/v1/vault/accounts/${vault.id}/wallets`, {
        body: await this.registration(vault.id, key, 'cold (external signer)'),
      });
      await this.stack.devChain!.state.setBalance(key.address, 10n * COIN);
      return { wallet, key };
    });

  nativeAsset = () =>
    this.once('native', async () => (await this.api.expect(200, await this.ops(), 'GET', '/v1/assets')).assets[0]);

  /** The vault's policy: two approvals, at most 5 coins. */
  fourEyes = () =>
    this.once('policy', async () =>
      this.api.expect(201, (await this.tenant()).admin, 'POST', '/v1/policies', {
        body: {
          vault_id: (await this.vault()).id,
          name: 'Four eyes',
          rules: [
            { type: 'REQUIRE_APPROVAL', value: '2' },
            { type: 'MAX_AMOUNT', value: String(5n * COIN) },
          ],
        },
      }),
    );

  /** A create-transfer body: 1 coin from the hot wallet (the policy in place). */
  async transfer(externalId: string) {
    await this.fourEyes();
    return {
      sourceWalletId: (await this.hotWallet()).id,
      destinationAddr: DEST,
      assetId: (await this.nativeAsset()).id,
      amount: String(COIN),
      externalId,
      note: 'Supplier invoice',
    };
  }

  /** Submits `body`, approves it twice and lets it be signed and broadcast (not mined). */
  async approvedTransfer(body: Json, headers?: Record<string, string>) {
    const tx = await this.api.expect(201, await this.ops(), 'POST', '/v1/transactions', { body, headers });
    await this.settle();
    await this.api.expect(200, (await this.person('approver1')).key, 'POST', `/v1/transactions/${tx.id}/approve`, {
      body: { reason: 'Invoice checked' },
    });
    await this.api.expect(200, (await this.person('approver2')).key, 'POST', `/v1/transactions/${tx.id}/approve`, {
      body: { reason: 'OK' },
    });
    await this.settle();
    return tx;
  }

  /** Lets transaction `id` run to its end: approved by both approvers when it waits for them, then confirmed. */
  async complete(id: string): Promise<void> {
    await this.settle();
    const ops = await this.ops();
    if (
      (await this.api.call(ops, 'GET', `/v1/transactions/${id}`, { record: false })).body.status ===
      'PENDING_AUTHORIZATION'
    )
      for (const who of ['approver1', 'approver2'] as const)
        await this.api.expect(200, (await this.person(who)).key, 'POST', `/v1/transactions/${id}/approve`, {
          body: {},
          record: false,
        });
    await this.settle();
    await this.confirm(ops, id);
  }

  /** A transfer approved, signed, broadcast and confirmed. */
  completedTransfer = () =>
    this.once('completed', async () => {
      const tx = await this.approvedTransfer(
        { ...(await this.transfer('invoice-42')), note: 'Supplier invoice 42' },
        { 'Idempotency-Key': 'pay-0001' },
      );
      await this.confirm(await this.ops(), tx.id);
      return tx;
    });

  /** A user of the tenant who signs in through the identity providers (the single sign-on step). */
  ssoUser = () =>
    this.once('sso-user', async () =>
      this.api.expect(201, (await this.tenant()).admin, 'POST', '/v1/users', {
        body: { ...SSO_USER, role_ids: ['role_viewer'] },
      }),
    );

  /** A webhook to a local receiver that accepts every delivery. */
  webhook = () =>
    this.once('webhook', async () =>
      this.api.expect(201, (await this.tenant()).admin, 'POST', '/v1/webhooks', {
        body: { url: this.receiverUrl, events: ['transaction.*'], description: 'Back office' },
      }),
    );
}

const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
/** The cookies an answer sets, as the Cookie header a browser sends back. */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * Redeems the one-time code of a sign-in that ended in a 302 to `return_to` (with the cookie binding it to the
 * browser), as the console does: `status` 200 with the session, or 403 when the user was suspended in between.
 */
async function redeemSignIn(api: Recorder, signedIn: Answer, status: number): Promise<Json> {
  const location = signedIn.headers.get('location');
  const code = location && new URLSearchParams(new URL(location, 'http://x').hash.slice(1)).get('code');
  if (!code) throw new Error(`sign-in answered ${signedIn.status} without a code: ${signedIn.text.slice(0, 200)}`);
  return api.expect(status, null, 'POST', '/v1/sso/session', {
    body: { code },
    headers: { Cookie: cookiesOf(signedIn.headers) },
  });
}

/**
 * OIDC sign-ins through a real OpenID provider (tools/dev-idp): the provider's hops as a browser makes them, the
 * API's callback through the recorder. Signed in (200), handed off to `return_to` (302) and redeemed (200), refused
 * at redemption for a user suspended meanwhile (403), refused for an e-mail the tenant does not know (403), and the
 * session signed out.
 */
async function oidcSignIns(f: Fixtures, api: Recorder): Promise<void> {
  const { admin, id } = await f.tenant();
  const sam = await f.ssoUser();
  const base = f.stack.baseUrl;
  const idp = await startDevOidcProvider({
    clients: [{ ...OIDC_CLIENT, redirect_uris: [`${base}/v1/sso/oidc/callback`] }],
    users: [SSO_USER, STRANGER],
  });
  try {
    await api.expect(200, admin, 'PUT', '/v1/sso/oidc', {
      body: { issuer: idp.issuer, ...OIDC_CLIENT, allowed_email_domains: ['acme.example'] },
      record: false,
    });
    const signIn = async (status: number, email: string, returnTo?: string) => {
      const browser = new TestBrowser();
      const q = new URLSearchParams({ tenant_id: id, ...(returnTo ? { return_to: returnTo } : {}) });
      const login = await browser.get(`${base}/v1/sso/oidc/login?${q}`);
      const form =
        login.location &&
        (await browser.follow(login.location, (next) => /\/interaction\/[^/]+$/.test(new URL(next).pathname))).next;
      if (!form) throw new Error(`no sign-in form: ${login.status} ${login.text.slice(0, 200)}`);
      const posted = await browser.request('POST', `${form}/login`, { email });
      const callback =
        posted.location &&
        (await browser.follow(posted.location, (next) => next.startsWith(`${base}/v1/sso/oidc/callback`))).next;
      if (!callback) throw new Error(`the provider did not come back: ${posted.status} ${posted.text.slice(0, 200)}`);
      const cookie = [...(browser.jar.get(new URL(base).origin) ?? new Map<string, string>())]
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
      return api.expectAnswer(status, null, 'GET', pathOf(callback), { headers: { Cookie: cookie } });
    };
    await signIn(200, SSO_USER.email);
    const suspended = await signIn(302, SSO_USER.email, '/console');
    await api.expect(200, admin, 'PUT', `/v1/users/${sam.id}`, { body: { status: 'suspended' }, record: false });
    await redeemSignIn(api, suspended, 403);
    await api.expect(200, admin, 'PUT', `/v1/users/${sam.id}`, { body: { status: 'active' }, record: false });
    const session = await redeemSignIn(api, await signIn(302, SSO_USER.email, '/console'), 200);
    await api.expect(200, `${session.key_id}:${session.secret}`, 'POST', '/v1/sso/logout');
    await signIn(403, STRANGER.email);
  } finally {
    await idp.close();
  }
}

/**
 * SAML sign-ins through a real IdP (samlify, tools/dev-idp) answering the API's AuthnRequests with signed responses,
 * posted to the ACS as the IdP's form does: signed in (200), and refused for an e-mail the tenant does not know (403).
 */
async function samlSignIns(f: Fixtures, api: Recorder): Promise<void> {
  const { admin, id } = await f.tenant();
  await f.ssoUser();
  const idp = await createDevSamlIdp({
    entityId: 'https://idp.acme.example/saml',
    ssoUrl: 'https://idp.acme.example/saml/sso',
    signingKey: await makeSamlSigningKey('Acme IdP'),
  });
  await api.expect(200, admin, 'PUT', '/v1/sso/saml', {
    body: { idp_metadata_xml: idp.metadataXml, allowed_email_domains: ['acme.example'] },
    record: false,
  });
  const signIn = async (status: number, user: { email: string; name: string }) => {
    const login = await api.call(null, 'GET', `/v1/sso/saml/login?tenant_id=${id}`, { record: false });
    const location = login.headers.get('location');
    if (!location) throw new Error(`SAML login answered ${login.status} ${login.text.slice(0, 200)}`);
    const answer = await idp.respond(location, user);
    return api.expectAnswer(status, null, 'POST', '/v1/sso/saml/acs', {
      form: { SAMLResponse: answer.samlResponse, RelayState: answer.relayState },
    });
  };
  await signIn(200, SSO_USER);
  await signIn(403, STRANGER);
}

type Step = { name: string; run: (f: Fixtures, api: Recorder) => Promise<void> };

/** Every operation's success answer, then the refusals; a new route adds its calls here (see the top of the file). */
export const STEPS: Step[] = [
  {
    name: 'public routes',
    run: async (_f, api) => {
      await api.expect(200, null, 'GET', '/v1/health/live');
      await api.expect(200, null, 'GET', '/v1/health/ready');
      await api.expect(200, null, 'GET', '/v1/webhooks/jwks');
      await api.expect(200, null, 'GET', '/v1/keys/policy');
    },
  },
  {
    name: 'tenants',
    run: async (f, api) => {
      const tenant = await f.tenant();
      const other = await api.expect(201, f.operator, 'POST', '/v1/tenants', {
        body: { name: 'Globex', admin_email: 'admin@globex.example', admin_name: 'Gil Admin' },
      });
      await api.expect(200, f.operator, 'GET', '/v1/tenants?limit=2');
      await api.expect(200, f.operator, 'GET', `/v1/tenants/${tenant.id}`);
      await api.expect(200, f.operator, 'PUT', `/v1/tenants/${tenant.id}`, {
        body: { metadata: { region: 'eu-west-1' } },
      });
      await api.expect(200, f.operator, 'POST', `/v1/tenants/${other.id}/suspend`, {
        body: { reason: 'contract ended' },
      });
      await api.expect(200, f.operator, 'POST', `/v1/tenants/${other.id}/reactivate`, { body: {} });
    },
  },
  {
    name: 'users and roles',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      await api.expect(200, admin, 'GET', '/v1/me');
      await api.expect(200, admin, 'GET', '/v1/roles');
      await api.expect(200, admin, 'GET', '/v1/roles/role_approver');
      for (const who of ['operator', 'approver1', 'approver2'] as const) await f.person(who);
      const viewer = await f.person('viewer');
      await api.expect(200, admin, 'GET', '/v1/users?limit=2');
      await api.expect(200, admin, 'GET', `/v1/users/${viewer.user.id}`);
      await api.expect(200, admin, 'PUT', `/v1/users/${viewer.user.id}`, { body: { name: 'Victor Viewer (audit)' } });
      await api.expect(201, admin, 'POST', `/v1/users/${viewer.user.id}/roles`, {
        body: { role_id: 'role_compliance_officer' },
      });
      await api.expect(200, admin, 'POST', `/v1/users/${viewer.user.id}/roles`, {
        body: { role_id: 'role_compliance_officer' },
      });
      await api.expect(200, admin, 'GET', `/v1/users/${viewer.user.id}/roles`);
      await api.expect(204, admin, 'DELETE', `/v1/users/${viewer.user.id}/roles/role_compliance_officer`);
      await api.expect(409, admin, 'POST', '/v1/users', { body: { email: 'amir@acme.example', name: 'Amir again' } });
    },
  },
  {
    name: 'credentials',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      const auditor = await api.expect(201, admin, 'POST', '/v1/users', {
        body: { email: 'ava@acme.example', name: 'Ava Auditor', role_ids: ['role_viewer'] },
      });
      const cred = await api.expect(201, admin, 'POST', '/v1/credentials', {
        body: { user_id: auditor.id, name: "Ava's key" },
      });
      await api.expect(200, admin, 'GET', '/v1/credentials?limit=2');
      const rotated = await api.expect(201, admin, 'POST', '/v1/credentials/rotate', {
        body: { key_id: cred.key_id, grace_period_seconds: 3600 },
      });
      await api.expect(200, admin, 'DELETE', `/v1/credentials/${rotated.key_id}`);
    },
  },
  {
    name: 'vaults and wallets',
    run: async (f, api) => {
      const ops = await f.ops();
      const { admin } = await f.tenant();
      const vault = await f.vault();
      await api.expect(200, ops, 'GET', '/v1/vault/accounts?limit=10');
      await api.expect(200, ops, 'GET', `/v1/vault/accounts/${vault.id}`);
      await api.expect(200, admin, 'PUT', `/v1/vault/accounts/${vault.id}`, {
        body: { name: 'Treasury', metadata: { cost_center: 'CC-100', owner: 'finance' } },
      });
      await f.externalWallet();
      const spare = await api.expect(201, ops, 'POST', '/v1/vault/accounts', { body: { name: 'Spare' } });
      const spareWallet = await api.expect(201, ops, 'POST', '/v1/wallets', {
        body: { vault_id: spare.id, ...(await f.registration(spare.id, f.walletKey(9), 'spare')) },
      });
      const hot = await f.hotWallet();
      await api.expect(200, ops, 'GET', `/v1/vault/accounts/${vault.id}/wallets`);
      await api.expect(200, ops, 'GET', `/v1/wallets/${hot.id}`);
      await api.expect(200, ops, 'GET', `/v1/wallets/${hot.id}/balances`);
      await api.expect(200, admin, 'POST', `/v1/wallets/${spareWallet.id}/archive`, {
        body: { reason: 'key retired' },
      });
      await api.expect(200, admin, 'POST', `/v1/vault/accounts/${spare.id}/archive`, {
        body: { reason: 'no longer used' },
      });
    },
  },
  {
    name: 'assets',
    run: async (f, api) => {
      const native = await f.nativeAsset();
      await api.expect(200, await f.ops(), 'GET', `/v1/assets/${native.id}`);
      await api.expect(201, (await f.tenant()).admin, 'POST', '/v1/assets', {
        body: {
          type: 'token',
          contract_address: '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238',
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
        },
      });
    },
  },
  {
    name: 'webhooks',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      const hook = await f.webhook();
      await api.expect(200, admin, 'GET', '/v1/webhooks');
      await api.expect(200, admin, 'GET', `/v1/webhooks/${hook.id}`);
    },
  },
  {
    name: 'policies and screening',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      const vault = await f.vault();
      const policy = await f.fourEyes();
      await api.expect(200, admin, 'GET', `/v1/policies?vault_id=${vault.id}`);
      await api.expect(200, admin, 'GET', `/v1/policies/${policy.id}`);
      await api.expect(200, admin, 'PUT', `/v1/policies/${policy.id}`, {
        body: {
          name: 'Four eyes',
          rules: [
            { type: 'REQUIRE_APPROVAL', value: '2' },
            { type: 'MAX_AMOUNT', value: String(5n * COIN) },
          ],
        },
      });
      const scratch = await api.expect(201, admin, 'POST', '/v1/policies', {
        body: { vault_id: vault.id, name: 'Scratch', rules: [{ type: 'MAX_AMOUNT', value: String(100n * COIN) }] },
      });
      await api.expect(204, admin, 'DELETE', `/v1/policies/${scratch.id}`);
      await api.expect(200, await f.ops(), 'POST', '/v1/policies/evaluate', {
        body: { ...(await f.transfer('invoice-50')), amount: String(2n * COIN) },
      });
      await api.expect(201, admin, 'POST', '/v1/screening/entries', {
        body: { address: '0x000000000000000000000000000000000000dead', list: 'blocked', reason: 'sanctions list' },
      });
      await api.expect(200, admin, 'GET', '/v1/screening/entries');
      await api.expect(200, admin, 'DELETE', '/v1/screening/entries/0x000000000000000000000000000000000000dead');
    },
  },
  {
    name: 'transfers',
    run: async (f, api) => {
      const ops = await f.ops();
      const approver1 = (await f.person('approver1')).key;
      const tx = await f.completedTransfer();
      await api.expect(200, (await f.person('viewer')).key, 'GET', `/v1/transactions/${tx.id}/history`);
      await api.expect(200, ops, 'GET', '/v1/transactions?limit=2');
      // One rejected, one cancelled, one signed by hand through the signing payload.
      const transfer = await f.transfer('invoice-43');
      const rejected = await api.expect(201, ops, 'POST', '/v1/transactions', {
        body: { ...transfer, amount: String(2n * COIN) },
      });
      await f.settle();
      await api.expect(200, approver1, 'POST', `/v1/transactions/${rejected.id}/reject`, {
        body: { reason: 'Duplicate of invoice 42' },
      });
      const cancelled = await api.expect(201, ops, 'POST', '/v1/transactions', {
        body: { ...transfer, externalId: 'invoice-44' },
      });
      await api.expect(200, ops, 'POST', `/v1/transactions/${cancelled.id}/cancel`, {
        body: { reason: 'Sent by mistake' },
      });
      const { wallet: external, key: held } = await f.externalWallet();
      const manual = await api.expect(201, ops, 'POST', '/v1/transactions', {
        body: { ...transfer, sourceWalletId: external.id, externalId: 'invoice-45' },
      });
      await f.settle();
      for (const who of ['approver1', 'approver2'] as const)
        await api.expect(200, (await f.person(who)).key, 'POST', `/v1/transactions/${manual.id}/approve`, { body: {} });
      await f.settle();
      const payload = await api.expect(200, ops, 'GET', `/v1/transactions/${manual.id}/signing-payload`);
      const signature = ML_DSA[f.stack.config.CUSTODY_PQ_ALGORITHM as PqAlgorithm].sign(
        Buffer.from(payload.digest.slice(2), 'hex'),
        held.secretKey,
        payload.context ? { context: Buffer.from(payload.context, 'utf8') } : undefined,
      );
      await api.expect(200, ops, 'POST', `/v1/transactions/${manual.id}/signature`, {
        body: { signature: toHex(signature) },
      });
      await f.settle();
      await api.expect(200, ops, 'GET', `/v1/transactions/${manual.id}`);
      // One the external signer refuses to sign: its check of the policy receipt failed.
      const refused = await api.expect(201, ops, 'POST', '/v1/transactions', {
        body: { ...transfer, sourceWalletId: external.id, externalId: 'invoice-49' },
      });
      await f.settle();
      for (const who of ['approver1', 'approver2'] as const)
        await api.expect(200, (await f.person(who)).key, 'POST', `/v1/transactions/${refused.id}/approve`, {
          body: {},
        });
      await f.settle();
      await api.expect(200, ops, 'POST', `/v1/transactions/${refused.id}/signature-refusal`, {
        body: { code: 'receipt_invalid', reason: 'the receipt names another destination than the payload' },
      });
      await api.expect(422, ops, 'POST', '/v1/transactions', {
        body: { ...transfer, externalId: 'invoice-46', amount: String(9n * COIN) },
      });
      await api.expect(409, approver1, 'POST', `/v1/transactions/${tx.id}/approve`, { body: {} });
    },
  },
  {
    name: 'speed-up',
    run: async (f, api) => {
      const ops = await f.ops();
      await f.completedTransfer(); // the hot wallet's earlier nonce is mined first
      const tx = await f.approvedTransfer(await f.transfer('invoice-47'));
      // A first replacement with the node's minimum (not recorded), then one naming its fees: the example.
      await api.expect(202, ops, 'POST', `/v1/transactions/${tx.id}/speed-up`, { body: {}, record: false });
      await f.settle();
      const last = (await api.call(ops, 'GET', `/v1/transactions/${tx.id}`, { record: false })).body.replacements.at(
        -1,
      );
      const raise = (wei: string) => String((BigInt(wei) * 12n) / 10n);
      await api.expect(202, ops, 'POST', `/v1/transactions/${tx.id}/speed-up`, {
        body: { maxFeePerGas: raise(last.maxFeePerGas), maxPriorityFeePerGas: raise(last.maxPriorityFeePerGas) },
      });
      await f.settle();
      await f.confirm(ops, tx.id);
      await api.expect(200, ops, 'GET', `/v1/transactions/${tx.id}/receipt`);
    },
  },
  {
    name: 'deposits',
    run: async (f, api) => {
      await f.stack.devChain!.state.setBalance((await f.hotWallet()).address, 10n * COIN);
      await api.expect(200, await f.ops(), 'GET', '/v1/deposits?limit=10');
    },
  },
  {
    name: 'webhook deliveries',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      const hook = await f.webhook();
      await f.completedTransfer();
      await f.settle();
      const deliveries = await api.expect(200, admin, 'GET', `/v1/webhooks/${hook.id}/deliveries?limit=2`);
      await api.expect(202, admin, 'POST', `/v1/webhooks/${hook.id}/replay`, {
        body: { delivery_id: deliveries.deliveries[0].id },
      });
      await api.expect(200, admin, 'POST', `/v1/webhooks/${hook.id}/rotate-secret`);
      const spareHook = await api.expect(201, admin, 'POST', '/v1/webhooks', {
        body: { url: f.receiverUrl, events: ['deposit.*'] },
      });
      await api.expect(204, admin, 'DELETE', `/v1/webhooks/${spareHook.id}`);
    },
  },
  {
    name: 'audit log',
    run: async (f, api) => {
      const { admin, id } = await f.tenant();
      const tx = await f.completedTransfer();
      await f.settle();
      await api.expect(200, admin, 'GET', '/v1/audit/verify');
      const entries = await api.expect(200, admin, 'GET', `/v1/audit/entries?resource_id=${tx.id}&limit=2`);
      await api.expect(200, admin, 'GET', `/v1/audit/entries/${entries.entries[0].id}/proof`);
      await api.expect(200, admin, 'GET', '/v1/audit/public-key');
      // One more checkpoint, so that there are two to prove consistent.
      await api.expect(200, f.operator, 'PUT', `/v1/tenants/${id}`, {
        body: { metadata: { region: 'eu-west-1', tier: 'gold' } },
      });
      await f.settle();
      const checkpoints = (await api.expect(200, admin, 'GET', '/v1/audit/checkpoints?limit=100')).checkpoints;
      await api.expect(
        200,
        admin,
        'GET',
        `/v1/audit/proofs/consistency?from=${checkpoints[0].tree_size}&to=${checkpoints.at(-1).tree_size}`,
      );
      // The witness cosigns the latest checkpoint (tools/witness does this after checking the consistency proof).
      const note = await api.call(admin, 'GET', '/v1/audit/checkpoint');
      const body = splitNote(note.text)!.body;
      const time = Math.floor(f.clock.now().getTime() / 1000);
      const line = signatureLine(
        WITNESS_NAME,
        witness.id,
        cosignatureBytes(time, ml_dsa65.sign(Buffer.from(cosignatureMessage(body, time)), witness.secretKey)),
      );
      await api.expect(
        200,
        admin,
        'POST',
        `/v1/audit/checkpoints/${note.headers.get('audit-checkpoint-number')}/cosignatures`,
        { body: { cosignature: line } },
      );
    },
  },
  {
    name: 'address book',
    run: async (f, api) => {
      const admin = (await f.tenant()).admin;
      const vault = await f.vault();
      const entry = await api.expect(201, admin, 'POST', '/v1/address-book', {
        body: {
          address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
          name: 'Exchange deposit',
          vault_id: vault.id,
          notes: 'Our account at the exchange; checked by phone with their desk',
        },
      });
      await api.expect(200, admin, 'GET', '/v1/address-book?limit=10');
      await api.expect(200, admin, 'GET', `/v1/address-book/${entry.id}`);
      await api.expect(409, admin, 'POST', '/v1/address-book', {
        body: { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', name: 'Again', vault_id: vault.id },
      });
      await api.expect(204, admin, 'DELETE', `/v1/address-book/${entry.id}`);
    },
  },
  {
    name: 'governance',
    run: async (f, api) => {
      // A tenant of its own: a quorum of two admins would hold up the other steps.
      const t = await api.expect(201, f.operator, 'POST', '/v1/tenants', {
        body: { name: 'Initech', admin_email: 'admin@initech.example', admin_name: 'Ines Admin' },
      });
      const ines = keyOf(t.admin_credential);
      const bo = await api.expect(201, ines, 'POST', '/v1/users', {
        body: { email: 'bo@initech.example', name: 'Bo Admin', role_ids: ['role_admin'] },
      });
      const boKey = keyOf(
        await api.expect(201, ines, 'POST', '/v1/credentials', { body: { user_id: bo.id, name: "Bo's key" } }),
      );
      const clerk = await api.expect(201, ines, 'POST', '/v1/users', {
        body: { email: 'cy@initech.example', name: 'Cy Clerk', role_ids: ['role_viewer'] },
      });
      const vault = await api.expect(201, ines, 'POST', '/v1/vault/accounts', { body: { name: 'Payroll' } });
      const limit = await api.expect(201, ines, 'POST', '/v1/policies', {
        body: { vault_id: vault.id, name: 'Limit', rules: [{ type: 'MAX_AMOUNT', value: String(50n * COIN) }] },
      });
      const payee = await api.expect(201, ines, 'POST', '/v1/address-book', {
        body: { address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', name: 'Old supplier' },
        record: false,
      });
      const oidc = {
        issuer: 'https://login.initech.example',
        client_id: 'custody',
        client_secret: 'initech-oidc-client-secret',
        allowed_email_domains: ['initech.example'],
      };
      const saml = {
        idp_entity_id: 'https://idp.initech.example/saml',
        idp_sso_url: 'https://idp.initech.example/saml/sso',
        idp_certificate_pem: makeTestCertificate().cert,
      };
      await api.expect(200, ines, 'PUT', '/v1/sso/oidc', { body: oidc, record: false });
      await api.expect(200, ines, 'PUT', '/v1/sso/saml', { body: saml, record: false });
      await api.expect(200, ines, 'GET', '/v1/governance');
      await api.expect(200, ines, 'PUT', '/v1/governance', { body: { quorum: 2 } });
      // Under a quorum of two, governed operations answer 202 with the pending change.
      const create = await api.expect(202, ines, 'POST', '/v1/policies', {
        body: { vault_id: vault.id, name: 'Four eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
      });
      await api.expect(202, ines, 'PUT', `/v1/policies/${limit.id}`, {
        body: { name: 'Limit', rules: [{ type: 'MAX_AMOUNT', value: String(20n * COIN) }] },
      });
      await api.expect(202, ines, 'DELETE', `/v1/policies/${limit.id}`);
      await api.expect(202, ines, 'POST', `/v1/users/${clerk.id}/roles`, { body: { role_id: 'role_approver' } });
      await api.expect(202, ines, 'DELETE', `/v1/users/${bo.id}/roles/role_admin`);
      await api.expect(202, ines, 'POST', '/v1/address-book', {
        body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', name: 'Payroll provider', vault_id: vault.id },
      });
      await api.expect(202, ines, 'DELETE', `/v1/address-book/${payee.id}`);
      // Access changes wait for the quorum too: a user with admin rights, a key for someone else, the IP allowlist.
      await api.expect(202, ines, 'POST', '/v1/users', {
        body: { email: 'di@initech.example', name: 'Di Admin', role_ids: ['role_admin'] },
      });
      await api.expect(202, ines, 'POST', '/v1/credentials', { body: { user_id: clerk.id, name: "Cy's key" } });
      await api.expect(202, ines, 'POST', '/v1/credentials/rotate', { body: { key_id: boKey.split(':')[0] } });
      await api.expect(202, ines, 'PUT', `/v1/tenants/${t.id}`, { body: { ip_allowlist: ['203.0.113.0/24'] } });
      // So do the single sign-on connections (who may sign in, with which roles).
      await api.expect(202, ines, 'PUT', '/v1/sso/oidc', {
        body: { ...oidc, role_mapping: { 'initech-admins': ['role_admin'] } },
      });
      await api.expect(202, ines, 'DELETE', '/v1/sso/oidc');
      await api.expect(202, ines, 'PUT', '/v1/sso/saml', {
        body: { ...saml, allowed_email_domains: ['initech.example'] },
      });
      await api.expect(202, ines, 'DELETE', '/v1/sso/saml');
      const lower = await api.expect(202, ines, 'PUT', '/v1/governance', { body: { quorum: 1, change_ttl_hours: 24 } });
      await api.expect(200, boKey, 'GET', '/v1/changes?status=PENDING&limit=2');
      await api.expect(200, boKey, 'GET', `/v1/changes/${create.id}`);
      await api.expect(200, boKey, 'POST', `/v1/changes/${create.id}/approve`, {
        body: { reason: 'Agreed at the risk committee' },
      });
      await api.expect(200, boKey, 'POST', `/v1/changes/${lower.id}/reject`, { body: { reason: 'Keep two admins' } });
      await api.expect(409, ines, 'POST', `/v1/changes/${create.id}/approve`, { body: {} });
    },
  },
  {
    name: 'single sign-on',
    run: async (f, api) => {
      const { admin, id } = await f.tenant();
      await api.expect(200, admin, 'PUT', '/v1/sso/oidc', {
        body: {
          issuer: 'http://127.0.0.1:9/realms/acme',
          client_id: 'custody',
          client_secret: 'oidc-client-secret-value',
          role_mapping: { 'treasury-approvers': ['role_approver'] },
        },
      });
      await api.expect(200, admin, 'GET', '/v1/sso/oidc');
      await api.call(null, 'GET', `/v1/sso/oidc/login?tenant_id=${id}`);
      await api.call(null, 'GET', '/v1/sso/oidc/callback?state=unknown-state&code=abc');
      await oidcSignIns(f, api);
      await api.expect(204, admin, 'DELETE', '/v1/sso/oidc');
      await api.expect(404, admin, 'GET', '/v1/sso/oidc');
      await api.call(admin, 'PUT', '/v1/sso/saml', {
        body: {
          idp_entity_id: 'https://idp.acme.example/saml',
          idp_sso_url: 'https://idp.acme.example/saml/sso',
          idp_certificate_pem: makeTestCertificate().cert,
        },
      });
      await api.call(admin, 'GET', '/v1/sso/saml');
      await api.call(null, 'GET', `/v1/sso/saml/metadata?tenant_id=${id}`);
      await api.call(null, 'GET', `/v1/sso/saml/login?tenant_id=${id}`);
      await api.call(null, 'POST', '/v1/sso/saml/acs', {
        form: { SAMLResponse: Buffer.from('<samlp:Response/>').toString('base64'), RelayState: 'unknown' },
      });
      await samlSignIns(f, api);
      await api.call(admin, 'DELETE', '/v1/sso/saml');
      await api.call(null, 'POST', '/v1/sso/session', { body: { code: 'not-a-valid-code' } });
      await api.call(admin, 'POST', '/v1/sso/logout');
    },
  },
  {
    name: 'tokens (Beta)',
    run: async (f, api) => {
      const { admin } = await f.tenant();
      const ops = await f.ops();
      const vault = await f.vault();
      await f.fourEyes();
      await api.expect(200, admin, 'GET', '/v1/token-templates');
      // The token's admin wallet signs its deployment and operations: a generated one, with coins for gas.
      const issuer = await api.expect(201, ops, 'POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, {
        body: { label: 'token admin' },
        record: false,
      });
      await f.stack.devChain!.state.setBalance(issuer.address, 10n * COIN);
      const created = await api.expect(202, ops, 'POST', '/v1/tokens', {
        body: {
          template_id: 'ERC20_PERMISSIONED',
          name: 'Acme Deposit Token',
          symbol: 'ACMED',
          decimals: 6,
          admin_vault_account_id: vault.id,
          admin_wallet_id: issuer.id,
          initial_supply: '0',
        },
      });
      await f.complete(created.transaction.id);
      const token = await api.expect(200, ops, 'GET', `/v1/tokens/${created.token.id}`);
      await api.expect(200, ops, 'GET', '/v1/tokens');
      await api.expect(200, ops, 'GET', `/v1/tokens/${token.id}/allowlist`);
      await api.expect(202, ops, 'POST', `/v1/tokens/${token.id}/operations`, {
        body: { operation: 'MINT', params: { to: issuer.address, amount: '250000000' } },
      });
      await api.expect(202, ops, 'POST', `/v1/tokens/${token.id}/allowlist`, { body: { address: DEST } });
      await api.expect(202, ops, 'DELETE', `/v1/tokens/${token.id}/allowlist/${DEST}`);
    },
  },
  {
    name: 'refusals every operation shares',
    run: async (f, api) => {
      // Their catalog types serve as the examples of the operations not seen giving them.
      const ops = await f.ops();
      const transfer = await f.transfer('invoice-48');
      await api.expect(401, null, 'GET', '/v1/vault/accounts');
      await api.expect(401, 'pqck_unknown:pqcs_wrong', 'GET', '/v1/vault/accounts');
      await api.expect(403, (await f.person('viewer')).key, 'POST', '/v1/vault/accounts', {
        body: { name: 'Not allowed' },
      });
      await api.expect(400, ops, 'GET', '/v1/vault/accounts?color=blue');
      await api.expect(400, ops, 'POST', '/v1/vault/accounts', { body: {} });
      await api.expect(400, ops, 'POST', '/v1/transactions', { body: { ...transfer, amount: '1.5' } });
      await api.expect(404, ops, 'GET', '/v1/vault/accounts/00000000-0000-4000-8000-00000000abcd');
      await api.expect(404, ops, 'GET', '/v1/transactions/00000000-0000-4000-8000-00000000abcd');
      await api.expect(404, ops, 'GET', '/v1/no-such-route');
      await api.expect(200, null, 'GET', '/v1/openapi.json');
      await api.expect(409, ops, 'POST', '/v1/vault/accounts', { body: { name: 'treasury' } });
      await api.expect(415, ops, 'POST', '/v1/vault/accounts', {
        raw: 'name=Treasury',
        headers: { 'Content-Type': 'text/plain' },
      });
      await api.expect(413, ops, 'POST', '/v1/vault/accounts', {
        raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'Content-Type': 'application/json' },
      });
      await f.completedTransfer(); // its Idempotency-Key, reused for another route
      await api.expect(422, ops, 'POST', '/v1/vault/accounts', {
        body: { name: 'Other' },
        headers: { 'Idempotency-Key': 'pay-0001' },
      });
    },
  },
  {
    name: 'rate limit of the public sign-in routes',
    run: async (_f, api) => {
      // CUSTODY_RATE_LIMIT_PUBLIC_PER_IP is low for this run: 429.
      for (
        let i = 0;
        i < 60 &&
        (await api.call(null, 'POST', '/v1/sso/session', { body: { code: 'not-a-valid-code' } })).status !== 429;
        i++
      );
      if (!api.examples.errors.RATE_LIMITED) api.problems.push('no 429 RATE_LIMITED seen');
    },
  },
  {
    name: 'upstream failures',
    run: async (f, api) => {
      // Last, as the chain node and the signer are made to fail for real (the dev chain's fault knobs, docs/chain-node.md).
      const ops = await f.ops();
      const vault = await f.vault();
      const hot = await f.hotWallet();
      const chain = f.stack.devChain!;
      // A node that answers with an error: 502 1501.
      chain.faults.set({ refuse: { eth_getBalance: 'header not found' } });
      await api.expect(502, ops, 'GET', `/v1/wallets/${hot.id}/balances`);
      // No node answering: 503 1500, and the instance is not ready.
      chain.faults.set({ refuse: {}, down: true });
      await api.expect(503, null, 'GET', '/v1/health/ready');
      await api.expect(503, ops, 'GET', `/v1/wallets/${hot.id}/balances`);
      chain.faults.reset();
      // The signer stopped: a wallet cannot be generated (503 1500, upstream signer).
      await f.stack.referenceSigner!.close();
      await api.expect(503, ops, 'POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, {
        body: { label: 'while the signer is down' },
      });
    },
  },
];

async function main(): Promise<void> {
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const clock = new FakeClock(START);
  const env = {
    ...process.env,
    CUSTODY_RATE_LIMIT_PUBLIC_PER_IP: '40',
    CUSTODY_AUDIT_WITNESS_KEYS: witness.verifierKey,
  };
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env,
    log: () => {},
    schedules: { 'deposit-scanner': null },
  });
  let failed = false;
  try {
    const api = new Recorder(stack.baseUrl);
    const fixtures = new Fixtures(
      api,
      stack,
      clock,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    );
    for (const step of STEPS) {
      try {
        await step.run(fixtures, api);
      } catch (err) {
        api.problems.push(
          `step "${step.name}" stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      }
    }
    fs.writeFileSync(OPENAPI_EXAMPLES_FILE, `${JSON.stringify(sortKeys(api.examples), null, 2)}\n`);
    console.log(`wrote ${OPENAPI_EXAMPLES_FILE}`);
    const missing = missingExamples(
      buildOpenApi(ALL_ROUTES, { version: OPENAPI_DOCUMENT.version, examples: api.examples }) as never,
    );
    if (missing.length)
      console.log(
        `\nnot captured (${missing.length}; test/unit/openapi-reference-gaps.json lists those known):\n${missing.map((m) => `  ${m.operationId} (${m.method} ${m.path}): ${m.what}`).join('\n')}`,
      );
    if (api.problems.length) {
      failed = true;
      console.error(
        `\nunexpected answers or failed steps (${api.problems.length}):\n${api.problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  } finally {
    await stack.stop();
    receiver.close();
  }
  if (failed) process.exitCode = 1;
}

/** The file's keys in a stable order (operations and error types by name, statuses by number). */
function sortKeys(e: OpenApiExamples): OpenApiExamples {
  const byName = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return {
    operations: byName(
      Object.fromEntries(
        Object.entries(e.operations).map(([k, v]) => [
          k,
          { ...(v.request !== undefined ? { request: v.request } : {}), responses: v.responses },
        ]),
      ),
    ),
    errors: byName(e.errors),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
