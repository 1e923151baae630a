import fs from 'node:fs';
import { shippedFilePath } from './shipped-file.js';

/**
 * The reference page at `/docs`: Scalar's API reference (a maintained OpenAPI renderer) reading `/v1/openapi.json`,
 * served entirely by the service, so it works offline and behind locked-down networks. The script is the standalone
 * build of the pinned `@scalar/api-reference` dependency, served at `/docs/scalar.js`, which mounts itself on
 * `#api-reference` and reads its configuration from that element's `data-configuration` attribute (Scalar's HTML
 * API), so the page has no inline script and the Content-Security-Policy allows nothing from another origin.
 * Telemetry, remote fonts, the request proxy, the AI agent and the hosted-service toolbar (share, deploy, MCP) are off.
 */

/** Where the standalone build is in node_modules, and the name the meta function's bundle carries it under (lib/). */
export const SCALAR_BUNDLE = {
  source: 'node_modules/@scalar/api-reference/dist/browser/standalone.js',
  deployedAs: 'scalar-standalone.js',
} as const;

/** Only this origin; styles inline because the renderer injects its own; no framing, no forms, no base change. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': DOCS_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Relative URLs, so the page also works under an API Gateway stage prefix (`/prod/docs`). */
const CONFIG = {
  url: 'v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: '',
  agent: { disabled: true },
  hideClientButton: false,
  // The developer toolbar (share, deploy, generate an MCP server) is for Scalar's hosted service: never shown here.
  showDeveloperTools: 'never',
  mcp: { disabled: true },
};

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function docsPage(): { body: string; headers: Record<string, string> } {
  const body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Custody Orchestration Service API reference</title>
</head>
<body>
  <noscript>The reference needs JavaScript. The raw document is at <a href="${CONFIG.url}">${CONFIG.url}</a>.</noscript>
  <div id="api-reference" data-configuration="${escapeAttr(JSON.stringify(CONFIG))}"></div>
  <script src="docs/scalar.js"></script>
</body>
</html>`;
  return { body, headers: { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS } };
}

let bundle: string | undefined;

/** The standalone build: beside the Lambda bundle when deployed, from node_modules when run from the repository. */
export function scalarScript(): { body: string; headers: Record<string, string> } {
  bundle ??= fs.readFileSync(shippedFilePath(SCALAR_BUNDLE, '(is @scalar/api-reference installed?)'), 'utf8');
  return {
    body: bundle,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      ...SECURITY_HEADERS,
    },
  };
}
