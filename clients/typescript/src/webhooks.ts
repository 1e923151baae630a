import { createHmac, timingSafeEqual } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import type { webhooks } from './schema.js';

/**
 * Receiving webhooks (docs/webhooks.md): `X-Webhook-Signature` is the lowercase hex HMAC-SHA256, keyed with the
 * endpoint secret's UTF-8 bytes (`whsk_...`, prefix included), over `<X-Webhook-Timestamp>.<raw body>`; during a
 * secret rotation it carries two signatures, comma-separated. A delivery is accepted when one of them matches (in
 * constant time) a secret the receiver holds and its timestamp is within the tolerance of now, so a captured
 * delivery cannot be replayed later.
 *
 * `X-Webhook-JWS` (docs/webhooks.md, "JWS signature"): an ML-DSA-65 JWS over the raw body, compact serialization with
 * the payload detached (`<protected>..<signature>`), made with the service's key (public half at
 * `GET /v1/webhooks/jwks`); its header is exactly `{alg, kid, iat, aud}`, `aud` the endpoint's id, `iat` the
 * timestamp. Given `keys` (and `webhookId`), it is verified too; given a secret and keys, both must verify, so a
 * leaked secret alone cannot forge a delivery. `WebhookKeySet` fetches and caches the keys.
 */
export type WebhookEvent = {
  [T in keyof webhooks]: webhooks[T]['post'] extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : never;
}[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

/** Header names in any case: a fetch `Headers`, or Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** A key of `GET /v1/webhooks/jwks` (an AKP JWK, ML-DSA-65). */
export type WebhookJwk = { kty: string; alg: string; kid: string; pub: string; use?: string };

export type VerifyWebhookInput = {
  /** The endpoint's secret (HMAC); during your own switch to a rotated secret, both. */
  secret?: string | readonly string[];
  /** The `keys` of `GET /v1/webhooks/jwks`: given, `X-Webhook-JWS` must verify with one of them. */
  keys?: readonly WebhookJwk[];
  /** The endpoint's id (`id` of `POST /v1/webhooks`): the JWS's `aud` must be it. Needed with `keys`. */
  webhookId?: string;
  headers: WebhookHeaders;
  /** The body exactly as received, before any parsing. */
  rawBody: string | Uint8Array;
  /** Largest distance between the delivery's timestamp and now (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (default: the system clock). */
  nowSeconds?: number;
};

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : headers[key];
  return Array.isArray(v) ? v[0] : v;
}

/** The problem `webhookProblem` names when the JWS's `kid` is in none of the keys: fetch the key set again. */
export const UNKNOWN_KID = 'X-Webhook-JWS names a key (kid) not in the key set';

/** Why a delivery does not verify, or null when it does. */
export function webhookProblem(input: VerifyWebhookInput): string | null {
  if (input.secret === undefined && input.keys === undefined)
    return 'nothing to verify with: give the secret, the key set, or both';
  const timestamp = header(input.headers, 'x-webhook-timestamp');
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return 'missing or malformed X-Webhook-Timestamp';
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? 300;
  if (Math.abs(now - Number(timestamp)) > tolerance) return 'timestamp outside the tolerance';
  const body = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  if (input.secret !== undefined) {
    const problem = hmacProblem(input.secret, header(input.headers, 'x-webhook-signature'), timestamp, body);
    if (problem) return problem;
  }
  if (input.keys !== undefined) {
    if (!input.webhookId) return 'webhookId is needed to verify X-Webhook-JWS (its aud)';
    const problem = jwsProblem(
      input.keys,
      input.webhookId,
      header(input.headers, 'x-webhook-jws'),
      Number(timestamp),
      body,
    );
    if (problem) return problem;
  }
  return null;
}

function hmacProblem(
  secret: string | readonly string[],
  signatures: string | undefined,
  timestamp: string,
  body: Buffer,
): string | null {
  if (signatures === undefined) return 'missing X-Webhook-Signature';
  const message = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const given = signatures
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9a-f]{64}$/.test(s))
    .map((s) => Buffer.from(s, 'hex'));
  let ok = false;
  // Every pair is compared (no early exit), each in constant time.
  for (const s of secrets) {
    const expected = createHmac('sha256', Buffer.from(s, 'utf8')).update(message).digest();
    for (const g of given) if (timingSafeEqual(g, expected)) ok = true;
  }
  return ok ? null : 'no signature matches the secret';
}

