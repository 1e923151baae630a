import type { Clock } from '../../ports/clock.js';
import { checkJob, type OneTimeJob, type SchedulerPort } from '../../ports/scheduler.js';

/**
 * The scheduler port in the local stack: jobs held in memory and run, in time order, once the clock reaches them.
 * `runDue()` runs what is due now (tests move a fake clock and call it, never sleeping); `start()` adds a timer
 * that wakes at the next job's time for the running stack. A job whose run fails stays pending and is tried again
 * at the next run, as EventBridge Scheduler retries its target.
 */
export class LocalScheduler implements SchedulerPort {
  private readonly jobs = new Map<string, OneTimeJob>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly inProgress = new Set<string>();
  private lastRunFailed = false;

  constructor(
    private readonly clock: Clock,
    /** What a due job does (the local stack sends the payload to the webhooks queue). */
    private readonly run: (job: OneTimeJob) => Promise<void>,
  ) {}

  async scheduleOnce(job: OneTimeJob): Promise<void> {
    checkJob(job);
    if (this.jobs.has(job.name)) return;
    this.jobs.set(job.name, { ...job, at: new Date(job.at.getTime()) });
    this.rearm();
  }

  async cancel(name: string): Promise<void> {
    this.jobs.delete(name);
    this.rearm();
  }

  /** Pending jobs, soonest first. */
  pending(): OneTimeJob[] {
    return [...this.jobs.values()].sort((a, b) => a.at.getTime() - b.at.getTime() || a.name.localeCompare(b.name));
  }

  /** Runs every job due at the clock's time, soonest first; returns how many ran. */
  async runDue(): Promise<number> {
    const now = this.clock.now().getTime();
    let ran = 0;
    let failed = false;
    for (const job of this.pending()) {
      if (job.at.getTime() > now) break;
      if (!this.jobs.has(job.name) || this.inProgress.has(job.name)) continue; // cancelled meanwhile, or running
      this.inProgress.add(job.name);
      try {
        await this.run(job);
        if (this.jobs.get(job.name) === job) this.jobs.delete(job.name);
        ran++;
      } catch {
        failed = true; // stays pending; tried again at the next run
      } finally {
        this.inProgress.delete(job.name);
      }
    }
    this.lastRunFailed = failed;
    this.rearm();
    return ran;
  }

  /** Fire due jobs on a real timer (the running local stack); tests with a fake clock call `runDue` instead. */
  start(): void {
    this.running = true;
    this.rearm();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private rearm(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    const next = this.pending()[0];
    if (!next) return;
    // At most a minute at a time, so a clock that jumps (or a long wait) is re-read regularly.
    const wait = Math.min(
      60_000,
      Math.max(this.lastRunFailed ? 1_000 : 0, next.at.getTime() - this.clock.now().getTime()),
    );
    this.timer = setTimeout(() => void this.runDue(), wait);
    this.timer.unref();
  }
}
