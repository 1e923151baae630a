import fs from 'node:fs';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin: an AWS SDK client's `package.json`, which its runtime config imports whole for one field (the
 * version in the user agent: `packageInfo.version`), is bundled as `{ name, version }` only. The rest (description,
 * scripts, dependency lists, ...) is about 2.3 KiB per client of every bundle that nothing reads: esbuild cannot drop
 * the unused fields of a JSON file imported as a default. test/unit/function-bundle.test.ts checks that the SDK reads
 * no other field.
 */
export const SDK_PACKAGE_JSON = /[\\/]node_modules[\\/]@aws-sdk[\\/][^\\/]+[\\/]package\.json$/;

export function sdkPackageJson(): Plugin {
  return {
    name: 'sdk-package-json',
    setup(build) {
      build.onLoad({ filter: SDK_PACKAGE_JSON }, async (args) => {
        const { name, version } = JSON.parse(await fs.promises.readFile(args.path, 'utf8')) as {
          name: string;
          version: string;
        };
        return { contents: JSON.stringify({ name, version }), loader: 'json' };
      });
    },
  };
}
