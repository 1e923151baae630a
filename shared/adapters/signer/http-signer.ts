import { logger } from '../../logger.js';
import { isHex, isHexOfBytes, keySizes } from '../../domain/chain/chain-profile-rules.js';
import { elapsedMs, recordMetric } from '../../observability/metrics.js';
import {
  KEY_REF_RE,
  SignerUnavailableError,
  type GenerateKeyRequest,
  type GeneratedKey,
  type SignOutcome,
  type SignRequest,
  type Signer,
} from '../../ports/signer.js';
import { OutboundRequestError, operatorOutboundClient, type OutboundClient } from '../http/outbound-client.js';

/**
 * The `remote` signer over HTTPS (`CUSTODY_SIGNER_URL`; the configuration refuses `http://` outside
 * `CUSTODY_ENV=local`): `POST /keys` creates a key pair, `POST /sign` signs a digest. Calls go through the service's
 * outbound client (operatorOutboundClient: the signer's address is the operator's, so no destination rule but
 * link-local applies), so each has one total timeout (`CUSTODY_SIGNER_TIMEOUT_MS`), a bounded answer, and no redirect
 * is followed. The service authenticates with a bearer token (from Secrets Manager on AWS, the environment locally:
 * `signerToken` in make-signer.ts), which is never logged. Key generation failures are `SignerUnavailableError` (503
 * 1500); signing answers a `SignOutcome` (`classifyHttpAnswer` below says which answer is which). The wire format is
 * in docs/signer.md; tools/reference-signer implements it.
 */

/** Where the bearer token comes from: read before each call (the source caches), forgotten after a 401/403. */
export type SignerToken = { get(): Promise<string>; forget(): void };

export type HttpSignerOptions = {
  url: string;
  token?: string | SignerToken;
  timeoutMs: number;
  client?: OutboundClient;
};

/** The most a signer's answer may be: a public key or signature of ML-DSA-87 in hex is under 10 KiB. */
export const MAX_SIGNER_ANSWER_BYTES = 64 * 1024;

/** One HTTP exchange with the signer, before the caller decides what it means. */
type Answer =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'http'; status: number; code: string | null; message: string | null }
  | { kind: 'failed'; reason: string; transient: true };

/** What a non-2xx answer to `POST /sign` means (docs/signer.md, "Failures"). */
export function classifyHttpAnswer(status: number, code: string | null): Exclude<SignOutcome['outcome'], 'signed'> {
  if (status === 404 && code === 'key_not_found') return 'key_not_held';
  if (status === 400 && code === 'receipt_invalid') return 'receipt_invalid';
  // A redirect (never followed) means the signer is not at the configured address: a setting to fix, as 401/403 are.
  if (
    (status >= 300 && status < 400) ||
    status === 401 ||
    status === 403 ||
    status === 408 ||
    status === 429 ||
    status >= 500
  )
    return 'transient';
  return 'permanent';
}

export class HttpSigner implements Signer {
  private readonly base: string;
  private readonly client: OutboundClient;
  private readonly token: SignerToken | null;

  constructor(private readonly opts: HttpSignerOptions) {
    this.base = opts.url.replace(/\/+$/, '');
    this.client = opts.client ?? operatorOutboundClient();
    const t = opts.token;
    this.token = typeof t === 'string' ? { get: async () => t, forget: () => {} } : (t ?? null);
  }

  async generateKey(req: GenerateKeyRequest): Promise<GeneratedKey> {
    const started = performance.now();
    try {
      const key = await this.createKey(req);
      recordMetric('signerLatency', elapsedMs(started), { operation: 'keys', outcome: 'ok' });
      return key;
    } catch (e) {
      recordMetric('signerLatency', elapsedMs(started), { operation: 'keys', outcome: 'failed' });
      throw e;
    }
  }

  async sign(req: SignRequest): Promise<SignOutcome> {
    const started = performance.now();
    const outcome = await this.signOnce(req);
    recordMetric('signerLatency', elapsedMs(started), {
      operation: 'sign',
      outcome: outcome.outcome === 'signed' ? 'ok' : 'failed',
    });
    return outcome;
  }

