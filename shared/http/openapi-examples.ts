import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Examples for the OpenAPI document, captured from real answers of the service: `npm run docs:examples`
 * (scripts/capture-examples.ts) runs a scenario against the local stack and writes every request body and answer it
 * saw, keyed by operationId and status, with secrets and ids redacted. The generator (openapi.ts) puts them beside
 * the schemas; error answers an operation was not seen giving take the captured answer of their catalog error type.
 */
export type OpenApiExamples = {
  /** Per operationId: the first JSON request body sent, and the first answer seen per status. */
  operations: Record<string, { request?: unknown; responses: Record<string, unknown> }>;
  /** Per catalog error type (`VALIDATION`, `FORBIDDEN`...): the first error answer of that type seen. */
  errors: Record<string, unknown>;
};

export const OPENAPI_EXAMPLES_FILE = fileURLToPath(new URL('../../docs/openapi-examples.json', import.meta.url));

export function readOpenApiExamples(file = OPENAPI_EXAMPLES_FILE): OpenApiExamples {
  if (!fs.existsSync(file)) return { operations: {}, errors: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiExamples;
}
