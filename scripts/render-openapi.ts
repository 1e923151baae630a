import { fileURLToPath } from 'node:url';
import { writeOrCheck } from './generated-doc.js';
import { ALL_ROUTES } from '../shared/http/routes/index.js';
import { buildOpenApi } from '../shared/http/openapi.js';
import { OPENAPI_DOCUMENT } from '../shared/http/openapi-document.js';
import { readOpenApiExamples } from '../shared/http/openapi-examples.js';

/**
 * Renders the OpenAPI document (shared/http/openapi.ts, from every route and its schemas) as docs/openapi.json, the
 * file the meta function serves at `/v1/openapi.json` (copied beside its bundle; read from the repository when run
 * unbundled), so the function carries no route schemas and no JSON-schema generator. The examples come from
 * docs/openapi-examples.json (`npm run docs:examples`, scripts/capture-examples.ts). `npm run docs:openapi` writes
 * it; `--check` only compares (exit 1 when stale), and a unit test does the same comparison.
 */
export const OPENAPI_FILE = fileURLToPath(new URL(`../${OPENAPI_DOCUMENT.source}`, import.meta.url));

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(ALL_ROUTES, { version: OPENAPI_DOCUMENT.version, examples: readOpenApiExamples() }), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  writeOrCheck(process.argv.slice(2), OPENAPI_FILE, renderOpenApi, 'docs:openapi');
