import { createHash } from 'node:crypto';
import type { AkpPublicJwk, WebhookSigningKey } from '../../ports/webhook-signer.js';

/**
 * The `X-Webhook-JWS` of a delivery attempt: a JWS (RFC 7515) over the raw body in compact serialization with a
 * detached payload (RFC 7515 Appendix F), so the header is `<protected>..<signature>`. The payload is base64url-encoded
 * in the signing input as usual (no RFC 7797 `b64: false`): any JOSE library verifies it by putting the encoded body
 * back between the dots. Algorithm ML-DSA-65 as draft-ietf-cose-dilithium registers it for JOSE (pure ML-DSA, empty
 * context); the protected header names the key (`kid`), the attempt's time (`iat`, the `X-Webhook-Timestamp`) and
 * the endpoint it is meant for (`aud`, the webhook id), so a delivery taken from one endpoint does not verify as one
 * meant for another. docs/webhooks.md gives the exact bytes.
 */
export const WEBHOOK_JWS_ALG = 'ML-DSA-65';

/** How long receivers and caches may keep the key set (`GET /v1/webhooks/jwks`): a new key is published at least this long before it signs. */
export const WEBHOOK_JWKS_MAX_AGE_SECONDS = 300;

export type WebhookJwsHeader = { alg: typeof WEBHOOK_JWS_ALG; kid: string; iat: number; aud: string };

const b64url = (bytes: Uint8Array | string): string =>
  Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64url');

/** The protected header's JSON, members in this order, no spaces. */
export function webhookJwsHeader(kid: string, iat: number, aud: string): string {
  return JSON.stringify({ alg: WEBHOOK_JWS_ALG, kid, iat, aud } satisfies WebhookJwsHeader);
}

/** The JWS Signing Input: ASCII(BASE64URL(protected header) || '.' || BASE64URL(raw body)). */
export function webhookSigningInput(protectedHeader: string, rawBody: string): Uint8Array {
  return new Uint8Array(Buffer.from(`${b64url(protectedHeader)}.${b64url(rawBody)}`, 'ascii'));
}

/** Signs one attempt: `BASE64URL(protected header) + '..' + BASE64URL(signature)`. */
export async function signWebhookJws(
  key: WebhookSigningKey,
  input: { rawBody: string; iat: number; aud: string },
): Promise<string> {
  const header = webhookJwsHeader(key.kid, input.iat, input.aud);
  const signature = await key.sign(webhookSigningInput(header, input.rawBody));
  return `${b64url(header)}..${b64url(signature)}`;
}

/** ML-DSA-65 public key size (FIPS 204 table 2). */
export const ML_DSA_65_PUBLIC_KEY_BYTES = 1952;

/** The RFC 7638 thumbprint of an AKP key: SHA-256 of `{"alg":...,"kty":"AKP","pub":...}`, base64url (the draft's section on AKP thumbprints). */
export function akpThumbprint(publicKey: Uint8Array): string {
  return createHash('sha256')
    .update(JSON.stringify({ alg: WEBHOOK_JWS_ALG, kty: 'AKP', pub: b64url(publicKey) }), 'utf8')
    .digest('base64url');
}

/** The published JWK of an ML-DSA-65 public key. */
export function akpPublicJwk(kid: string, publicKey: Uint8Array): AkpPublicJwk {
  if (publicKey.length !== ML_DSA_65_PUBLIC_KEY_BYTES)
    throw new Error(`an ML-DSA-65 public key has ${ML_DSA_65_PUBLIC_KEY_BYTES} bytes, not ${publicKey.length}`);
  return { kty: 'AKP', alg: WEBHOOK_JWS_ALG, use: 'sig', kid, pub: b64url(publicKey) };
}
