import { CustodyApiError, TERMINAL_STATUSES, type Transaction, type WebhookDelivery } from '../typescript/src/index.js';
import type { Ctx } from './commands.js';
import { progress, type Row } from './output.js';
import { UsageError } from './session.js';

/**
 * The commands that follow something until it ends: `tx watch` (a transaction until a terminal status, with its
 * history when the service has `GET /v1/transactions/{id}/history`) and `webhooks tail` (an endpoint's deliveries).
 */

/** Waits `ms`; false when the signal aborted first (Ctrl-C). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function intervalMs(ctx: Ctx, fallbackSeconds: number): number {
  const v = (ctx.values.interval as string | undefined) ?? String(fallbackSeconds);
  if (!/^\d+(\.\d+)?$/.test(v) || Number(v) <= 0)
    throw new UsageError('--interval must be a positive number of seconds');
  return Number(v) * 1000;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const clockTime = (iso: unknown) => (typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '');

/**
 * One entry of `GET /v1/transactions/{id}/history` as a line: time, from and to status (or the decision), trigger,
 * who (name and e-mail, or the service component), reason.
 */
export function historyLine(e: Row): string {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const from = str(e.fromStatus);
  const to = str(e.toStatus);
  const decision = e.decision && typeof e.decision === 'object' ? str((e.decision as Row).decision) : undefined;
  const what = from || to ? `${from ?? '(new)'} -> ${to ?? '?'}` : (decision ?? str(e.action) ?? 'entry');
  const actor = (e.actor && typeof e.actor === 'object' ? e.actor : {}) as Row;
  const who =
    actor.type === 'user'
      ? [str(actor.name), str(actor.email) ?? str(actor.userId)].filter(Boolean).join(' ')
      : (str(actor.component) ?? str(actor.type) ?? '');
  const reason =
    str(e.reason) ??
    str(e.failureReason) ??
    (e.decision && typeof e.decision === 'object' ? str((e.decision as Row).reason) : undefined);
  const trigger = str(e.trigger);
  return [
    clockTime(e.timestamp),
    what,
    trigger ? `(${trigger})` : '',
    who ? `by ${who}` : '',
    reason ? `"${reason}"` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

async function readHistory(ctx: Ctx, id: string): Promise<Row[] | null> {
  const entries: Row[] = [];
  let cursor: string | null = null;
  try {
    do {
      const page = (await ctx.client.request('GET', `/v1/transactions/${encodeURIComponent(id)}/history`, {
        query: { limit: 200, cursor: cursor ?? undefined },
      })) as Row;
      const items = Object.entries(page).find(([k, v]) => k !== 'next_cursor' && Array.isArray(v))?.[1] as
        Row[] | undefined;
      entries.push(...(items ?? []));
      cursor = (page.next_cursor as string | null | undefined) ?? null;
    } while (cursor);
  } catch (e) {
    // A service without the history route: 404 1402 (no route) or 405 1403.
    if (e instanceof CustodyApiError && (e.code === 1402 || e.code === 1403)) return null;
    throw e;
  }
  return entries;
}

/** Exit 0 when the transaction completes, 1 when it ends otherwise, 130 when interrupted. */
export async function txWatch(ctx: Ctx): Promise<number> {
  const id = ctx.positionals[0];
  if (!id) throw new UsageError('missing <transaction-id>');
  const every = intervalMs(ctx, 1);
  const { io } = ctx;
  const bar = progress(io);
  const started = Date.now();
  let withHistory = true;
  let printed = 0;
  let lastStatus = '';
  for (let tick = 0; ; tick++) {
    const tx: Transaction = await ctx.client.get('/v1/transactions/{id}', { params: { path: { id } } });
    if (withHistory) {
      const entries = await readHistory(ctx, id);
      if (entries === null) withHistory = false;
      else if (entries.length > printed) {
        bar.done();
        for (const e of entries.slice(printed))
          io.out(ctx.json ? `${JSON.stringify({ type: 'history', entry: e })}\n` : `${historyLine(e)}\n`);
        printed = entries.length;
      }
    }
    if (tx.status !== lastStatus) {
      if (ctx.json) io.out(`${JSON.stringify({ type: 'status', transaction: tx })}\n`);
      else if (!withHistory) {
        bar.done();
        io.out(
          `${clockTime(tx.updatedAt)}  ${lastStatus ? `${lastStatus} -> ` : ''}${tx.status}${tx.failureReason ? `  ${tx.failureReason}` : ''}\n`,
        );
      }
      lastStatus = tx.status;
    }
    const terminal = TERMINAL_STATUSES.includes(tx.status);
    if (!ctx.json) {
      const chain = tx.chainTxHash ? `  tx ${tx.chainTxHash.slice(0, 10)}…` : '';
      const confirmations =
        tx.confirmations !== null && tx.confirmations !== undefined ? `  ${tx.confirmations} confirmations` : '';
      const elapsed = `${Math.round((Date.now() - started) / 1000)} s`;
      const mark = terminal ? (tx.status === 'COMPLETED' ? '✔' : '✘') : SPINNER[tick % SPINNER.length];
      // Without a terminal: a line when the chain facts change, and the end; the status lines say the rest.
      const steady = terminal
        ? `${mark} ${tx.status}${confirmations}${chain}`
        : confirmations || chain
          ? `  ${tx.status}${confirmations}${chain}`
          : '';
      bar.update(steady, `${mark} ${tx.status}${confirmations}${chain}  ${elapsed}`);
    }
    if (terminal) {
      bar.done();
      return tx.status === 'COMPLETED' ? 0 : 1;
    }
    if (!(await pause(every, io.signal))) {
      bar.done();
      return 130;
    }
  }
}

const deliveryKey = (d: WebhookDelivery) => `${d.status}|${d.attempts}|${d.last_response_code}`;
function deliveryLine(d: WebhookDelivery): string {
  const code = d.last_response_code === null ? '' : `HTTP ${d.last_response_code}`;
  return [
    clockTime(d.updated_at),
    d.event_type.padEnd(27),
    d.status.padEnd(9),
    `attempts ${d.attempts}`,
    code,
    d.id,
    d.last_error ?? '',
    d.next_attempt_at ? `next ${clockTime(d.next_attempt_at)}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/** The newest `-n` deliveries, oldest first; with `--follow`, then every new delivery and every change of one. */
export async function webhooksTail(ctx: Ctx): Promise<number> {
  const id = ctx.positionals[0];
  if (!id) throw new UsageError('missing <webhook-id>');
  const n = Number((ctx.values.lines as string | undefined) ?? '20');
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new UsageError('-n must be an integer from 1 to 200');
  const every = intervalMs(ctx, 2);
  const seen = new Map<string, string>();
  const newest = async (count: number) => {
    const page = await ctx.client.get('/v1/webhooks/{id}/deliveries', {
      params: { path: { id }, query: { limit: count } },
    });
    return page.deliveries.reverse(); // oldest first
  };
  const print = (deliveries: WebhookDelivery[]) => {
    for (const d of deliveries) {
      if (seen.get(d.id) === deliveryKey(d)) continue;
      seen.set(d.id, deliveryKey(d));
      ctx.io.out(ctx.json ? `${JSON.stringify(d)}\n` : `${deliveryLine(d)}\n`);
    }
  };
  print(await newest(n));
  if (!ctx.values.follow) return 0;
  while (await pause(every, ctx.io.signal)) print(await newest(Math.max(n, 50)));
  return 0;
}
