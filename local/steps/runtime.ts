import { logger } from '../../shared/logger.js';

/**
 * What the start steps share while the stack runs: whether it is stopping, the timers of the background loops, the
 * handler calls in flight (a stop lets them finish), and what to undo on stop, in reverse order of starting, so that
 * a start that fails half-way stops what it already started.
 */
export class Runtime {
  stopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly undo: { what: string; fn: () => Promise<void> | void }[] = [];
  private lastError = '';

  constructor(readonly log: (line: string) => void) {}

  /** Registers what stops a part once it has started (run last-started first). */
  onStop(what: string, fn: () => Promise<void> | void): void {
    this.undo.unshift({ what, fn });
  }

  /** Runs the stop actions; each one's failure is logged and does not keep the others from running. */
  async runStops(): Promise<void> {
    for (const { what, fn } of this.undo.splice(0)) {
      try {
        await fn();
      } catch (e) {
        this.log(`error: stopping ${what}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  timer(t: NodeJS.Timeout): NodeJS.Timeout {
    this.timers.add(t.unref());
    return t;
  }

  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Waits for the handler calls in flight, at most `ms`. */
  settle(ms: number): Promise<void> {
    return bounded(Promise.allSettled([...this.inFlight]), ms);
  }

  /** A background loop failed: logged once per distinct message, so a down dependency does not flood the terminal. */
  loopError(where: string, e: unknown): void {
    const msg = `${where}: ${e instanceof Error ? e.message : String(e)}`;
    if (msg === this.lastError) return;
    this.lastError = msg;
    logger.error('local stack background error', { where, error: e as Error });
    this.log(`error: ${msg}`);
  }
}

/** Resolves when `p` settles or after `ms`, whichever comes first. */
export async function bounded(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}
