import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file a function serves: copied beside its bundle when deployed (functions/index.ts), else read from the repository. */
export type ShippedFile = { source: string; deployedAs: string };

const here = () => path.dirname(fileURLToPath(import.meta.url));

/**
 * The deployed copy beside the bundle, if there is one: beside `index.mjs`, which is this module's folder, or its
 * parent when this module sits in one of the bundle's chunks (`chunks/`, lib/function-bundle.ts).
 */
export function besideBundle(name: string): string | undefined {
  const dir = here();
  const bundleDir = path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
  const file = path.join(bundleDir, name);
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
export const shippedFilePath = (file: ShippedFile, missing: string): string =>
  besideBundle(file.deployedAs) ?? path.join(repositoryRoot(file.source, missing), file.source);
