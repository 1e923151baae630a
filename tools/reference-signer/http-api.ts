import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AlgorithmMismatchError, isAlgorithm, UnknownKeyError, type KeyStore } from './key-store.js';
import { addressOf, checkReceipt, type PolicyKey, type ReceiptOnTheWire } from './receipt-check.js';

/**
 * The reference signer's HTTP transport (the `remote` signer of docs/signer.md):
 *   POST /keys  {algorithm, tenant_id?, vault_id?, label?}  -> 201 {key_ref, public_key, algorithm}
 *   POST /sign  {key_ref, digest (0x + 32 bytes), context?, algorithm?, transaction_id?, tenant_id?} -> 200 {signature}
 *               with policy keys configured, also {unsigned_tx, receipt}: checked before signing (receipt-check.ts),
 *               a refusal -> 400 {error: {code: "receipt_invalid", message: <why>}}
 *               an unknown key_ref -> 404 {error: {code: "key_not_found"}}; a key of another algorithm -> 400 algorithm_mismatch
 *   GET  /health                                           -> 200 {status: "ok"} (no auth)
 * Every other call needs `Authorization: Bearer <token>`, compared in constant time.
 */
const MAX_BODY = 64 * 1024;
const DIGEST_RE = /^0x[0-9a-fA-F]{64}$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Constant-time token check: both sides are hashed first, so neither length nor content leaks through timing. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  const given = createHash('sha256')
    .update(m?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && m !== null;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'too_large', 'request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, 'bad_request', 'body must be a JSON object');
}

const optionalString = (v: unknown, field: string, max: number): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.length > max)
    throw new HttpError(400, 'bad_request', `${field} must be a string of at most ${max} characters`);
  return v;
};

/**
 * The receipt check of one signing request, for the transports: null to sign, else the refusal. Without configured
 * policy keys the signer signs what it is asked (development without receipts); with them, never without a receipt.
 */
export async function receiptRefusal(
  keys: KeyStore,
  policyKeys: readonly PolicyKey[] | undefined,
  req: { keyRef: string; digest: Uint8Array; unsignedTx: Uint8Array; receipt: ReceiptOnTheWire | null | undefined },
  now: () => Date = () => new Date(),
): Promise<string | null> {
  if (!policyKeys) return null;
  const publicKey = await keys.publicKeyOf(req.keyRef);
  return checkReceipt(policyKeys, {
    receipt: req.receipt,
    unsignedTx: req.unsignedTx,
    digest: req.digest,
    sender: addressOf(Buffer.from(publicKey.slice(2), 'hex')),
    now: now(),
  });
}

const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/;

/** `now`: the time receipts' expiry is judged against (a local stack on a fake clock passes its own). */
export function createSignerHttpServer(opts: {
  keys: KeyStore;
  token: string;
  policyKeys?: readonly PolicyKey[];
  now?: () => Date;
}): http.Server {
  const routes: Record<string, (body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>> = {
    'POST /keys': async (body) => {
      if (!isAlgorithm(body.algorithm))
        throw new HttpError(400, 'bad_request', 'algorithm must be ML-DSA-44, ML-DSA-65 or ML-DSA-87');
      const owner = {
        tenant_id: optionalString(body.tenant_id, 'tenant_id', 64),
        vault_id: optionalString(body.vault_id, 'vault_id', 64),
        label: optionalString(body.label, 'label', 256),
      };
      const { keyRef, publicKey } = await opts.keys.createKey(body.algorithm, owner);
      return { status: 201, body: { key_ref: keyRef, public_key: publicKey, algorithm: body.algorithm } };
    },
    'POST /sign': async (body) => {
      if (typeof body.key_ref !== 'string') throw new HttpError(400, 'bad_request', 'key_ref is required');
      if (typeof body.digest !== 'string' || !DIGEST_RE.test(body.digest))
        throw new HttpError(400, 'bad_request', 'digest must be 0x + 32 bytes of hex');
      const context = Buffer.from(optionalString(body.context, 'context', 255) ?? '', 'utf8');
      if (context.length > 255) throw new HttpError(400, 'bad_request', 'context must be at most 255 bytes');
      if (body.algorithm !== undefined && !isAlgorithm(body.algorithm))
        throw new HttpError(400, 'bad_request', 'algorithm must be ML-DSA-44, ML-DSA-65 or ML-DSA-87');
      optionalString(body.transaction_id, 'transaction_id', 128);
      optionalString(body.tenant_id, 'tenant_id', 64);
      try {
        const digest = Buffer.from(body.digest.slice(2), 'hex');
        const unsignedTx =
          typeof body.unsigned_tx === 'string' && HEX_RE.test(body.unsigned_tx)
            ? Buffer.from(body.unsigned_tx.slice(2), 'hex')
            : new Uint8Array(0);
        const refusal = await receiptRefusal(
          opts.keys,
          opts.policyKeys,
          { keyRef: body.key_ref, digest, unsignedTx, receipt: body.receipt as ReceiptOnTheWire | undefined },
          opts.now,
        );
        if (refusal) throw new HttpError(400, 'receipt_invalid', refusal);
        const signature = await opts.keys.sign(body.key_ref, digest, context, body.algorithm);
        return { status: 200, body: { signature } };
      } catch (e) {
        if (e instanceof UnknownKeyError)
          throw new HttpError(404, 'key_not_found', 'this signer holds no key with this key_ref');
        if (e instanceof AlgorithmMismatchError) throw new HttpError(400, 'algorithm_mismatch', e.message);
        throw e;
      }
    },
  };

  return http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/health') return send(200, { status: 'ok' });
    const handler = routes[`${req.method} ${path}`];
    void (async () => {
      try {
        if (!tokenMatches(req.headers.authorization, opts.token))
          throw new HttpError(401, 'unauthorized', 'missing or wrong bearer token');
        if (!handler) throw new HttpError(404, 'not_found', 'no such route');
        const out = await handler(await readJson(req));
        send(out.status, out.body);
      } catch (e) {
        if (e instanceof HttpError) send(e.status, { error: { code: e.code, message: e.message } });
        else {
          console.error('reference signer: internal error', e);
          send(500, { error: { code: 'internal', message: 'internal error' } });
        }
      }
    })();
  });
}