/** The checks of docs/webhooks.md, "Signing input and verification", in its order. */
function jwsProblem(
  keys: readonly WebhookJwk[],
  webhookId: string,
  jws: string | undefined,
  timestamp: number,
  body: Buffer,
): string | null {
  if (jws === undefined) return 'missing X-Webhook-JWS';
  const parts = jws.split('.');
  if (
    parts.length !== 3 ||
    parts[1] !== '' ||
    !/^[A-Za-z0-9_-]+$/.test(parts[0]!) ||
    !/^[A-Za-z0-9_-]+$/.test(parts[2]!)
  )
    return 'X-Webhook-JWS is not a detached compact JWS';
  let h: Record<string, unknown>;
  try {
    h = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'X-Webhook-JWS header is not JSON';
  }
  // The algorithm is fixed: never the header's choice.
  if (h === null || typeof h !== 'object' || h.alg !== 'ML-DSA-65' || 'crit' in h)
    return 'X-Webhook-JWS is not ML-DSA-65';
  if (h.aud !== webhookId) return 'X-Webhook-JWS was made for another endpoint (aud)';
  if (h.iat !== timestamp) return 'X-Webhook-JWS iat differs from X-Webhook-Timestamp';
  const key = keys.find((k) => k.kid === h.kid && k.kty === 'AKP' && k.alg === 'ML-DSA-65');
  if (!key) return UNKNOWN_KID;
  const signature = Buffer.from(parts[2]!, 'base64url');
  const publicKey = Buffer.from(key.pub, 'base64url');
  if (signature.length !== 3309 || publicKey.length !== 1952)
    return 'X-Webhook-JWS signature or key has the wrong length';
  const signingInput = Buffer.from(`${parts[0]}.${body.toString('base64url')}`, 'ascii');
  return ml_dsa65.verify(signature, signingInput, publicKey) ? null : 'X-Webhook-JWS does not verify';
}

export function verifyWebhookSignature(input: VerifyWebhookInput): boolean {
  return webhookProblem(input) === null;
}

/** Verifies a delivery and parses its body; throws `WebhookVerificationError` saying why it does not verify. */
export function parseWebhook(input: VerifyWebhookInput): WebhookEvent {
  const problem = webhookProblem(input);
  if (problem) throw new WebhookVerificationError(`webhook rejected: ${problem}`);
  return parseBody(input.rawBody);
}

function parseBody(rawBody: string | Uint8Array): WebhookEvent {
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  return JSON.parse(text) as WebhookEvent;
}

/**
 * The service's webhook keys (`GET /v1/webhooks/jwks`), cached for the set's max-age (300 s) and fetched again, at
 * most once a minute, when a delivery names a key the cache lacks (a rotation). `fetchKeys` is, with the client,
 * `() => client.get('/v1/webhooks/jwks')`.
 */
export class WebhookKeySet {
  private keys: readonly WebhookJwk[] | undefined;
  private fetchedAt = -Infinity;

  constructor(
    private readonly fetchKeys: () => Promise<{ keys: readonly WebhookJwk[] }>,
    private readonly opts: { maxAgeSeconds?: number; refetchAfterSeconds?: number; nowSeconds?: () => number } = {},
  ) {}

  private now = () => this.opts.nowSeconds?.() ?? Math.floor(Date.now() / 1000);

  private async refresh(): Promise<readonly WebhookJwk[]> {
    this.keys = (await this.fetchKeys()).keys;
    this.fetchedAt = this.now();
    return this.keys;
  }

  /** Why the delivery does not verify with the service's keys (and the secret, when given), or null. */
  async problem(input: Omit<VerifyWebhookInput, 'keys'> & { webhookId: string }): Promise<string | null> {
    const stale = this.now() - this.fetchedAt > (this.opts.maxAgeSeconds ?? 300);
    const keys = !this.keys || stale ? await this.refresh() : this.keys;
    const problem = webhookProblem({ ...input, keys });
    if (problem !== UNKNOWN_KID || this.now() - this.fetchedAt < (this.opts.refetchAfterSeconds ?? 60)) return problem;
    return webhookProblem({ ...input, keys: await this.refresh() });
  }

  /** Verifies a delivery and parses its body; throws `WebhookVerificationError` saying why it does not verify. */
  async parse(input: Omit<VerifyWebhookInput, 'keys'> & { webhookId: string }): Promise<WebhookEvent> {
    const problem = await this.problem(input);
    if (problem) throw new WebhookVerificationError(`webhook rejected: ${problem}`);
    return parseBody(input.rawBody);
  }
}
