import { ValidationError } from '../../errors/domain-errors.js';

/**
 * Which event types an endpoint receives (docs/webhooks.md, "Subscriptions"): exact types (`transaction.completed`), a family
 * wildcard (`transaction.*`: every type whose name starts with `transaction.`), `*` (everything), and an empty or
 * omitted list (everything). The known types come from the event catalog, passed in, so there is one list of them.
 */
export const ALL_EVENTS = '*';

/** Whether an endpoint subscribed to `events` receives an event of `type`. */
export function subscribes(events: readonly string[] | undefined | null, type: string): boolean {
  if (!events || events.length === 0) return true;
  return events.some((e) => e === ALL_EVENTS || e === type || (e.endsWith('.*') && type.startsWith(e.slice(0, -1))));
}

/**
 * Checks and normalises a subscription at creation: every entry is a known type, `*`, or `<family>.*` naming a
 * family with at least one known type; anything else is 400 1100 naming it. Duplicates are dropped, order kept.
 */
export function normaliseSubscription(
  events: readonly string[] | undefined | null,
  knownTypes: readonly string[],
): string[] {
  const out: string[] = [];
  for (const e of events ?? []) {
    const known =
      e === ALL_EVENTS ||
      knownTypes.includes(e) ||
      (e.endsWith('.*') && e.length > 2 && knownTypes.some((t) => t.startsWith(e.slice(0, -1))));
    if (!known) throw new ValidationError(`unknown event type ${JSON.stringify(e)}`, { field: 'events', event: e });
    if (!out.includes(e)) out.push(e);
  }
  return out;
}
