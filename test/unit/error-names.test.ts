import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS, esbuildBuildOptions, REPO_ROOT } from '../../lib/function-bundle.js';

/*
 * Bundles are minified without keepNames (BUNDLE_OPTIONS), so a class's own name is a letter at run time. The names
 * the logs show come from `name`, which every ApiError subclass sets itself. This bundles the modules that declare
 * them with the production options and checks each exported error class's instance names itself, as unbundled.
 */
const MODULES = [
  'shared/errors/catalog.ts',
  'shared/errors/domain-errors.ts',
  'shared/ports/chain.ts',
  'shared/ports/signer.ts',
  'shared/domain/wallets/ownership-proof.ts',
  'shared/domain/vaults/vaults.ts',
  'shared/domain/vaults/vault-record.ts',
  'shared/domain/sso/refusals.ts',
  'shared/store/decode.ts',
];

type ErrorClass = new (...args: unknown[]) => Error;
/** Arguments every constructor of these modules accepts: a catalog type or message first, a string, a list (the methods a path allows). */
const ARGS = ['VALIDATION', 'reason', [], 'message'];

async function exportedErrors(load: (file: string) => Promise<Record<string, unknown>>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const file of MODULES) {
    for (const [exported, value] of Object.entries(await load(file))) {
      if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue;
      names.set(exported, new (value as ErrorClass)(...ARGS).name);
    }
  }
  return names;
}

describe('error names in a production bundle', () => {
  it('are the class names, as unbundled, for every ApiError class', async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'error-names-'));
    await build({
      ...esbuildBuildOptions(),
      sourcemap: false,
      entryPoints: MODULES,
      outdir,
      outbase: REPO_ROOT,
      outExtension: { '.js': '.mjs' },
    });
    const bundled = await exportedErrors(
      (file) => import(pathToFileURL(path.join(outdir, file.replace(/\.ts$/, '.mjs'))).href),
    );
    const source = await exportedErrors((file) => import(pathToFileURL(path.join(REPO_ROOT, file)).href));

    expect(BUNDLE_OPTIONS.keepNames).toBe(false);
    expect(bundled.size).toBeGreaterThanOrEqual(28);
    for (const [exported, name] of bundled) {
      expect({ exported, name }).toEqual({ exported, name: exported });
      expect(source.get(exported)).toBe(name);
    }
  });
});
