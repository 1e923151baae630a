import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, type BundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { execFileSync } from 'node:child_process';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { CONSOLE_SCRIPT } from '../shared/http/console-page.js';
import { sdkBarrelImports } from './bundling/sdk-barrel-imports.js';
import { sdkPackageJson } from './bundling/sdk-package-json.js';
import type { RuntimeFile } from '../functions/index.js';

/**
 * How a function is bundled: esbuild with code splitting, one options object (functionBuildOptions) used by the
 * construct (lib/service-function.ts, through functionCode), by `scripts/bundle-sizes.ts` and by the Docker fallback
 * (`scripts/bundle-function.ts`), so what the script measures is what gets deployed. docs/deploy.md explains it.
 */

/** The repository root: function entries in the registries are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The file Lambda loads, `index.mjs` (handler `index.handler`); the lazy chunks sit under `chunks/` beside it. */
export const ENTRY_NAME = 'index';
export const HANDLER = `${ENTRY_NAME}.handler`;
export const ENTRY_FILE = `${ENTRY_NAME}.mjs`;

/**
 * The bundling settings. The AWS SDK v3 is bundled (no external modules): the version we test is the version that
 * runs, and tree-shaking keeps only the clients a function imports.
 */
export const BUNDLE_OPTIONS = {
  target: 'node24',
  format: 'esm',
  minify: true,
  /**
   * Off: keeping every function's and class's name costs about 31 KiB of every bundle. Names that are read at run
   * time are explicit instead: each ApiError subclass sets `override name = 'X'` (test/unit/error-names.test.ts).
   */
  keepNames: false,
  sourceMap: true,
  /** Stack traces need the mappings, not a copy of every source file. */
  sourcesContent: false,
  mainFields: ['module', 'main'],
  /** Some CommonJS dependencies call `require`; an ESM module has none unless we make one (each chunk gets it). */
  banner:
    "import { createRequire as __custodyCreateRequire } from 'node:module'; const require = __custodyCreateRequire(import.meta.url);",
  externalModules: [] as string[],
  /**
   * Import paths replaced in every bundle (resolved from the repository root). `@aws-sdk/credential-provider-node`,
   * the default credential chain every SDK client's Node runtime config imports, becomes one that reads the
   * environment only: in Lambda the execution role's credentials are always there, and the rest of the chain (SSO,
   * ini files, process, web identity, container and instance metadata, with their nested STS/SSO clients) is about
   * 140 KiB of every bundle that never runs. So a bundle runs in Lambda (or with credentials in the environment)
   * only; the local stack and the tests import the SDK unbundled, with its full chain (docs/deploy.md).
   */
  alias: { '@aws-sdk/credential-provider-node': './shared/adapters/aws/lambda-credentials.ts' } as Record<
    string,
    string
  >,
} as const;

/**
 * BUNDLE_OPTIONS as esbuild's own build options, for the scripts and tests that run esbuild themselves on other
 * entries (the error-names test); functionBuildOptions adds what makes a function's bundle.
 */
export const esbuildBuildOptions = () => ({
  absWorkingDir: REPO_ROOT,
  bundle: true,
  platform: 'node' as const,
  target: BUNDLE_OPTIONS.target,
  format: BUNDLE_OPTIONS.format,
  minify: BUNDLE_OPTIONS.minify,
  keepNames: BUNDLE_OPTIONS.keepNames,
  sourcemap: BUNDLE_OPTIONS.sourceMap,
  sourcesContent: BUNDLE_OPTIONS.sourcesContent,
  mainFields: [...BUNDLE_OPTIONS.mainFields],
  banner: { js: BUNDLE_OPTIONS.banner },
  external: [...BUNDLE_OPTIONS.externalModules],
  alias: BUNDLE_OPTIONS.alias,
  logLevel: 'error' as const,
});

/**
 * Dynamic imports of our dependencies that are replaced by a module of ours (path relative to the repository root).
 * With code splitting every `import()` target is an entry whose exports are all kept, even when the code holding
 * the `import()` is never called; and what a lazy entry keeps lands in the chunks of every entry that reaches the
 * same files statically. viem's `call` action imports its CCIP-read module that way: kept, it put `call` and about
 * 80 KiB of viem's client code into the cold start of every function that encodes ABI data.
 */
const REPLACED_DYNAMIC_IMPORTS = [
  {
    importer: /node_modules\/viem\/_esm\/actions\/public\/call\.js$/,
    path: '../../utils/ccip.js',
    by: 'lib/bundling/viem-ccip-unused.ts',
  },
];

/**
 * Static imports of our dependencies replaced the same way. @middy/core imports Node's web streams for one
 * `instanceof ReadableStream` on a streamed response (which no function here makes): loading them is about 1.3 ms of
 * every API function's cold import; the stand-in answers the same check through the global, loaded when read. And
 * `node:http`, `node:dns` and `node:zlib` everywhere, reached through `require` (no ES facade): see
 * lib/bundling/node-http.ts, node-dns.ts, node-zlib.ts. What each plugin and stand-in saves: lib/bundling/README.md.
 */
