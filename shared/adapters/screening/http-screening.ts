import { z } from 'zod';
import type { ScreeningPort, ScreeningRequest, ScreeningVerdict } from '../../ports/screening.js';
import { ScreeningUnavailableError } from '../../ports/screening.js';

/**
 * An external screening service over HTTP: POST {url} with the transfer, answer `{result, reason}`. Each call has a
 * timeout and a bounded number of retries; anything but a well-formed verdict is "unavailable", which keeps the
 * transaction in screening (fail closed) rather than letting it through.
 */
const Verdict = z.object({ result: z.enum(['clean', 'flagged', 'blocked']), reason: z.string().max(512).nullish() });

export class HttpScreening implements ScreeningPort {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly attempts = 3,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async screen(req: ScreeningRequest): Promise<ScreeningVerdict> {
    let lastError = 'no attempt';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        const res = await this.fetchImpl(this.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            transaction_id: req.transactionId,
            tenant_id: req.tenantId,
            address: req.destination.toLowerCase(),
            amount: req.amount,
            asset_id: req.assetId,
            chain_id: req.chainId,
          }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (res.status >= 500 || res.status === 429) {
          lastError = `HTTP ${res.status}`;
          continue;
        }
        if (!res.ok) throw new ScreeningUnavailableError(`screening service answered HTTP ${res.status}`);
        const parsed = Verdict.safeParse(await res.json().catch(() => undefined));
        if (!parsed.success) throw new ScreeningUnavailableError('screening service answered an unreadable verdict');
        return { result: parsed.data.result, reason: parsed.data.reason ?? null, provider: this.name };
      } catch (e) {
        if (e instanceof ScreeningUnavailableError) throw e;
        lastError = (e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message;
      }
    }
    throw new ScreeningUnavailableError(`screening service unavailable after ${this.attempts} attempts: ${lastError}`);
  }
}
