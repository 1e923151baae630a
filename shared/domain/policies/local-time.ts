import { BoundedMap } from '../bounded-map.js';
import { DAYS, type Day } from './rules.js';

/**
 * Wall-clock time in an IANA time zone, through the runtime's Intl data (no hand-written offset tables), so
 * TIME_WINDOW and DAILY_LIMIT follow daylight-saving changes exactly as the zone's inhabitants see them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The canonical name of a time zone the runtime knows (`america/new_york` -> `America/New_York`), else undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!name || name.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type LocalClock = {
  /** Local calendar date, `YYYY-MM-DD`. */
  date: string;
  day: Day;
  /** Minutes since local midnight (0..1439). */
  minutes: number;
  /** The local wall time read as if it were UTC, in ms (to derive the zone's offset). */
  wallMs: number;
};

const WEEKDAY: Record<string, Day> = {
  Mon: 'MON',
  Tue: 'TUE',
  Wed: 'WED',
  Thu: 'THU',
  Fri: 'FRI',
  Sat: 'SAT',
  Sun: 'SUN',
};

export function localClock(instant: Date, timeZone: string): LocalClock {
  const t = instant.getTime();
  const second = Math.floor(t / 1000);
  // Within one UTC second the local date, day and minute are the same and the offset too (zones' offsets are whole
  // seconds): a busy container evaluates many policies per second, each read formatted once.
  const last = lastSecond.get(timeZone);
  if (last?.second === second)
    return { date: last.date, day: last.day, minutes: last.minutes, wallMs: t + last.offset };
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const [y, mo, d, h, mi, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(
    Number,
  ) as [number, number, number, number, number, number];
  const day = WEEKDAY[parts.weekday!];
  if (!day) throw new Error(`unexpected weekday ${parts.weekday}`);
  const wallMs = Date.UTC(y, mo - 1, d, h, mi, s) + (((t % 1000) + 1000) % 1000);
  const clock = {
    date: `${String(y).padStart(4, '0')}-${parts.month}-${parts.day}`,
    day,
    minutes: h * 60 + mi,
    wallMs,
  };
  lastSecond.set(timeZone, { second, date: clock.date, day, minutes: clock.minutes, offset: wallMs - t });
  return clock;
}

/** The last second read per zone (one entry per zone, like the formatters). */
const lastSecond = new Map<string, { second: number; date: string; day: Day; minutes: number; offset: number }>();

/** The week day before `day`. */
export const previousDay = (day: Day): Day => DAYS[(DAYS.indexOf(day) + 6) % 7]!;

const HOUR = 3_600_000;

/**
 * The first instant after `instant` whose local date differs from `instant`'s: the end of its local calendar day.
 * Usually local midnight; where a zone skips midnight (a daylight-saving jump at 00:00) it is the end of the gap.
 */
export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const today = localClock(instant, timeZone);
  // A day ends at one instant: found once per zone and date (every DAILY_LIMIT evaluation asks, several times).
  const key = `${timeZone}\u0000${today.date}`;
  const known = dayEnds.get(key);
  if (known) return new Date(known);
  const end = findEndOfDay(instant, timeZone, today);
  dayEnds.set(key, end.getTime());
  return end;
}

const dayEnds = new BoundedMap<string, number>(1_000);

function findEndOfDay(instant: Date, timeZone: string, today: LocalClock): Date {
  const [y, m, d] = today.date.split('-').map(Number) as [number, number, number];
  const nextMidnightWall = Date.UTC(y, m - 1, d + 1);
  // Fast path: the wall time of the next midnight minus the zone offset (taken twice, in case it changes tonight).
  let guess = nextMidnightWall - (today.wallMs - instant.getTime());
  guess = nextMidnightWall - (localClock(new Date(guess), timeZone).wallMs - guess);
  const isBoundary = (t: number) =>
    t > instant.getTime() &&
    localClock(new Date(t), timeZone).date !== today.date &&
    localClock(new Date(t - 1), timeZone).date === today.date;
  if (isBoundary(guess)) return new Date(guess);
  // Slow path (a zone that skips midnight): binary search for the first instant of another date.
  let lo = instant.getTime();
  let hi = lo + 50 * HOUR;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localClock(new Date(mid), timeZone).date === today.date) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}
