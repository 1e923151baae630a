import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../ports/clock.js';
import type { OutgoingMessage } from '../../ports/queue.js';

/**
 * One queue with the SQS semantics the workers rely on, in memory, for the local stack: per-message delay (standard
 * queues only, as on SQS), visibility timeout, receive counts, a dead-letter queue after `maxReceives` receives, and
 * for FIFO queues message groups (order kept, nothing of a group received while one of its messages is in flight)
 * and the 5-minute deduplication window. Time comes from a Clock, so tests move it instead of sleeping.
 */
export type QueueSettings = {
  fifo: boolean;
  visibilityTimeoutSeconds: number;
  /** A message received this many times without being deleted goes to the dead-letter queue on its next receive. */
  maxReceives: number;
  deduplicationWindowSeconds?: number;
};

export type QueuedMessage = {
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber: string;
  /** Epoch milliseconds. */
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  receiptHandle?: string;
  lastError?: string;
};

export type ReceivedMessage = {
  messageId: string;
  receiptHandle: string;
  body: string;
  receiveCount: number;
  sequenceNumber: string;
  sentAt: number;
  firstReceivedAt: number;
  groupId?: string;
  deduplicationId?: string;
};

export type DeadLetter = QueuedMessage & { movedAt: number };

export type QueueSnapshot = {
  messages: QueuedMessage[];
  dead: DeadLetter[];
  dedup: [string, number][];
  sequence: number;
};

export type QueueDepth = { visible: number; inFlight: number; delayed: number; dead: number };

const MAX_BODY_BYTES = 256 * 1024;
const MAX_DELAY_SECONDS = 900;
const MAX_VISIBILITY_SECONDS = 12 * 3600;

export class InProcessQueue {
  private readonly messages = new Map<string, QueuedMessage>();
  private readonly dead: DeadLetter[] = [];
  /** Deduplication id -> end of its window (epoch ms). */
  private readonly dedup = new Map<string, number>();
  /** Current receipt handle -> message id (a handle is valid until the message is received again). */
  private readonly handles = new Map<string, string>();
  private sequence = 0;
  /** Called after every accepted send (the runner uses it to deliver without waiting for its next poll). */
  onSend?: () => void;
  /** Called when a message moves to the dead-letter queue. */
  onDeadLetter?: (message: DeadLetter) => void;

  constructor(
    readonly name: string,
    readonly settings: QueueSettings,
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return this.clock.now().getTime();
  }

  /** SQS FIFO sequence numbers: increasing, 20 digits. */
  private nextSequenceNumber(): string {
    return String(++this.sequence).padStart(20, '0');
  }

  /** Accepts messages; returns the ids, or `null` for a FIFO duplicate dropped inside the deduplication window. */
  send(messages: OutgoingMessage[]): (string | null)[] {
    const now = this.now();
    for (const [id, until] of this.dedup) if (until <= now) this.dedup.delete(id);
    for (const m of messages) {
      if (Buffer.byteLength(m.body, 'utf8') > MAX_BODY_BYTES)
        throw new Error(`message for queue ${this.name} exceeds 256 KiB`);
      if (this.settings.fifo && !m.groupId) throw new Error(`FIFO queue ${this.name} needs a groupId on every message`);
    }
    const ids = messages.map((m) => {
      let dedupId: string | undefined;
      if (this.settings.fifo) {
        // Without an explicit id, FIFO deduplication is content-based (SHA-256 of the body), as SQS does when enabled.
        dedupId = m.deduplicationId ?? createHash('sha256').update(m.body).digest('hex');
        if (this.dedup.has(dedupId)) return null;
        this.dedup.set(dedupId, now + (this.settings.deduplicationWindowSeconds ?? 300) * 1000);
      }
      // SQS FIFO queues take no per-message delay (the SQS adapter drops it); standard queues honour up to 15 minutes.
      const delay = this.settings.fifo ? 0 : Math.min(MAX_DELAY_SECONDS, Math.max(0, m.delaySeconds ?? 0));
      const msg: QueuedMessage = {
        messageId: randomUUID(),
        body: m.body,
        ...(this.settings.fifo ? { groupId: m.groupId, deduplicationId: dedupId } : {}),
        sequenceNumber: this.nextSequenceNumber(),
        sentAt: now,
        visibleAt: now + delay * 1000,
        receiveCount: 0,
      };
      this.messages.set(msg.messageId, msg);
      return msg.messageId;
    });
    if (ids.some((id) => id !== null)) this.onSend?.();
    return ids;
  }

  /**
   * Receives up to `max` visible messages and hides them for the visibility timeout. A FIFO queue receives as SQS FIFO
   * does: a group's messages in send order, as many of one group as fit before the next group's (so a batch may hold
   * several messages of a group, as Lambda's FIFO batches do), and none of a group while one of its messages is in
   * flight. A message already received `maxReceives` times moves to the dead-letter queue instead (the redrive policy
   * of SQS); the next message of its group takes its place.
   */
  receive(max = 10): ReceivedMessage[] {
    const now = this.now();
    const out: ReceivedMessage[] = [];
    for (const m of this.settings.fifo ? this.groupRuns(now) : this.visible(now)) {
      if (out.length >= max) break;
      if (m.receiveCount >= this.settings.maxReceives) {
        this.moveToDeadLetter(m, now);
        continue;
      }
      m.receiveCount += 1;
      m.firstReceivedAt ??= now;
      if (m.receiptHandle) this.handles.delete(m.receiptHandle);
      m.receiptHandle = randomUUID();
      this.handles.set(m.receiptHandle, m.messageId);
      m.visibleAt = now + this.settings.visibilityTimeoutSeconds * 1000;
      out.push({
        messageId: m.messageId,
        receiptHandle: m.receiptHandle,
        body: m.body,
        receiveCount: m.receiveCount,
        sequenceNumber: m.sequenceNumber,
        sentAt: m.sentAt,
        firstReceivedAt: m.firstReceivedAt,
        ...(m.groupId !== undefined ? { groupId: m.groupId } : {}),
        ...(m.deduplicationId !== undefined ? { deduplicationId: m.deduplicationId } : {}),
      });
    }
    return out;
  }

