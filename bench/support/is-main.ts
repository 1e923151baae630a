import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when the module at `moduleUrl` is the script Node (or tsx) was started with: a flow runnable alone. */
export const isMain = (moduleUrl: string): boolean =>
  !!process.argv[1] && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;

/**
 * Runs a flow started alone: prints its figures as JSON and exits (flows may leave handles open: servers, DynamoDB
 * Local children), or prints the error and exits with 1.
 */
export function runAlone(figures: () => Promise<unknown>): void {
  figures().then(
    (r) => {
      console.log(`\n${JSON.stringify(r, null, 2)}`);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
