/**
 * One-time jobs at a given time, for waits longer than a queue can hold a message (SQS delays stop at 900 s; the
 * webhook schedule's 1 h and 6 h steps). On AWS: EventBridge Scheduler one-time schedules that put the payload on
 * the webhooks queue and delete themselves; locally: timers driven by the local stack's clock.
 *
 * Names are unique per job (`[0-9A-Za-z._-]`, 1..64 characters): scheduling a name that is already pending is a
 * no-op (so a retried handler does not schedule twice), and `cancel` of an unknown name is a no-op.
 */
export type OneTimeJob = {
  name: string;
  at: Date;
  /** Delivered as the message body (on AWS, the webhooks queue message), at most 8 KiB. */
  payload: string;
};

export interface SchedulerPort {
  scheduleOnce(job: OneTimeJob): Promise<void>;
  cancel(name: string): Promise<void>;
}

export const SCHEDULE_NAME_RE = /^[0-9A-Za-z._-]{1,64}$/;
export const MAX_SCHEDULE_PAYLOAD_BYTES = 8 * 1024;

/** Throws on a job no adapter could take (one check for every adapter). */
export function checkJob(job: OneTimeJob): void {
  if (!SCHEDULE_NAME_RE.test(job.name)) throw new Error(`invalid schedule name ${JSON.stringify(job.name)}`);
  if (Number.isNaN(job.at.getTime())) throw new Error('invalid schedule time');
  if (Buffer.byteLength(job.payload, 'utf8') > MAX_SCHEDULE_PAYLOAD_BYTES)
    throw new Error('schedule payload is larger than 8 KiB');
}
