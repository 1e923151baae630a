/**
 * What the CLI prints: aligned tables and `key: value` blocks for people, JSON for scripts (`--json`), and one
 * progress line that rewrites itself on a terminal.
 */
export type Io = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The environment (HOME, XDG_CONFIG_HOME, CUSTODY_KEY_FILE). */
  env: Record<string, string | undefined>;
  /** Standard output is a terminal: progress rewrites one line instead of printing one per change. */
  tty: boolean;
  /** Aborted on Ctrl-C: following commands (`tx watch`, `webhooks tail --follow`) stop cleanly. */
  signal?: AbortSignal;
};

export type Row = Record<string, unknown>;

const cell = (v: unknown): string =>
  v === null || v === undefined
    ? '-'
    : Array.isArray(v)
      ? v.join(',')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** Columns in the order given, each as wide as its widest cell; headings upper-case. */
export function table(rows: readonly Row[], columns: readonly string[]): string {
  if (rows.length === 0) return '(none)\n';
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]!))).join('  ');
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n') + '\n';
}

/** `key: value` lines, keys aligned. */
export function fields(obj: Row, keys: readonly string[] = Object.keys(obj)): string {
  const shown = keys.filter((k) => obj[k] !== undefined);
  const width = Math.max(0, ...shown.map((k) => k.length));
  return shown.map((k) => `${`${k}:`.padEnd(width + 1)} ${cell(obj[k])}`).join('\n') + '\n';
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A progress line: on a terminal `live` (with a spinner and the time waited) rewritten in place; otherwise `steady`
 * printed as a line of its own each time it changes (unless empty), so a log gets one line per change.
 */
export function progress(io: Io) {
  let shown = '';
  let steadyShown = '';
  return {
    update(steady: string, live: string = steady) {
      if (io.tty) {
        if (live !== shown) io.out(`\r\x1b[K${live}`);
        shown = live;
      } else if (steady !== '' && steady !== steadyShown) {
        io.out(`${steady}\n`);
      }
      steadyShown = steady;
    },
    /** Ends the progress line so that other lines can follow. */
    done() {
      if (io.tty && shown) io.out('\n');
      shown = '';
    },
  };
}
