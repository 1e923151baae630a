import {
  closeSync,
  existsSync,
  fdatasyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import * as z from '../../shared/schemas/zod.js';

/**
 * The dev chain's journal: what changed the chain, one JSON record a line, in `<dataDir>/journal.jsonl`. A restart
 * replays it (chain-state.ts) to the same blocks, hashes, balances, nonces and pool. Each record is one write(2), so a
 * killed process loses nothing it answered; blocks (and the control actions) are also flushed to the disk (fdatasync),
 * so a machine that stops loses at most the transactions sent since the last block. A line without its newline is a
 * write cut short: it is cut off at open.
 *
 *   genesis  the chain's settings, prefunded accounts, genesis timestamp and hash (the first record)
 *   tx       a signed transaction the pool took (a replacement replaces, as when it was sent)
 *   block    a sealed block: number, timestamp, hash, its transactions in order
 *   balance  a balance set with anvil_setBalance
 *   reorg    a reorg: depth, reinclusion, the new blocks' timestamps and the new head's hash
 *   drop     the pool was dropped (dev_dropPending)
 */
export const JOURNAL_FILE = 'journal.jsonl';

const HEX = /^0x[0-9a-f]*$/;
const DECIMAL = /^(?:0|[1-9]\d*)$/;
const hexString = () => z.string().check(z.regex(HEX));
const wei = () => z.string().check(z.regex(DECIMAL));
const whole = () => z.int().check(z.nonnegative());

const Record = z.lazySchema(() =>
  z.discriminatedUnion('op', [
    z.object({
      op: z.literal('genesis'),
      chainId: whole(),
      algorithm: z.string(),
      context: z.string(),
      baseFeePerGas: wei(),
      accounts: z.record(z.string(), z.object({ balance: wei(), nonce: whole() })),
      timestamp: whole(),
      hash: hexString(),
    }),
    z.object({ op: z.literal('tx'), raw: hexString() }),
    z.object({
      op: z.literal('block'),
      number: whole(),
      timestamp: whole(),
      hash: hexString(),
      txs: z.array(hexString()),
    }),
    z.object({ op: z.literal('balance'), address: hexString(), balance: wei() }),
    z.object({
      op: z.literal('reorg'),
      depth: whole(),
      reinclude: z.boolean(),
      timestamps: z.array(whole()),
      head: hexString(),
    }),
    z.object({ op: z.literal('drop') }),
  ]),
);

export type JournalRecord = z.infer<ReturnType<typeof Record>>;

export class Journal {
  private fd: number | null;
  /** Why the journal takes no more records (a failed write, or closed): the chain must not run ahead of it. */
  private broken: Error | null = null;

  private constructor(
    readonly file: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Opens (or creates) the journal in `dir`; answers it and the records it holds, in order. Throws on a bad record. */
  static open(dir: string): { journal: Journal; records: JournalRecord[] } {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, JOURNAL_FILE);
    const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    const whole = bytes.lastIndexOf(0x0a) + 1; // a record is written once its newline is
    const lines = bytes.subarray(0, whole).toString('utf8').split('\n').slice(0, -1);
    const records = lines.map((line, i) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const r = Record().safeParse(parsed);
      if (!r.success)
        throw new Error(
          `${file}: line ${i + 1} is not a dev chain journal record: move the file away to start a new chain`,
        );
      return r.data;
    });
    const fd = openSync(file, 'a', 0o600);
    if (whole < bytes.length) ftruncateSync(fd, whole); // the end of a write the process was killed in
    return { journal: new Journal(file, fd), records };
  }

  /** Throws when the journal takes no more records (a write failed, or it is closed). */
  assertWritable(): void {
    if (this.broken) throw this.broken;
  }

  /** Appends one record; `durable`: also flushed to the disk before answering. */
  append(record: JournalRecord, durable: boolean): void {
    this.assertWritable();
    try {
      const line = Buffer.from(`${JSON.stringify(record)}\n`);
      for (let at = 0; at < line.length;) at += writeSync(this.fd!, line, at);
      if (durable) fdatasyncSync(this.fd!);
    } catch (e) {
      this.broken = new Error(
        `the dev chain journal ${this.file} could not be written (${(e as Error).message}): the chain takes no more changes`,
      );
      throw this.broken;
    }
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    this.broken ??= new Error(`the dev chain journal ${this.file} is closed`);
  }
}
