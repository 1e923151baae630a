import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The OpenAPI document the meta function serves: generated from every route and its schemas by `npm run
 * docs:openapi` (scripts/render-openapi.ts) into docs/openapi.json, which a unit test keeps equal to what
 * shared/http/openapi.ts generates. Deployed beside the meta function's bundle (functions/index.ts), so the function
 * carries neither the route schemas of the other families nor zod's JSON-schema code.
 */
export const OPENAPI_DOCUMENT = { source: 'docs/openapi.json', deployedAs: 'openapi.json', version: '1.0.0' } as const;

let compact: string | undefined;

/** The document as one line of JSON (the key order of the file; the bytes `JSON.stringify` of the generated object gives). */
export function openapiDocument(): string {
  compact ??= JSON.stringify(JSON.parse(fs.readFileSync(findDocument(), 'utf8')));
  return compact;
}

/** Beside the Lambda bundle when deployed; in the repository's docs/ when run from it (the local stack, the tests). */
function findDocument(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, OPENAPI_DOCUMENT.deployedAs);
  if (fs.existsSync(beside)) return beside;
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, OPENAPI_DOCUMENT.source);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${OPENAPI_DOCUMENT.source} not found (npm run docs:openapi writes it)`);
  }
}
