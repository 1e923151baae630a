import type { Services } from '../app/services.js';
import { keys } from '../store/keys.js';

/** Readiness: the table answers a read. (The chain node check joins when the chain port does.) */
export async function checkReadiness(svc: Pick<Services, 'store'>) {
  const checks: Record<string, { ok: boolean; latency_ms?: number; error?: string }> = {};
  const started = Date.now();
  try {
    await svc.store.get(keys.platform(), { consistent: false });
    checks.store = { ok: true, latency_ms: Date.now() - started };
  } catch (e) {
    checks.store = { ok: false, error: (e as Error).name };
  }
  const ok = Object.values(checks).every((c) => c.ok);
  return { status: ok ? ('ok' as const) : ('degraded' as const), checks };
}
