import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import { requestContextFields } from './observability/request-context.js';

/**
 * The one structured logger. Never pass it a secret or an Authorization header. Every line carries the `request_id`
 * and `tenant_id` of the request or message being handled (shared/observability/request-context.ts), unless the
 * line names them itself.
 *
 * Two formats: JSON lines (Powertools' format: what CloudWatch Logs Insights queries on AWS, the default), and
 * `readable` single lines for a person at a terminal (`useReadableLogs()`, called by the local stack's runner).
 * Its level is applied by the composition root (`services()`) when the configuration is read, so importing this
 * module reads no setting.
 */
class CustodyLogger extends Logger {
  readable = false;

  protected override createAndPopulateLogItem(...args: Parameters<Logger['createAndPopulateLogItem']>): LogItem {
    const item = super.createAndPopulateLogItem(...args);
    const own = item.getAttributes();
    const ctx = Object.entries(requestContextFields()).filter(([k]) => own[k] === undefined);
    if (ctx.length) item.addAttributes(Object.fromEntries(ctx));
    return item;
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    if (!this.readable) return super.printLog(logLevel, log);
    log.prepareForPrint();
    const line = readableLine(log.getAttributes());
    (logLevel >= 16 ? process.stderr : process.stdout).write(`${line}\n`); // 16: WARN and above
  }
}

/** The Powertools keys a readable line shows in its own place, or drops (constant on a workstation). */
const HEAD_KEYS = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'cold_start', 'xray_trace_id']);

/** `12:00:01.234 INFO  request status=201 route="POST /v1/x" request_id=req_1 tenant_id=ten_1`: one line, keys as logged. */
export function readableLine(attrs: Record<string, unknown>): string {
  const time = typeof attrs.timestamp === 'string' ? attrs.timestamp.slice(11, 23) : '';
  const level = String(attrs.level ?? '').padEnd(5);
  const fields = Object.entries(attrs)
    .filter(([k]) => !HEAD_KEYS.has(k))
    .map(([k, v]) => `${k}=${formatValue(v)}`);
  return [time, level, String(attrs.message ?? ''), ...fields].filter(Boolean).join(' ');
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return /^[\w.:/@+-]+$/.test(v) ? v : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return JSON.stringify(v);
}

export const logger = new CustodyLogger({ serviceName: 'custody' });

/** Readable single lines instead of JSON (the local stack, a terminal). */
export function useReadableLogs(): void {
  logger.readable = true;
}
