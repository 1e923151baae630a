import * as z from '../../schemas/zod.js';
import type { ScreeningPort, ScreeningRequest, ScreeningVerdict } from '../../ports/screening.js';
import { ScreeningUnavailableError } from '../../ports/screening.js';
import { OutboundRequestError, type OutboundClient, type OutboundResponse } from '../http/outbound-client.js';

/**
 * An external screening service over HTTP: POST {url} with the transfer, answer `{result, reason}`. Each call has a
 * timeout and a bounded number of retries; anything but a well-formed verdict is "unavailable", which keeps the
 * transaction in screening (fail closed) rather than letting it through.
 */
const Verdict = z.object({
  result: z.enum(['clean', 'flagged', 'blocked']),
  reason: z.nullish(z.string().check(z.maxLength(512))),
});

export type HttpScreeningOptions = {
  url: string;
  timeoutMs: number;
  /** Calls per screening before giving up (5xx, 429, timeouts and connection failures are retried). */
  attempts?: number;
  /** The process's outbound client (shared/adapters/http/outbound-client.ts): SSRF rules, timeout, size limit. */
  client: OutboundClient;
};

/** Verdicts are small; anything longer is not one. */
const MAX_VERDICT_BYTES = 16 * 1024;

export class HttpScreening implements ScreeningPort {
  readonly name = 'http';
  private readonly attempts: number;
  constructor(private readonly opts: HttpScreeningOptions) {
    this.attempts = opts.attempts ?? 3;
  }

  async screen(req: ScreeningRequest): Promise<ScreeningVerdict> {
    let lastError = 'no attempt';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      let res: OutboundResponse;
      try {
        res = await this.opts.client.request({
          method: 'POST',
          url: this.opts.url,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            transaction_id: req.transactionId,
            tenant_id: req.tenantId,
            address: req.destination.toLowerCase(),
            amount: req.amount,
            asset_id: req.assetId,
            chain_id: req.chainId,
          }),
          timeoutMs: this.opts.timeoutMs,
          maxResponseBytes: MAX_VERDICT_BYTES,
        });
      } catch (e) {
        if (!(e instanceof OutboundRequestError)) throw e;
        // A refused destination or a bad URL will not get better by retrying.
        if (e.kind === 'refused' || e.kind === 'invalid-url')
          throw new ScreeningUnavailableError(`screening service not callable: ${e.reason}`);
        lastError = e.kind === 'timeout' ? 'timeout' : e.reason;
        continue;
      }
      if (res.status >= 500 || res.status === 429) {
        lastError = `HTTP ${res.status}`;
        continue;
      }
      if (res.status < 200 || res.status > 299)
        throw new ScreeningUnavailableError(`screening service answered HTTP ${res.status}`);
      const parsed = res.truncated ? undefined : Verdict.safeParse(parseJson(res.body.toString('utf8')));
      if (!parsed?.success) throw new ScreeningUnavailableError('screening service answered an unreadable verdict');
      return { result: parsed.data.result, reason: parsed.data.reason ?? null, provider: this.name };
    }
    throw new ScreeningUnavailableError(`screening service unavailable after ${this.attempts} attempts: ${lastError}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
