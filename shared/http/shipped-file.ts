import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file a function serves: copied beside its bundle when deployed (functions/index.ts), else read from the repository. */
export type ShippedFile = { source: string; deployedAs: string };

const here = () => path.dirname(fileURLToPath(import.meta.url));

/** The deployed copy beside the bundle, if there is one. */
export function besideBundle(name: string): string | undefined {
  const file = path.join(here(), name);
  return fs.existsSync(file) ? file : undefined;
}

/** The repository folder above this module that holds `source` (the local stack, the tests). */
export function repositoryRoot(source: string, missing: string): string {
  for (let dir = here(); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, source))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`${source} not found ${missing}`);
  }
}

/** Where to read `file`: beside the bundle when deployed, else its source in the repository. */
export const shippedFilePath = (file: ShippedFile, missing: string): string => besideBundle(file.deployedAs) ?? path.join(repositoryRoot(file.source, missing), file.source);
