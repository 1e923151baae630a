import fs from 'node:fs';
import { shippedFilePath } from './shipped-file.js';

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
  compact ??= JSON.stringify(
    JSON.parse(fs.readFileSync(shippedFilePath(OPENAPI_DOCUMENT, '(npm run docs:openapi writes it)'), 'utf8')),
  );
  return compact;
}
