import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDv7 ids, so newest-first listings follow the sort key. */
export const newId = (): string => uuidv7();

/** The last id made by `newIdAt`: its millisecond and 31-bit counter, so ids of one millisecond stay in order. */
const last = { msecs: -1, seq: 0 };

/**
 * A UUIDv7 whose time is `at` (the clock's, not the machine's): the id of a record that lists by creation time, so
 * that its creation time range is a range of its id (`idTimeFence`). Ids made in the same millisecond follow each
 * other (a counter from a random start below 2^30, so it does not run out); the rest is random.
 */
export function newIdAt(at: Date): string {
  const msecs = Math.max(0, at.getTime());
  if (msecs === last.msecs) last.seq += 1;
  else Object.assign(last, { msecs, seq: Math.floor(Math.random() * 2 ** 30) });
  return uuidv7({ msecs, seq: last.seq });
}

/**
 * The string that sorts after every UUIDv7 of a time before `ms` and before every one of `ms` or later: the id's 48-bit
 * millisecond as it is written (`xxxxxxxx-xxxx`). No id equals it (ids are longer), so it bounds ranges inclusively
 * or exclusively alike.
 */
export function idTimeFence(ms: number): string {
  const hex = Math.min(Math.max(0, Math.floor(ms)), 2 ** 48 - 1)
    .toString(16)
    .padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}`;
}
