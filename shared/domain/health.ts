import type { Config } from '../config.js';
import { ChainError, NodeUnavailableError, type ChainPort } from '../ports/chain.js';
import type { Store } from '../ports/store.js';
import { keys } from '../store/keys.js';

/**
 * Readiness: can this instance do its work? The table answers a read, and a chain node answers `eth_chainId` with
 * the configured `CUSTODY_CHAIN_ID` (a node of another chain would take broadcasts to the wrong network, so a
 * mismatch is not ready). Both checks run concurrently; each reports ok, its latency, and when not ok a short reason
 * safe to show (never a node URL). The probe answers this body with 200 or 503, not the error catalog's shape, so a
 * load balancer and a human both see which check failed.
 */
export type ReadinessCheck = { ok: boolean; latency_ms?: number; error?: string };
export type Readiness = { status: 'ok' | 'degraded'; checks: Record<string, ReadinessCheck> };

async function timed(check: () => Promise<string | null>, onError: (e: unknown) => string): Promise<ReadinessCheck> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const problem = await check();
    return problem === null
      ? { ok: true, latency_ms: latency() }
      : { ok: false, latency_ms: latency(), error: problem };
  } catch (e) {
    return { ok: false, latency_ms: latency(), error: onError(e) };
  }
}

export async function checkReadiness(svc: { store: Store; chain: ChainPort; config: Config }): Promise<Readiness> {
  const [store, chain] = await Promise.all([
    timed(
      async () => {
        await svc.store.get(keys.platform(), { consistent: false });
        return null;
      },
      (e) => (e as Error).name,
    ),
    timed(
      async () => {
        const expected = svc.config.CUSTODY_CHAIN_ID;
        const actual = await svc.chain.chainId();
        return actual === expected
          ? null
          : `chain id mismatch: the node reports ${actual}, CUSTODY_CHAIN_ID is ${expected}`;
      },
      (e) =>
        e instanceof NodeUnavailableError
          ? 'no chain node answered (unreachable, timed out or circuit open)'
          : e instanceof ChainError
            ? `the chain node answered an error: ${e.message}`
            : (e as Error).name,
    ),
  ]);
  const checks = { store, chain };
  const ok = Object.values(checks).every((c) => c.ok);
  return { status: ok ? 'ok' : 'degraded', checks };
}