const REPLACED_STATIC_IMPORTS = [
  {
    importer: /node_modules\/@middy\/core\/index\.js$/,
    path: 'node:stream/web',
    by: 'lib/bundling/middy-web-streams.ts',
  },
  // Every importer's `node:http`: an ES import of it loads undici on Node 24 (lib/bundling/node-http.ts).
  { importer: /./, path: 'node:http', by: 'lib/bundling/node-http.ts' },
  { importer: /./, path: 'http', by: 'lib/bundling/node-http.ts' },
  { importer: /./, path: 'node:dns', by: 'lib/bundling/node-dns.ts' },
  { importer: /./, path: 'dns', by: 'lib/bundling/node-dns.ts' },
  { importer: /./, path: 'node:zlib', by: 'lib/bundling/node-zlib.ts' },
  { importer: /./, path: 'zlib', by: 'lib/bundling/node-zlib.ts' },
];

const replaceDynamicImports: Plugin = {
  name: 'replace-dynamic-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      const list =
        args.kind === 'dynamic-import'
          ? REPLACED_DYNAMIC_IMPORTS
          : args.kind === 'import-statement'
            ? REPLACED_STATIC_IMPORTS
            : [];
      const hit = list.find((r) => r.path === args.path && r.importer.test(args.importer));
      return hit ? { path: path.resolve(REPO_ROOT, hit.by) } : undefined;
    });
  },
};

/**
 * One function's build: `outdir/index.mjs` (the entry, what Lambda loads) and, with code splitting, `outdir/chunks/`:
 * the code the entry shares with its dynamic imports (chunks the entry imports statically, loaded at the cold start)
 * and each dynamic `import()` target with what only it reaches (loaded when that import first runs). ESM chunks need
 * no lazy initialisers: a module reached both statically and dynamically sits in a chunk the entry imports,
 * evaluated once, instead of being wrapped (what made a lazy SDK client cost more in one file). esbuild's plugins
 * need its asynchronous API: CDK's synchronous local bundling runs scripts/bundle-function.ts in a child process.
 */
export const functionBuildOptions = (entry: string, outdir: string) =>
  ({
    ...esbuildBuildOptions(),
    entryPoints: { [ENTRY_NAME]: entry },
    outdir,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    plugins: [replaceDynamicImports, sdkBarrelImports(), sdkPackageJson()],
  }) satisfies BuildOptions;

/**
 * A file the function reads at run time: copied from the repository, or with `browserBundle`, the browser script
 * `from` is bundled into (by the repository's esbuild, with the console's options: shared/http/console-page.ts).
 */
export type { RuntimeFile };

type Esbuild = typeof import('esbuild');

/** Builds the function into `outdir` and places its files beside it. */
export async function bundleFunction(
  esbuild: Esbuild,
  entry: string,
  outdir: string,
  files: readonly RuntimeFile[] = [],
): Promise<Metafile> {
  const result = await esbuild.build(functionBuildOptions(entry, outdir));
  for (const f of files) {
    const to = path.join(outdir, f.to);
    if (f.browserBundle)
      await esbuild.build({
        ...CONSOLE_SCRIPT.options,
        absWorkingDir: REPO_ROOT,
        entryPoints: [f.from],
        outfile: to,
        logLevel: 'warning',
      });
    else fs.copyFileSync(path.resolve(REPO_ROOT, f.from), to);
  }
  return result.metafile;
}

/** The command that runs bundleFunction (scripts/bundle-function.ts), from the repository root. */
const bundleCommand = (entry: string, outdir: string, files: readonly RuntimeFile[]) => [
  'node_modules/.bin/tsx',
  'scripts/bundle-function.ts',
  entry,
  outdir,
  JSON.stringify(files),
];

/** Whether the repository's esbuild runs here (installed, and this platform's binary). */
function esbuildRuns(): boolean {
  try {
    (createRequire(import.meta.url)('esbuild') as Esbuild).transformSync('');
    return fs.existsSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'));
  } catch {
    return false;
  }
}

/**
 * CDK's local bundling step: the repository's esbuild, in a child process (CDK's bundling is synchronous, esbuild's
 * plugins are not). When esbuild cannot run here, CDK falls back to the Docker command of functionCode: the same
 * script in the Lambda build image.
 */
class LocalFunctionBundling implements ILocalBundling {
  constructor(
    private readonly entry: string,
    private readonly files: readonly RuntimeFile[],
  ) {}

  tryBundle(outputDir: string): boolean {
    if (!esbuildRuns()) return false;
    const [command, ...args] = bundleCommand(this.entry, outputDir, this.files);
    execFileSync(command!, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    return true;
  }
}

/**
 * The function's code asset: the repository bundled by functionBuildOptions (locally, else in Docker), hashed by its
 * output (so an unchanged bundle is not uploaded again). The handler is HANDLER.
 */
export function functionCode(entry: string, files: readonly RuntimeFile[], runtime: lambda.Runtime): lambda.Code {
  const relative = path.relative(REPO_ROOT, path.resolve(REPO_ROOT, entry)).split(path.sep).join('/');
  const bundling: BundlingOptions = {
    image: runtime.bundlingImage,
    // The repository is mounted at /asset-input (node_modules included): the same build as local bundling.
    command: ['bash', '-c', dockerCommand(relative, files)],
    local: new LocalFunctionBundling(relative, files),
  };
  return lambda.Code.fromAsset(REPO_ROOT, { assetHashType: AssetHashType.OUTPUT, bundling });
}

function dockerCommand(entry: string, files: readonly RuntimeFile[]): string {
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  return `cd /asset-input && ${bundleCommand(entry, '/asset-output', files).map(quote).join(' ')}`;
}