  private async createKey(req: GenerateKeyRequest): Promise<GeneratedKey> {
    const answer = await this.post('/keys', {
      algorithm: req.algorithm,
      tenant_id: req.tenantId,
      vault_id: req.vaultId,
      label: req.walletLabel,
    });
    if (answer.kind === 'failed')
      throw this.unavailable(
        '/keys',
        answer.reason,
        answer.reason.startsWith('timed out') ? 'signer timed out' : undefined,
      );
    if (answer.kind === 'http')
      throw this.unavailable('/keys', `answered HTTP ${answer.status}${answer.code ? ` ${answer.code}` : ''}`);
    const { public_key: publicKey, key_ref: keyRef } = answer.body;
    if (typeof publicKey !== 'string' || !isHex(publicKey) || typeof keyRef !== 'string' || !KEY_REF_RE.test(keyRef)) {
      throw this.unavailable('/keys', 'malformed answer');
    }
    const expected = keySizes(req.algorithm).publicKey;
    if (!isHexOfBytes(publicKey, expected))
      throw this.unavailable(
        '/keys',
        `public key is not ${expected} bytes (${req.algorithm})`,
        'the signer returned a key of another parameter set',
      );
    return { publicKey: publicKey.toLowerCase(), keyRef };
  }

  private async signOnce(req: SignRequest): Promise<SignOutcome> {
    const answer = await this.post('/sign', {
      key_ref: req.keyRef,
      digest: req.digest,
      context: req.context,
      algorithm: req.algorithm,
      transaction_id: req.transactionId,
      tenant_id: req.tenantId,
      unsigned_tx: req.unsignedTx,
      receipt: req.receipt,
    });
    let outcome: SignOutcome;
    if (answer.kind === 'failed') outcome = { outcome: 'transient', reason: `signer ${answer.reason}` };
    else if (answer.kind === 'http') {
      const kind = classifyHttpAnswer(answer.status, answer.code);
      // A receipt refusal says which check failed (the signer's message, one printable line, bounded).
      const why = kind === 'receipt_invalid' && answer.message ? `: ${answer.message}` : '';
      outcome = {
        outcome: kind,
        reason:
          kind === 'key_not_held'
            ? 'signer does not hold the key'
            : `signer answered HTTP ${answer.status}${answer.code ? ` ${answer.code}` : ''}${why}`,
      };
    } else {
      const signature = answer.body.signature;
      const size = keySizes(req.algorithm).signature;
      if (typeof signature !== 'string' || !isHexOfBytes(signature, size))
        outcome = {
          outcome: 'permanent',
          reason: `signer answered no ${req.algorithm} signature (${size} bytes of 0x hex)`,
        };
      else outcome = { outcome: 'signed', signature: signature.toLowerCase() };
    }
    if (outcome.outcome !== 'signed')
      logger.warn('signer sign failed', {
        signer_path: '/sign',
        outcome: outcome.outcome,
        reason: outcome.reason,
        transaction_id: req.transactionId,
      });
    return outcome;
  }

  private async post(path: string, payload: unknown): Promise<Answer> {
    let token: string | null = null;
    try {
      if (this.token) token = await this.token.get();
    } catch (e) {
      return { kind: 'failed', transient: true, reason: `token unavailable: ${(e as Error).message}` };
    }
    let res: Awaited<ReturnType<OutboundClient['request']>>;
    try {
      res = await this.client.request({
        method: 'POST',
        url: this.base + path,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(payload),
        timeoutMs: this.opts.timeoutMs,
        maxResponseBytes: MAX_SIGNER_ANSWER_BYTES,
      });
    } catch (e) {
      if (e instanceof OutboundRequestError && e.kind === 'timeout')
        return { kind: 'failed', transient: true, reason: `timed out after ${this.opts.timeoutMs} ms` };
      return {
        kind: 'failed',
        transient: true,
        reason: `unreachable: ${e instanceof OutboundRequestError ? e.reason : (e as Error).message}`,
      };
    }
    if (res.truncated)
      return { kind: 'failed', transient: true, reason: `answered more than ${MAX_SIGNER_ANSWER_BYTES} bytes` };
    const parsed = parseObject(res.body.toString('utf8'));
    if (res.status < 200 || res.status > 299) {
      if (res.status === 401 || res.status === 403) this.token?.forget(); // it may have been rotated: read it again next time
      const error = parsed?.error;
      const code =
        error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
          ? (error as { code: string }).code
          : null;
      const message =
        error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message.replace(/[^\x20-\x7e]/g, ' ').slice(0, 200)
          : null;
      return { kind: 'http', status: res.status, code: code && /^[a-z_]{1,64}$/.test(code) ? code : null, message };
    }
    if (!parsed) return { kind: 'failed', transient: true, reason: 'answered a body that is not a JSON object' }; // a proxy's page, most likely
    return { kind: 'ok', body: parsed };
  }

  private unavailable(path: string, reason: string, clientMessage?: string): SignerUnavailableError {
    logger.warn('signer call failed', { signer_path: path, reason });
    return new SignerUnavailableError(clientMessage);
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return null;
}

/** Moved to make-signer.ts (it now chooses between HTTPS and gRPC); re-exported for callers of the old path. */
