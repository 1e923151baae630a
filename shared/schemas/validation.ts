import type * as z from './zod.js';
import { ApiError, type ErrorType } from '../errors/catalog.js';

/**
 * Turns the first zod issue into the catalog entry it stands for: an absent required member is 1101, a string over
 * its limit 1110, a malformed email 1106 or URL 1107, a tagged refinement its own type, anything else 1100.
 */
export function validationError(error: z.core.$ZodError, where: 'body' | 'query' | 'path'): ApiError {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.') || where;
  const type = catalogType(issue);
  const message = type === 'MISSING_FIELD' ? `${field} is required` : `${field}: ${issue.message}`;
  return new ApiError(type, message, {
    field,
    issues: error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

function catalogType(issue: z.core.$ZodIssue): ErrorType {
  const tagged = (issue as { params?: { catalog?: ErrorType } }).params?.catalog;
  if (tagged) return tagged;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'MISSING_FIELD' : 'VALIDATION';
    case 'too_big':
      return issue.origin === 'string' ? 'STRING_TOO_LONG' : 'VALIDATION';
    case 'invalid_format':
      if (issue.format === 'email') return 'INVALID_EMAIL';
      if (issue.format === 'url') return 'INVALID_URL';
      return 'VALIDATION';
    default:
      return 'VALIDATION';
  }
}
