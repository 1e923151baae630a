import type * as z from '../../schemas/zod.js';
import { ValidationError } from '../../errors/domain-errors.js';
import { validationError } from '../../schemas/validation.js';
import type { ApiMiddleware } from './types.js';

/**
 * Validates path, query and body against the route's schemas (400 1100, 1101 for a missing member); a query parameter
 * the route does not declare is refused. Skipped for a replay, which answers as the first request did.
 */
export const validate = (): ApiMiddleware => ({
  before: (request) => {
    const api = request.context.api;
    if (api.replay) return;
    const route = api.route!;
    const parse = (schema: z.ZodMiniType | undefined, input: unknown, where: 'body' | 'query' | 'path') => {
      if (!schema) return input;
      // reportInput: zod 4 keeps an issue's input only when asked; a present-but-wrong member must be 1100, not 1101.
      const out = schema.safeParse(input, { reportInput: true });
      if (!out.success) throw validationError(out.error, where);
      return out.data;
    };
    const query = { ...(request.event.queryStringParameters ?? {}) };
    const known = new Set(Object.keys(route.query?.().shape ?? {}));
    const unknown = Object.keys(query).find((k) => !known.has(k));
    if (unknown !== undefined)
      throw new ValidationError(`unknown query parameter '${unknown}'`, { field: unknown, where: 'query' });
    api.validated = {
      params: parse(route.params?.(), api.params, 'path'),
      query: parse(route.query?.(), query, 'query'),
      body: route.body ? parse(route.body(), api.rawBody === undefined ? {} : api.rawBody, 'body') : undefined,
    };
  },
});
