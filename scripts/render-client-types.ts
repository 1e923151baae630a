import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { writeOrCheck } from './generated-doc.js';
import { OPENAPI_FILE } from './render-openapi.js';

/**
 * Renders the TypeScript client's types (clients/typescript/src/schema.ts) from docs/openapi.json with
 * openapi-typescript, so the client cannot drift from the routes. `npm run client:generate` writes it; `--check`
 * only compares (exit 1 when stale), and a unit test does the same comparison.
 */
export const CLIENT_TYPES_FILE = fileURLToPath(new URL('../clients/typescript/src/schema.ts', import.meta.url));

const HEADER = `/**
 * Generated from docs/openapi.json by openapi-typescript (npm run client:generate). Do not edit.
 */

`;

export async function renderClientTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), { exportType: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rendered = await renderClientTypes();
  writeOrCheck(process.argv.slice(2), CLIENT_TYPES_FILE, () => rendered, 'client:generate');
}
