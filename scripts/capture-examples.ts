import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { FakeClock } from '../shared/ports/clock.js';
import { ALL_ROUTES } from '../shared/http/routes/index.js';
import { matchPath } from '../shared/http/route.js';
import { OPENAPI_EXAMPLES_FILE, type OpenApiExamples } from '../shared/http/openapi-examples.js';
import { makeTestCertificate } from '../test/support/test-certificate.js';
import { chainProfileFromConfig, deriveAddress, ML_DSA, toHex, type PqAlgorithm } from '../shared/domain/chain/chain-profile.js';

/**
 * `npm run docs:examples`: captures the OpenAPI document's examples from real answers. It starts the local stack
 * (in-memory DynamoDB Local, the dev chain, the reference signer, a fixed clock), runs the scenario below over HTTP,
 * and records every JSON request body and answer it sees, keyed by the operationId of the route that answered and
 * the status (the first seen wins), plus the first error answer of each catalog error type. Secrets and generated
 * ids are redacted consistently (redact()), then docs/openapi-examples.json is written and `npm run docs:openapi`
 * puts the examples into the document.
 *
 * To give a new route its examples: add its calls to the scenario (success first, then the refusals it documents),
 * run `npm run docs:examples && npm run docs:openapi && npm run client:generate`. The unit test
 * (test/unit/openapi-reference.test.ts) names every operation and answer still without one.
 */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Json; headers: Headers };
type Key = string | null;

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

  /** Calls the API (`key`: `<key_id>:<secret>`, null for none) and records the exchange under its operationId. */
  async call(key: Key, method: string, path: string, opts: { body?: Json; form?: Record<string, string>; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
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
    if (typeof type === 'string' && this.examples.errors[type] === undefined) this.examples.errors[type] = this.redact(parsed);
    console.log(`${res.status} ${method} ${path}${type ? ` (${type})` : ''}`);
    if (!route || NOT_RECORDED.has(route.operationId)) return { status: res.status, body: parsed, headers: res.headers };
    const op = (this.examples.operations[route.operationId] ??= { responses: {} });
    if (opts.body !== undefined && op.request === undefined && res.status < 300) op.request = this.redact(opts.body);
    else if (opts.form && op.request === undefined) op.request = this.redact(opts.form);
    if (parsed !== undefined && op.responses[res.status] === undefined) op.responses[res.status] = this.redact(parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Like call(), but notes a problem (the capture then fails) when the answer is not `status`. */
  async expect(status: number, key: Key, method: string, path: string, opts: Parameters<Recorder['call']>[3] = {}): Promise<Json> {
    const res = await this.call(key, method, path, opts);
    if (res.status !== status) this.problems.push(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }

  /**
   * Replaces what differs from run to run or must not be published: every UUID (ids, request ids) by a stable one
   * numbered in order of appearance, so the same id reads the same across examples; secrets (`secret`,
   * `client_secret`, `pqcs_...`, `whsec_...`) by a placeholder of their kind; key ids by numbered ones.
   */
  redact(value: Json): Json {
    if (typeof value === 'string') {
      let s = value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!this.ids.has(id)) this.ids.set(id, `00000000-0000-4000-8000-${String(this.ids.size + 1).padStart(12, '0')}`);
        return this.ids.get(id)!;
      });
      s = s.replace(/\b(pqck|pqcs|whsec|pqsess)_[A-Za-z0-9_-]+/g, (secret, kind: string) => {
        if (!this.secrets.has(secret)) this.secrets.set(secret, `${kind}_example${String(this.secrets.size + 1).padStart(4, '0')}${kind === 'pqck' ? '' : 'REDACTED'}`);
        return this.secrets.get(secret)!;
      });
      return s;
    }
    if (Array.isArray(value)) return value.map((v) => this.redact(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, (k === 'secret' || k === 'client_secret') && typeof v === 'string' && !v.startsWith('pqcs_') && !v.startsWith('whsec_') ? 'REDACTED' : this.redact(v)]),
      );
    }
    return value;
  }
}

const keyOf = (c: { key_id: string; secret: string }) => `${c.key_id}:${c.secret}`;

