import { isAlgorithm, UnknownKeyError, type KeyStore } from './key-store.js';
import { receiptRefusal } from './http-api.js';
import type { PolicyKey, ReceiptOnTheWire } from './receipt-check.js';

/**
 * The reference signer's `callback` mode: it watches the custody API for transactions waiting for a signature and
 * posts signatures for the ones whose wallet key it holds (docs/signer.md, "Callback worker"). One pass:
 *   GET  /v1/transactions?status=PENDING_SIGNATURE&limit=200   (following next_cursor)
 *   GET  /v1/transactions/{id}/signing-payload                 -> {digest, context, algorithm, public_key, ...}
 *   POST /v1/transactions/{id}/signature {signature}
 *   POST /v1/transactions/{id}/signature-refusal {code: 'receipt_invalid', reason}   when the receipt check refuses
 * The payload's `public_key` (the source wallet's) says which key signs: the worker looks its keys up by public key.
 * Transactions of keys it does not hold are remembered and not fetched again. A 409 (the transaction moved on:
 * signed by someone else, cancelled) is not an error. Credentials: an API key `key_id:secret` of a role holding
 * the signing permission, sent as `Authorization: Bearer <key_id>:<secret>`, never logged.
 */
export type CallbackWorkerOptions = {
  keys: KeyStore;
  /** The custody API's base URL (no trailing /v1). */
  apiUrl: string;
  /** `key_id:secret` of an API credential. */
  credential: string;
  fetchImpl?: typeof fetch;
  /** Timeout of one API call (default 10 s). */
  timeoutMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** Given, the payload's `receipt` is checked (receipt-check.ts) against its `unsigned_tx` before signing; a refusal is not signed but posted to the signature-refusal route. */
  policyKeys?: readonly PolicyKey[];
  /** The time receipts' expiry is judged against (default: the system clock). */
  now?: () => Date;
};

export type PassResult = {
  signed: string[];
  refused: string[];
  notMine: string[];
  moved: string[];
  failed: { id: string; reason: string }[];
};

const MAX_PAGES = 50;
const MAX_REMEMBERED = 10_000;
const DIGEST_RE = /^0x[0-9a-fA-F]{64}$/;
const PUBLIC_KEY_RE = /^0x(?:[0-9a-fA-F]{2})+$/;

