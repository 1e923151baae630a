import fs from 'node:fs';
import path from 'node:path';
import { besideBundle, repositoryRoot, shippedFilePath } from './shipped-file.js';

/**
 * The approver console at `/console` (docs/console.md): one HTML page, one script and one style sheet, all served by
 * the service from the project's own code (console/), so nothing comes from another origin. The page holds no inline
 * script or style; the Content-Security-Policy allows scripts, styles and API calls from this origin only.
 *
 * The script is console/main.ts bundled by esbuild (BROWSER_BUNDLE): when the service is deployed, at bundling time
 * by the meta function's bundling step (lib/function-bundle.ts), which writes it beside the Lambda bundle; when run
 * from the repository (`npm start`, tests), at the first request, with the esbuild of the devDependencies, kept in
 * memory. The style sheet is console/console.css, copied beside the bundle or read from the repository.
 */

/** The browser bundle: entry in the repository, the name it has beside the meta function's bundle, esbuild options. */
export const CONSOLE_SCRIPT = {
  entry: 'console/main.ts',
  deployedAs: 'console.js',
  options: { bundle: true, minify: true, format: 'iife', target: 'es2022', platform: 'browser', legalComments: 'none' },
} as const;
const MISSING = 'beside the bundle or in a repository above it';
export const CONSOLE_STYLE = { source: 'console/console.css', deployedAs: 'console.css' } as const;

/** Only this origin, no inline anything, no plugins, no framing; the sign-in leaves by navigation (not a form). */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Relative URLs, so the page also works under an API Gateway stage prefix (`/prod/console`). */
export function consolePage(): { body: string; headers: Record<string, string> } {
  const body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Approver console</title>
  <link rel="stylesheet" href="console/console.css" />
  <script defer src="console/console.js"></script>
</head>
<body>
  <noscript>The approver console needs JavaScript.</noscript>
  <main id="app" aria-live="polite"></main>
</body>
</html>`;
  return { body, headers: { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS } };
}

let script: Promise<string> | undefined;
let style: string | undefined;

export async function consoleScript(): Promise<{ body: string; headers: Record<string, string> }> {
  script ??= loadScript().catch((e: unknown) => {
    script = undefined;
    throw e;
  });
  return { body: await script, headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...SECURITY_HEADERS } };
}

export function consoleStyle(): { body: string; headers: Record<string, string> } {
  style ??= fs.readFileSync(shippedFilePath(CONSOLE_STYLE, MISSING), 'utf8');
  return { body: style, headers: { 'Content-Type': 'text/css; charset=utf-8', ...SECURITY_HEADERS } };
}

async function loadScript(): Promise<string> {
  const deployed = besideBundle(CONSOLE_SCRIPT.deployedAs);
  if (deployed) return fs.readFileSync(deployed, 'utf8');
  return buildConsoleScript(repositoryRoot(CONSOLE_SCRIPT.entry, MISSING));
}

/** Bundles console/main.ts in memory (repository runs only: esbuild is a devDependency, never in a Lambda bundle). */
export async function buildConsoleScript(root: string): Promise<string> {
  const name = 'esbuild'; // not a literal import: the function bundle must not carry esbuild
  const esbuild = (await import(name)) as typeof import('esbuild');
  const out = await esbuild.build({
    ...CONSOLE_SCRIPT.options,
    entryPoints: [path.join(root, CONSOLE_SCRIPT.entry)],
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
