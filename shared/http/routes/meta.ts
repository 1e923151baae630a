import * as z from '../../schemas/zod.js';
import { defineRoutes } from '../route.js';
import { PolicyKeySet } from '../../schemas/policy-keys.js';
import { described } from '../../schemas/common.js';

export const metaRoutes = defineRoutes({
  live: {
    operationId: 'healthLive',
    family: 'meta',
    method: 'GET',
    path: '/v1/health/live',
    tag: 'health',
    auth: 'none',
    summary: 'Liveness probe',
    description: 'Answers 200 while the process serves requests; it checks nothing else (the readiness probe does).',
    success: {
      status: 200,
      schema: z.lazySchema(() => z.object({ status: described(z.literal('ok'), 'Always `ok`') })),
    },
  },
  ready: {
    operationId: 'healthReady',
    family: 'meta',
    method: 'GET',
    path: '/v1/health/ready',
    tag: 'health',
    auth: 'none',
    summary: 'Readiness probe',
    description:
      'Checks the table and the chain node (chain id must match); 503 with {status: degraded, checks} when one fails.',
    success: {
      status: 200,
      description: 'Ready: every check passed',
      schema: z.lazySchema(() =>
        z.object({
          status: described(z.enum(['ok', 'degraded']), '`ok`, or `degraded` when a check failed'),
          checks: described(
            z.record(
              z.string(),
              z.object({
                ok: described(z.boolean(), 'Whether the check passed'),
                latency_ms: described(z.optional(z.number().check(z.gte(0))), 'How long it took, in milliseconds'),
                error: described(z.optional(z.string()), 'Why it failed'),
              }),
            ),
            'Each check (the table, the chain node) by name',
          ),
        }),
      ),
    },
    alsoAnswers: [
      {
        status: 503,
        description:
          'Not ready: `status` is `degraded` and `checks` names the failing check (this body, not the error catalog shape)',
      },
    ],
  },
  policyKeys: {
    operationId: 'policyKeys',
    family: 'meta',
    method: 'GET',
    path: '/v1/keys/policy',
    tag: 'transactions',
    auth: 'none',
    summary: 'Policy receipt keys',
    description:
      'The public keys that sign policy receipts (ML-DSA-65), with their validity; a signer is configured with them (docs/signer.md). No credential needed. The active key first; after a rotation the retired keys are listed until the receipts they signed have expired. A signer takes these keys when it is set up, never while it signs.',
    success: { status: 200, schema: PolicyKeySet },
  },
  openapi: {
    operationId: 'openapi',
    family: 'meta',
    method: 'GET',
    path: '/v1/openapi.json',
    tag: 'docs',
    auth: 'none',
    summary: 'OpenAPI document',
    description: 'This OpenAPI 3.1 document.',
    success: { status: 200, schema: z.lazySchema(() => z.record(z.string(), z.unknown())) },
  },
  docs: {
    operationId: 'docs',
    family: 'meta',
    method: 'GET',
    path: '/docs',
    tag: 'docs',
    auth: 'none',
    summary: 'API reference page',
    description: 'API reference page (served with a strict Content-Security-Policy; no CDN).',
    success: { status: 200, schema: null, contentType: 'text/html' },
  },
  docsScript: {
    operationId: 'docsScript',
    family: 'meta',
    method: 'GET',
    path: '/docs/scalar.js',
    tag: 'docs',
    auth: 'none',
    summary: 'Reference page script',
    description: "The reference page's renderer (the standalone build of @scalar/api-reference).",
    success: { status: 200, schema: null, contentType: 'text/javascript' },
  },
  console: {
    operationId: 'console',
    family: 'meta',
    method: 'GET',
    path: '/console',
    tag: 'docs',
    auth: 'none',
    query: z.lazySchema(() =>
      z.strictObject({
        tenant_id: z.withMeta(z.optional(z.string().check(z.maxLength(64))), {
          description: "Fills in the tenant id of the single sign-on form (a link to hand a tenant's people)",
        }),
        page_size: z.withMeta(z.optional(z.string().check(z.regex(/^\d{1,3}$/))), {
          description: "Items per page of the console's lists (1..200, default 25)",
        }),
      }),
    ),
    summary: 'Approval console',
    description:
      "The approver console (docs/console.md): transfers awaiting approval and their history, one transfer's detail, approve or reject, governance changes for admins; strict Content-Security-Policy, no CDN.",
    success: { status: 200, schema: null, contentType: 'text/html' },
  },
  consoleScript: {
    operationId: 'consoleScript',
    family: 'meta',
    method: 'GET',
    path: '/console/console.js',
    tag: 'docs',
    auth: 'none',
    summary: 'Console script',
    description: "The approver console's script (console/main.ts, bundled).",
    success: { status: 200, schema: null, contentType: 'text/javascript' },
  },
  consoleStyle: {
    operationId: 'consoleStyle',
    family: 'meta',
    method: 'GET',
    path: '/console/console.css',
    tag: 'docs',
    auth: 'none',
    summary: 'Console style sheet',
    description: "The approver console's style sheet.",
    success: { status: 200, schema: null, contentType: 'text/css' },
  },
});
