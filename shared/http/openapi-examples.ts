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

/** An answer that is no example by nature: the OpenAPI document itself. */
export const NEVER_EXAMPLED = new Set(['openapi 200']);

/**
 * What the reference shows without an example, in an OpenAPI document built with the examples: every JSON request
 * body (`<operationId> request`) and every JSON answer (`<operationId> <status>`). The reference test and the capture
 * script both report these.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethods = Record<string, any>;
export function missingExamples(doc: {
  paths: Record<string, AnyMethods>;
}): { key: string; operationId: string; method: string; path: string; what: string; answerDescription?: string }[] {
  const out: ReturnType<typeof missingExamples> = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      for (const [type, media] of Object.entries(
        (op.requestBody?.content ?? {}) as Record<string, { example?: unknown }>,
      )) {
        if (media.example === undefined)
          out.push({
            key: `${op.operationId} request`,
            operationId: op.operationId,
            method,
            path,
            what: `${type} request`,
          });
      }
      for (const [status, answer] of Object.entries(
        (op.responses ?? {}) as Record<
          string,
          { description: string; content?: Record<string, { example?: unknown }> }
        >,
      )) {
        const media = answer.content?.['application/json'];
        if (media && media.example === undefined && !NEVER_EXAMPLED.has(`${op.operationId} ${status}`)) {
          out.push({
            key: `${op.operationId} ${status}`,
            operationId: op.operationId,
            method,
            path,
            what: `answer ${status}`,
            answerDescription: answer.description,
          });
        }
      }
    }
  }
  return out;
}
