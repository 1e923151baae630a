import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The command line of a generated document: writes `render()` to `file`, or with `--check` only compares (exit 1
 * when the file is stale, naming the npm script that regenerates it).
 */
export function writeOrCheck(argv: string[], file: string, render: () => string, npmScript: string): void {
  const rendered = render();
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== rendered) {
      console.error(`${file} is stale: run npm run ${npmScript}`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(file, rendered);
  console.log(`wrote ${file}`);
}
