import type { Config } from '../../config.js';
import { logger } from '../../app/logger.js';
import { isHex, isHexOfBytes, keySizes } from '../../domain/chain/chain-profile.js';
import { elapsedMs, recordMetric } from '../../observability/metrics.js';
import { SignerUnavailableError, type GenerateKeyRequest, type GeneratedKey, type SignRequest, type Signer } from '../../ports/signer.js';

/**
 * The signer over HTTPS (`CUSTODY_SIGNER_URL`): `POST /keys` creates a key pair, `POST /sign` signs a digest. The
 * service authenticates with a bearer token (`CUSTODY_SIGNER_TOKEN`); every call has a timeout
 * (`CUSTODY_SIGNER_TIMEOUT_MS`). Any failure (unreachable, timeout, non-2xx, malformed answer) is
 * `SignerUnavailableError` (503 1500) for the client; the reason goes to the log, never to the client.
 * The wire format is documented in docs/signer.md; tools/reference-signer implements it.
 */
export type HttpSignerOptions = { url: string; token?: string; timeoutMs: number; fetchImpl?: typeof fetch };

const KEY_REF_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export class HttpSigner implements Signer {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: HttpSignerOptions) {
    this.base = opts.url.replace(/\/+$/, '');
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  async generateKey(req: GenerateKeyRequest): Promise<GeneratedKey> {
    return this.timed('keys', () => this.createKey(req));
  }

  async sign(req: SignRequest): Promise<{ signature: string }> {
    return this.timed('sign', async () => {
      const body = await this.post('/sign', { key_ref: req.keyRef, digest: req.digest, context: req.context });
      if (typeof body.signature !== 'string' || !isHex(body.signature)) throw this.fail('/sign', 'malformed answer');
      return { signature: body.signature.toLowerCase() };
    });
  }

  /** Records the call's latency (SignerLatency) with its outcome. */
  private async timed<T>(operation: 'keys' | 'sign', call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const out = await call();
      recordMetric('signerLatency', elapsedMs(started), { operation, outcome: 'ok' });
      return out;
    } catch (e) {
      recordMetric('signerLatency', elapsedMs(started), { operation, outcome: 'failed' });
      throw e;
    }
  }

  private async createKey(req: GenerateKeyRequest): Promise<GeneratedKey> {
    const body = await this.post('/keys', { algorithm: req.algorithm, tenant_id: req.tenantId, vault_id: req.vaultId, label: req.walletLabel });
    const publicKey = body.public_key;
    const keyRef = body.key_ref;
    if (typeof publicKey !== 'string' || !isHex(publicKey) || typeof keyRef !== 'string' || !KEY_REF_RE.test(keyRef)) {
      throw this.fail('/keys', 'malformed answer');
    }
    const expected = keySizes(req.algorithm).publicKey;
    if (!isHexOfBytes(publicKey, expected)) throw this.fail('/keys', `public key is not ${expected} bytes (${req.algorithm})`, 'the signer returned a key of another parameter set');
    return { publicKey: publicKey.toLowerCase(), keyRef };
  }

  private async post(path: string, payload: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(this.opts.token ? { Authorization: `Bearer ${this.opts.token}` } : {}) },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw this.fail(path, timedOut ? `timed out after ${this.opts.timeoutMs} ms` : `unreachable: ${(e as Error).message}`, timedOut ? 'signer timed out' : undefined);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw this.fail(path, `answered HTTP ${res.status}`);
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* fall through */
    }
    throw this.fail(path, 'answered a body that is not a JSON object');
  }

  private fail(path: string, reason: string, clientMessage?: string): SignerUnavailableError {
    logger.warn('signer call failed', { signer_path: path, reason });
    return new SignerUnavailableError(clientMessage);
  }
}

/** A signer that is not configured: every call answers 503 1500 (the setting to fix is in the log). */
class UnconfiguredSigner implements Signer {
  private fail(): never {
    logger.warn('signer call failed', { reason: 'CUSTODY_SIGNER_URL is not set' });
    throw new SignerUnavailableError('no signer is configured');
  }
  async generateKey(): Promise<GeneratedKey> {
    return this.fail();
  }
  async sign(): Promise<{ signature: string }> {
    return this.fail();
  }
}

/** The signer the configuration chooses. The composition root (shared/app/services.ts) should hold one per process. */
export function makeSigner(cfg: Pick<Config, 'CUSTODY_SIGNER_URL' | 'CUSTODY_SIGNER_TOKEN' | 'CUSTODY_SIGNER_TIMEOUT_MS'>): Signer {
  if (!cfg.CUSTODY_SIGNER_URL) return new UnconfiguredSigner();
  return new HttpSigner({ url: cfg.CUSTODY_SIGNER_URL, token: cfg.CUSTODY_SIGNER_TOKEN, timeoutMs: cfg.CUSTODY_SIGNER_TIMEOUT_MS });
}