/** The scenario: every operation's success answer, then the refusals; add new routes' calls here. */
async function scenario(api: Recorder, stack: LocalStack, clock: FakeClock, receiverUrl: string): Promise<void> {
  const settle = async () => {
    await stack.drain();
  };
  const operator = `${stack.operator!.keyId}:${stack.operator!.secret}`;
  const profile = chainProfileFromConfig(stack.config);
  const algorithm = stack.config.CUSTODY_PQ_ALGORITHM as PqAlgorithm;

  // Public routes.
  await api.expect(200, null, 'GET', '/v1/health/live');
  await api.expect(200, null, 'GET', '/v1/health/ready');
  await api.expect(200, null, 'GET', '/v1/webhooks/jwks');

  // Tenants (platform operator).
  const tenant = await api.expect(201, operator, 'POST', '/v1/tenants', { body: { name: 'Acme Treasury', admin_email: 'admin@acme.example', admin_name: 'Ada Admin' } });
  const admin = keyOf(tenant.admin_credential);
  const other = await api.expect(201, operator, 'POST', '/v1/tenants', { body: { name: 'Globex', admin_email: 'admin@globex.example', admin_name: 'Gil Admin' } });
  await api.expect(200, operator, 'GET', '/v1/tenants?limit=2');
  await api.expect(200, operator, 'GET', `/v1/tenants/${tenant.id}`);
  await api.expect(200, operator, 'PUT', `/v1/tenants/${tenant.id}`, { body: { metadata: { region: 'eu-west-1' } } });
  await api.expect(200, operator, 'POST', `/v1/tenants/${other.id}/suspend`, { body: { reason: 'contract ended' } });
  await api.expect(200, operator, 'POST', `/v1/tenants/${other.id}/reactivate`, { body: {} });

  // Users, roles, credentials.
  await api.expect(200, admin, 'GET', '/v1/me');
  await api.expect(200, admin, 'GET', '/v1/roles');
  await api.expect(200, admin, 'GET', '/v1/roles/role_approver');
  const person = async (email: string, name: string, roles: string[]) => {
    const user = await api.expect(201, admin, 'POST', '/v1/users', { body: { email, name, role_ids: roles } });
    const cred = await api.expect(201, admin, 'POST', '/v1/credentials', { body: { user_id: user.id, name: `${name}'s key` } });
    return { user, key: keyOf(cred), keyId: cred.key_id as string };
  };
  const ops = await person('olivia@acme.example', 'Olivia Operator', ['role_operator']);
  const approver1 = await person('amir@acme.example', 'Amir Approver', ['role_approver']);
  const approver2 = await person('bea@acme.example', 'Bea Approver', ['role_approver']);
  const viewer = await person('victor@acme.example', 'Victor Viewer', ['role_viewer']);
  await api.expect(200, admin, 'GET', '/v1/users?limit=2');
  await api.expect(200, admin, 'GET', `/v1/users/${viewer.user.id}`);
  await api.expect(200, admin, 'PUT', `/v1/users/${viewer.user.id}`, { body: { name: 'Victor Viewer (audit)' } });
  await api.expect(201, admin, 'POST', `/v1/users/${viewer.user.id}/roles`, { body: { role_id: 'role_compliance_officer' } });
  await api.expect(200, admin, 'POST', `/v1/users/${viewer.user.id}/roles`, { body: { role_id: 'role_compliance_officer' } });
  await api.expect(200, admin, 'GET', `/v1/users/${viewer.user.id}/roles`);
  await api.expect(204, admin, 'DELETE', `/v1/users/${viewer.user.id}/roles/role_compliance_officer`);
  await api.expect(409, admin, 'POST', '/v1/users', { body: { email: 'amir@acme.example', name: 'Amir again' } });
  await api.expect(200, admin, 'GET', '/v1/credentials?limit=2');
  const rotated = await api.expect(201, admin, 'POST', '/v1/credentials/rotate', { body: { key_id: viewer.keyId, grace_period_seconds: 3600 } });
  await api.expect(200, admin, 'DELETE', `/v1/credentials/${rotated.key_id}`);

  // Vaults, wallets, assets.
  const vault = await api.expect(201, ops.key, 'POST', '/v1/vault/accounts', { body: { name: 'Treasury', metadata: { cost_center: 'CC-100' } } });
  await api.expect(200, ops.key, 'GET', '/v1/vault/accounts?limit=10');
  await api.expect(200, ops.key, 'GET', `/v1/vault/accounts/${vault.id}`);
  await api.expect(200, admin, 'PUT', `/v1/vault/accounts/${vault.id}`, { body: { name: 'Treasury', metadata: { cost_center: 'CC-100', owner: 'finance' } } });
  const spare = await api.expect(201, ops.key, 'POST', '/v1/vault/accounts', { body: { name: 'Spare' } });
  const now = Math.floor(clock.now().getTime() / 1000);
  const walletKey = (seed: number) => {
    const k = ML_DSA[algorithm].keygen(new Uint8Array(32).fill(seed));
    return { publicKey: toHex(k.publicKey), secretKey: k.secretKey, address: deriveAddress(k.publicKey) };
  };
  const held = walletKey(7);
  const proof = (vaultId: string, k: typeof held) => profile.sign(k.secretKey, profile.ownershipProofMessage({ tenantId: tenant.id, vaultId, address: k.address, timestamp: now }));
  const external = await api.expect(201, ops.key, 'POST', `/v1/vault/accounts/${vault.id}/wallets`, {
    body: { address: held.address, public_key: held.publicKey, label: 'cold (external signer)', proof_signature: proof(vault.id, held), proof_timestamp: now },
  });
  const spareKey = walletKey(9);
  const spareWallet = await api.expect(201, ops.key, 'POST', '/v1/wallets', {
    body: { vault_id: spare.id, address: spareKey.address, public_key: spareKey.publicKey, label: 'spare', proof_signature: proof(spare.id, spareKey), proof_timestamp: now },
  });
  const hot = await api.expect(201, ops.key, 'POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, { body: { label: 'hot' } });
  await stack.devChain!.state.setBalance(hot.address, 10n * COIN);
  await stack.devChain!.state.setBalance(held.address, 10n * COIN);
  await api.expect(200, ops.key, 'GET', `/v1/vault/accounts/${vault.id}/wallets`);
  await api.expect(200, ops.key, 'GET', `/v1/wallets/${hot.id}`);
  await api.expect(200, ops.key, 'GET', `/v1/wallets/${hot.id}/balances`);
  await api.expect(200, admin, 'POST', `/v1/wallets/${spareWallet.id}/archive`, { body: { reason: 'key retired' } });
  await api.expect(200, admin, 'POST', `/v1/vault/accounts/${spare.id}/archive`, { body: { reason: 'no longer used' } });
  const assets = await api.expect(200, ops.key, 'GET', '/v1/assets');
  const native = assets.assets[0];
  await api.expect(200, ops.key, 'GET', `/v1/assets/${native.id}`);
  await api.expect(201, admin, 'POST', '/v1/assets', { body: { type: 'token', contract_address: '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238', symbol: 'USDC', name: 'USD Coin', decimals: 6 } });

  // Webhooks (a local receiver that accepts every delivery).
  const hook = await api.expect(201, admin, 'POST', '/v1/webhooks', { body: { url: receiverUrl, events: ['transaction.*'], description: 'Back office' } });
  await api.expect(200, admin, 'GET', '/v1/webhooks');
  await api.expect(200, admin, 'GET', `/v1/webhooks/${hook.id}`);

  // Policies and screening.
  const policy = await api.expect(201, admin, 'POST', '/v1/policies', { body: { vault_id: vault.id, name: 'Four eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }, { type: 'MAX_AMOUNT', value: String(5n * COIN) }] } });
  await api.expect(200, admin, 'GET', `/v1/policies?vault_id=${vault.id}`);
  await api.expect(200, admin, 'GET', `/v1/policies/${policy.id}`);
  await api.expect(200, admin, 'PUT', `/v1/policies/${policy.id}`, { body: { name: 'Four eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }, { type: 'MAX_AMOUNT', value: String(5n * COIN) }] } });
  const scratch = await api.expect(201, admin, 'POST', '/v1/policies', { body: { vault_id: vault.id, name: 'Scratch', rules: [{ type: 'MAX_AMOUNT', value: String(100n * COIN) }] } });
  await api.expect(204, admin, 'DELETE', `/v1/policies/${scratch.id}`);
  await api.expect(201, admin, 'POST', '/v1/screening/entries', { body: { address: '0x000000000000000000000000000000000000dead', list: 'blocked', reason: 'sanctions list' } });
  await api.expect(200, admin, 'GET', '/v1/screening/entries');
  await api.expect(200, admin, 'DELETE', '/v1/screening/entries/0x000000000000000000000000000000000000dead');

  // A transfer: two approvals, signed by the reference signer, broadcast and confirmed.
  const transfer = { sourceWalletId: hot.id, destinationAddr: DEST, assetId: native.id, amount: String(COIN), externalId: 'invoice-42', note: 'Supplier invoice 42' };
  const tx = await api.expect(201, ops.key, 'POST', '/v1/transactions', { body: transfer, headers: { 'Idempotency-Key': 'pay-0001' } });
  await settle();
  await api.expect(200, approver1.key, 'POST', `/v1/transactions/${tx.id}/approve`, { body: { reason: 'Invoice checked' } });
  await api.expect(200, approver2.key, 'POST', `/v1/transactions/${tx.id}/approve`, { body: { reason: 'OK' } });
  await settle();
  for (let round = 0; round < 5 && (await api.call(ops.key, 'GET', `/v1/transactions/${tx.id}`)).body.status !== 'COMPLETED'; round++) {
    await stack.devChain!.mine(stack.config.CUSTODY_CONFIRMATION_DEPTH + 1);
    await stack.runSchedule('chain-poller');
    await settle();
  }
  await api.expect(200, viewer.key, 'GET', `/v1/transactions/${tx.id}/history`);
  await api.expect(200, ops.key, 'GET', '/v1/transactions?limit=2');
  // One rejected, one cancelled, one signed by hand through the signing payload.
  const rejected = await api.expect(201, ops.key, 'POST', '/v1/transactions', { body: { ...transfer, externalId: 'invoice-43', amount: String(2n * COIN) } });
  await settle();
  await api.expect(200, approver1.key, 'POST', `/v1/transactions/${rejected.id}/reject`, { body: { reason: 'Duplicate of invoice 42' } });
  const cancelled = await api.expect(201, ops.key, 'POST', '/v1/transactions', { body: { ...transfer, externalId: 'invoice-44' } });
  await api.expect(200, ops.key, 'POST', `/v1/transactions/${cancelled.id}/cancel`, { body: { reason: 'Sent by mistake' } });
  const manual = await api.expect(201, ops.key, 'POST', '/v1/transactions', { body: { ...transfer, sourceWalletId: external.id, externalId: 'invoice-45' } });
  await settle();
  for (const k of [approver1.key, approver2.key]) await api.expect(200, k, 'POST', `/v1/transactions/${manual.id}/approve`, { body: {} });
  await settle();
  const payload = await api.expect(200, ops.key, 'GET', `/v1/transactions/${manual.id}/signing-payload`);
  const signature = ML_DSA[algorithm].sign(Buffer.from(payload.digest.slice(2), 'hex'), held.secretKey, payload.context ? { context: Buffer.from(payload.context, 'utf8') } : undefined);
  await api.expect(200, ops.key, 'POST', `/v1/transactions/${manual.id}/signature`, { body: { signature: toHex(signature) } });
  await settle();
  await api.expect(200, ops.key, 'GET', `/v1/transactions/${manual.id}`);
  await api.expect(422, ops.key, 'POST', '/v1/transactions', { body: { ...transfer, externalId: 'invoice-46', amount: String(9n * COIN) } });
  await api.expect(409, approver1.key, 'POST', `/v1/transactions/${tx.id}/approve`, { body: {} });

  // Deposits: a payment into the hot wallet, found by the scanner.
  await stack.devChain!.state.setBalance(hot.address, 10n * COIN);
  await api.call(ops.key, 'GET', '/v1/deposits?limit=10');

  // Deliveries, replay, rotation, deletion.
  await settle();
  const deliveries = await api.expect(200, admin, 'GET', `/v1/webhooks/${hook.id}/deliveries?limit=2`);
  await api.expect(202, admin, 'POST', `/v1/webhooks/${hook.id}/replay`, { body: { delivery_id: deliveries.deliveries[0].id } });
  await api.expect(200, admin, 'POST', `/v1/webhooks/${hook.id}/rotate-secret`);
  const spareHook = await api.expect(201, admin, 'POST', '/v1/webhooks', { body: { url: receiverUrl, events: ['deposit.*'] } });
  await api.expect(204, admin, 'DELETE', `/v1/webhooks/${spareHook.id}`);

  // The audit log.
  await settle();
  await api.expect(200, admin, 'GET', '/v1/audit/verify');
  const entries = await api.expect(200, admin, 'GET', `/v1/audit/entries?resource_id=${tx.id}&limit=2`);
  await api.call(admin, 'GET', '/v1/audit/checkpoints');
  await api.call(admin, 'GET', `/v1/audit/entries/${entries.entries[0].id}/proof`);
  await api.call(admin, 'GET', '/v1/audit/public-key');

  // Single sign-on: connections, and the sign-in steps' refusals.
  await api.expect(200, admin, 'PUT', '/v1/sso/oidc', { body: { issuer: 'http://127.0.0.1:9/realms/acme', client_id: 'custody', client_secret: 'oidc-client-secret-value', role_mapping: { 'treasury-approvers': ['role_approver'] } } });
  await api.expect(200, admin, 'GET', '/v1/sso/oidc');
  await api.call(null, 'GET', `/v1/sso/oidc/login?tenant_id=${tenant.id}`);
  await api.call(null, 'GET', '/v1/sso/oidc/callback?state=unknown-state&code=abc');
  await api.expect(204, admin, 'DELETE', '/v1/sso/oidc');
  await api.expect(404, admin, 'GET', '/v1/sso/oidc');
  await api.call(admin, 'PUT', '/v1/sso/saml', { body: { idp_entity_id: 'https://idp.acme.example/saml', idp_sso_url: 'https://idp.acme.example/saml/sso', idp_certificate_pem: makeTestCertificate().cert } });
  await api.call(admin, 'GET', '/v1/sso/saml');
  await api.call(null, 'GET', `/v1/sso/saml/metadata?tenant_id=${tenant.id}`);
  await api.call(null, 'GET', `/v1/sso/saml/login?tenant_id=${tenant.id}`);
  await api.call(null, 'POST', '/v1/sso/saml/acs', { form: { SAMLResponse: Buffer.from('<samlp:Response/>').toString('base64'), RelayState: 'unknown' } });
  await api.call(admin, 'DELETE', '/v1/sso/saml');
  await api.call(null, 'POST', '/v1/sso/session', { body: { code: 'not-a-valid-code' } });
  await api.call(admin, 'POST', '/v1/sso/logout');

  // Tokens (Beta).
  await api.expect(200, admin, 'GET', '/v1/token-templates');
  await api.call(admin, 'GET', '/v1/tokens');

  // Refusals every operation shares (their catalog types serve the operations not seen giving them).
  await api.expect(401, null, 'GET', '/v1/vault/accounts');
  await api.expect(401, 'pqck_unknown:pqcs_wrong', 'GET', '/v1/vault/accounts');
  await api.expect(403, viewer.key, 'POST', '/v1/vault/accounts', { body: { name: 'Not allowed' } });
  await api.expect(400, ops.key, 'GET', '/v1/vault/accounts?color=blue');
  await api.expect(400, ops.key, 'POST', '/v1/vault/accounts', { body: {} });
  await api.expect(400, ops.key, 'POST', '/v1/transactions', { body: { ...transfer, amount: '1.5' } });
  await api.expect(404, ops.key, 'GET', '/v1/vault/accounts/00000000-0000-4000-8000-00000000abcd');
  await api.expect(404, ops.key, 'GET', '/v1/transactions/00000000-0000-4000-8000-00000000abcd');
  await api.expect(404, ops.key, 'GET', '/v1/no-such-route');
  await api.expect(200, null, 'GET', '/v1/openapi.json');
  await api.expect(409, ops.key, 'POST', '/v1/vault/accounts', { body: { name: 'treasury' } });
  await api.expect(415, ops.key, 'POST', '/v1/vault/accounts', { raw: 'name=Treasury', headers: { 'Content-Type': 'text/plain' } });
  await api.expect(413, ops.key, 'POST', '/v1/vault/accounts', { raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'Content-Type': 'application/json' } });
  await api.expect(422, ops.key, 'POST', '/v1/vault/accounts', { body: { name: 'Other' }, headers: { 'Idempotency-Key': 'pay-0001' } });
  // The per-IP limit of the public sign-in routes (CUSTODY_RATE_LIMIT_PUBLIC_PER_IP, low for this run): 429.
  for (let i = 0; i < 20 && (await api.call(null, 'POST', '/v1/sso/session', { body: { code: 'not-a-valid-code' } })).status !== 429; i++);
  if (!api.examples.errors.RATE_LIMITED) api.problems.push('no 429 RATE_LIMITED seen');
}

async function main(): Promise<void> {
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const clock = new FakeClock(START);
  const stack = await startLocalStack({ port: 0, inMemory: true, clock, env: { ...process.env, CUSTODY_RATE_LIMIT_PUBLIC_PER_IP: '12' }, log: () => {}, schedules: { 'deposit-scanner': null } });
  try {
    const api = new Recorder(stack.baseUrl);
    await scenario(api, stack, clock, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    if (api.problems.length) throw new Error(`unexpected answers, nothing written:\n${api.problems.join('\n')}`);
    fs.writeFileSync(OPENAPI_EXAMPLES_FILE, `${JSON.stringify(sortKeys(api.examples), null, 2)}\n`);
    console.log(`wrote ${OPENAPI_EXAMPLES_FILE}`);
  } finally {
    await stack.stop();
    receiver.close();
  }
}

/** The file's keys in a stable order (operations and error types by name, statuses by number). */
function sortKeys(e: OpenApiExamples): OpenApiExamples {
  const byName = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return {
    operations: byName(Object.fromEntries(Object.entries(e.operations).map(([k, v]) => [k, { ...(v.request !== undefined ? { request: v.request } : {}), responses: v.responses }]))),
    errors: byName(e.errors),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
