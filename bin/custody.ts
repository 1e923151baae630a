#!/usr/bin/env tsx
import { runCli } from '../clients/cli/main.js';

/** `npx custody ...`: the command line (docs/cli.md). Ctrl-C ends a following command cleanly. */
const abort = new AbortController();
process.once('SIGINT', () => abort.abort());
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  tty: Boolean(process.stdout.isTTY),
  signal: abort.signal,
});