  /** The visible messages, oldest first (a standard queue). */
  private visible(now: number): QueuedMessage[] {
    return [...this.messages.values()].filter((m) => m.visibleAt <= now);
  }

  /**
   * A FIFO queue's receivable messages: group by group (in the order of their oldest message), each group's visible
   * messages from its oldest on, stopping at one in flight. A group whose oldest message is in flight gives none.
   */
  private groupRuns(now: number): QueuedMessage[] {
    const runs = new Map<string, QueuedMessage[]>();
    const waiting = new Set<string>();
    for (const m of this.messages.values()) {
      const group = m.groupId!;
      if (waiting.has(group)) continue;
      if (m.visibleAt > now) {
        waiting.add(group); // in flight: the rest of its group waits
        continue;
      }
      runs.set(group, [...(runs.get(group) ?? []), m]);
    }
    return [...runs.values()].flat();
  }

  private findByHandle(receiptHandle: string): QueuedMessage | undefined {
    const id = this.handles.get(receiptHandle);
    return id === undefined ? undefined : this.messages.get(id);
  }

  /** Deletes a received message. A handle from an earlier receive (the message was received again since) is refused. */
  delete(receiptHandle: string): boolean {
    const m = this.findByHandle(receiptHandle);
    if (!m) return false;
    this.messages.delete(m.messageId);
    this.handles.delete(receiptHandle);
    return true;
  }

  /** ChangeMessageVisibility: the message becomes visible `seconds` from now (0 = at once). */
  changeVisibility(receiptHandle: string, seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_VISIBILITY_SECONDS)
      throw new Error(`visibility timeout must be 0..${MAX_VISIBILITY_SECONDS} s`);
    const m = this.findByHandle(receiptHandle);
    if (!m || m.visibleAt <= this.now())
      throw new Error(`message of receipt handle ${receiptHandle} is not in flight on queue ${this.name}`);
    m.visibleAt = this.now() + seconds * 1000;
  }

  /** Remembers why a delivery failed (shown with the message if it dead-letters). */
  noteFailure(receiptHandle: string, reason: string): void {
    const m = this.findByHandle(receiptHandle);
    if (m) m.lastError = reason.slice(0, 500);
  }

  private moveToDeadLetter(m: QueuedMessage, now: number): void {
    this.messages.delete(m.messageId);
    if (m.receiptHandle) this.handles.delete(m.receiptHandle);
    const { receiptHandle: _handle, ...rest } = m;
    const dl: DeadLetter = { ...rest, movedAt: now };
    this.dead.push(dl);
    this.onDeadLetter?.(dl);
  }

  /** The dead-letter queue, oldest first. */
  deadLetters(): readonly DeadLetter[] {
    return [...this.dead];
  }

  /** Moves dead letters back to the queue with a fresh receive count (the console's "redrive"). */
  redrive(): number {
    const now = this.now();
    const moved = this.dead.splice(0, this.dead.length);
    for (const d of moved) {
      const { movedAt: _moved, lastError: _err, ...m } = d;
      this.messages.set(m.messageId, {
        ...m,
        receiveCount: 0,
        visibleAt: now,
        sequenceNumber: this.nextSequenceNumber(),
      });
    }
    if (moved.length) this.onSend?.();
    return moved.length;
  }

  /** The messages waiting or in flight, in order, without receiving them. */
  peek(): readonly QueuedMessage[] {
    return [...this.messages.values()].map((m) => ({ ...m }));
  }

  depth(): QueueDepth {
    const now = this.now();
    const d = { visible: 0, inFlight: 0, delayed: 0, dead: this.dead.length };
    for (const m of this.messages.values()) {
      if (m.visibleAt <= now) d.visible += 1;
      else if (m.receiptHandle) d.inFlight += 1;
      else d.delayed += 1;
    }
    return d;
  }

  snapshot(): QueueSnapshot {
    return {
      messages: this.peek() as QueuedMessage[],
      dead: this.deadLetters() as DeadLetter[],
      dedup: [...this.dedup],
      sequence: this.sequence,
    };
  }

  /** Restores a snapshot taken by an earlier run: messages that were in flight are visible again (their consumer is gone). */
  restore(s: QueueSnapshot): void {
    const now = this.now();
    for (const m of s.messages) {
      const { receiptHandle: _handle, ...rest } = m;
      this.messages.set(m.messageId, m.receiptHandle ? { ...rest, visibleAt: Math.min(m.visibleAt, now) } : rest);
    }
    this.dead.push(...s.dead);
    for (const [id, until] of s.dedup) this.dedup.set(id, until);
    this.sequence = Math.max(this.sequence, s.sequence);
  }
}