export class CallbackWorker {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly notMine = new Set<string>();
  private running: Promise<PassResult> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: CallbackWorkerOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  /** One pass over the pending transactions; concurrent calls share the pass in progress. */
  runOnce(): Promise<PassResult> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /** Runs a pass every `intervalMs` until `stop()`. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((e: Error) => this.log('callback pass failed', { reason: e.message }));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<PassResult> {
    const result: PassResult = { signed: [], refused: [], notMine: [], moved: [], failed: [] };
    for (const id of await this.pendingIds()) {
      if (this.notMine.has(id)) {
        result.notMine.push(id);
        continue;
      }
      try {
        const outcome = await this.signOne(id);
        if (outcome === 'not_mine') {
          if (this.notMine.size >= MAX_REMEMBERED) this.notMine.clear();
          this.notMine.add(id);
          result.notMine.push(id);
        } else if (outcome === 'moved') result.moved.push(id);
        else if (outcome === 'refused') result.refused.push(id);
        else result.signed.push(id);
      } catch (e) {
        const reason = (e as Error).message;
        this.log('callback signing failed', { transaction_id: id, reason });
        result.failed.push({ id, reason });
      }
    }
    return result;
  }

  private async pendingIds(): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ status: 'PENDING_SIGNATURE', limit: '200', ...(cursor ? { cursor } : {}) });
      const { status, body } = await this.call('GET', `/v1/transactions?${query}`);
      if (status !== 200) throw new Error(`listing pending transactions answered HTTP ${status}`);
      const list = body as { transactions?: { id?: unknown }[]; next_cursor?: unknown };
      for (const t of list.transactions ?? []) if (typeof t.id === 'string') ids.push(t.id);
      cursor = typeof list.next_cursor === 'string' && list.next_cursor ? list.next_cursor : null;
      if (!cursor) break;
    }
    return ids;
  }

  private async signOne(id: string): Promise<'signed' | 'refused' | 'not_mine' | 'moved'> {
    const path = `/v1/transactions/${encodeURIComponent(id)}`;
    const got = await this.call('GET', `${path}/signing-payload`);
    if (got.status === 409 || got.status === 404) return 'moved';
    if (got.status !== 200) throw new Error(`signing-payload answered HTTP ${got.status}`);
    const p = got.body as {
      digest?: unknown;
      context?: unknown;
      algorithm?: unknown;
      public_key?: unknown;
      unsigned_tx?: unknown;
      receipt?: unknown;
    };
    if (typeof p.digest !== 'string' || !DIGEST_RE.test(p.digest))
      throw new Error('signing-payload has no 32-byte digest');
    if (typeof p.public_key !== 'string' || !PUBLIC_KEY_RE.test(p.public_key))
      throw new Error('signing-payload has no public_key');
    if (!isAlgorithm(p.algorithm)) throw new Error('signing-payload has no known algorithm');
    const keyRef = await this.opts.keys.keyRefForPublicKey(p.public_key);
    if (!keyRef) return 'not_mine';
    const context = Buffer.from(typeof p.context === 'string' ? p.context : '', 'utf8');
    let signature: string;
    try {
      const unsignedTx =
        typeof p.unsigned_tx === 'string' && PUBLIC_KEY_RE.test(p.unsigned_tx)
          ? Buffer.from(p.unsigned_tx.slice(2), 'hex')
          : new Uint8Array(0);
      const refusal = await receiptRefusal(
        this.opts.keys,
        this.opts.policyKeys,
        {
          keyRef,
          digest: Buffer.from(p.digest.slice(2), 'hex'),
          unsignedTx,
          receipt: p.receipt as ReceiptOnTheWire | null,
        },
        this.opts.now,
      );
      if (refusal) return await this.refuse(path, id, refusal);
      signature = await this.opts.keys.sign(keyRef, Buffer.from(p.digest.slice(2), 'hex'), context, p.algorithm);
    } catch (e) {
      if (e instanceof UnknownKeyError) return 'not_mine';
      throw e;
    }
    const posted = await this.call('POST', `${path}/signature`, { signature });
    if (posted.status === 409) return 'moved'; // signed already (a repeated post after a crash), or cancelled
    if (posted.status !== 200 && posted.status !== 201)
      throw new Error(`signature answered HTTP ${posted.status}${errorCode(posted.body)}`);
    this.log('signed', { transaction_id: id, key_ref: keyRef });
    return 'signed';
  }

  /** Tells the service the receipt does not cover the payload: it ends the transaction FAILED `receipt_invalid`. */
  private async refuse(path: string, id: string, reason: string): Promise<'refused' | 'moved'> {
    const posted = await this.call('POST', `${path}/signature-refusal`, { code: 'receipt_invalid', reason });
    if (posted.status === 409) return 'moved';
    if (posted.status !== 200)
      throw new Error(
        `receipt_invalid: ${reason}; the refusal answered HTTP ${posted.status}${errorCode(posted.body)}`,
      );
    this.log('refused the policy receipt', { transaction_id: id, reason });
    return 'refused';
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await this.fetchImpl(this.base + path, {
      method,
      headers: {
        Authorization: `Bearer ${this.opts.credential}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: the status says enough */
    }
    return { status: res.status, body: parsed };
  }

  private log(message: string, fields: Record<string, unknown> = {}): void {
    (this.opts.log ?? ((m, f) => console.log(`reference signer: ${m}`, JSON.stringify(f))))(message, fields);
  }
}

function errorCode(body: unknown): string {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' || typeof code === 'string' ? ` (code ${code})` : '';
}
