import type { Family } from '../shared/http/route.js';
import type { LambdaHandler } from '../shared/adapters/local/lambda-context.js';
import { SCALAR_BUNDLE } from '../shared/http/docs-page.js';
import { CONSOLE_SCRIPT, CONSOLE_STYLE } from '../shared/http/console-page.js';
import { OPENAPI_DOCUMENT } from '../shared/http/openapi-document.js';
import type { Grant } from '../shared/composition/grants.js';
import { lazyDeps, type FunctionEntry } from '../shared/composition/deps.js';

/**
 * The API functions, one per resource family: the module each Lambda bundles (for CDK) and loads lazily (for the
 * local server).
 */
type Loaded = { handler: unknown } & Partial<FunctionEntry>;
/** A file placed beside the bundle (from the repository root), for what the function reads at run time. */
export type RuntimeFile = { from: string; to: string; browserBundle?: boolean };
/**
 * `grants`: what the function may use beyond the table (shared/composition/grants.ts). Every API function writes
 * audited changes, so each holds `audit-mac`.
 */
export type ApiFunction = {
  entry: string;
  grants: readonly Grant[];
  files?: readonly RuntimeFile[];
  load: () => Promise<Loaded>;
};
export const API_FUNCTIONS: Partial<Record<Family, ApiFunction>> = {
  meta: {
    entry: 'functions/meta/handler.ts',
    grants: ['audit-mac', 'policy-public-keys'],
    // The OpenAPI document (generated: npm run docs:openapi), the reference page's renderer, the approver console's
    // script (bundled for the browser) and its style sheet.
    files: [
      { from: OPENAPI_DOCUMENT.source, to: OPENAPI_DOCUMENT.deployedAs },
      { from: SCALAR_BUNDLE.source, to: SCALAR_BUNDLE.deployedAs },
      { from: CONSOLE_SCRIPT.entry, to: CONSOLE_SCRIPT.deployedAs, browserBundle: true },
      { from: CONSOLE_STYLE.source, to: CONSOLE_STYLE.deployedAs },
    ],
    load: () => import('./meta/handler.js'),
  },
  tenants: { entry: 'functions/tenants/handler.ts', grants: ['audit-mac'], load: () => import('./tenants/handler.js') },
  credentials: {
    entry: 'functions/credentials/handler.ts',
    grants: ['audit-mac'],
    load: () => import('./credentials/handler.js'),
  },
  audit: {
    entry: 'functions/audit/handler.ts',
    grants: ['audit-mac', 'checkpoint-public-key'],
    load: () => import('./audit/handler.js'),
  },
  vaults: { entry: 'functions/vaults/handler.ts', grants: ['audit-mac'], load: () => import('./vaults/handler.js') },
  wallets: {
    entry: 'functions/wallets/handler.ts',
    grants: ['audit-mac', 'signer-secrets'],
    load: () => import('./wallets/handler.js'),
  },
  assets: { entry: 'functions/assets/handler.ts', grants: ['audit-mac'], load: () => import('./assets/handler.js') },
  users: { entry: 'functions/users/handler.ts', grants: ['audit-mac'], load: () => import('./users/handler.js') },
  roles: { entry: 'functions/roles/handler.ts', grants: ['audit-mac'], load: () => import('./roles/handler.js') },
  policies: {
    entry: 'functions/policies/handler.ts',
    grants: ['audit-mac'],
    load: () => import('./policies/handler.js'),
  },
  transactions: {
    entry: 'functions/transactions/handler.ts',
    grants: ['audit-mac'],
    load: () => import('./transactions/handler.js'),
  },
  webhooks: {
    entry: 'functions/webhooks/handler.ts',
    grants: ['audit-mac', 'secrets', 'webhook-public-keys'],
    load: () => import('./webhooks/handler.js'),
  },
  sso: { entry: 'functions/sso/handler.ts', grants: ['audit-mac', 'secrets'], load: () => import('./sso/handler.js') },
  tokens: { entry: 'functions/tokens/handler.ts', grants: ['audit-mac'], load: () => import('./tokens/handler.js') },
  governance: {
    entry: 'functions/governance/handler.ts',
    grants: ['audit-mac'],
    load: () => import('./governance/handler.js'),
  },
};

/**
 * The API functions' handlers for the local server and the tests, each built once from its entry's `ports` with the
 * ports `given` (the local stack's shared store, clock, chain and profile; a test's tracing store), the others built
 * by their factories as on Lambda. `given` is read on each use, so a test may swap a port in it.
 */
export function apiHandlers(given: Record<string, unknown> = {}): (family: Family) => Promise<LambdaHandler> {
  const built = new Map<Family, Promise<LambdaHandler>>();
  return (family) => {
    let h = built.get(family);
    if (!h) {
      const fn = API_FUNCTIONS[family];
      if (!fn) return Promise.reject(new Error(`no function for family ${family}`));
      h = fn.load().then((m) => handlerWith(m, given) as LambdaHandler);
      // A failed load is not kept: the next request tries again.
      h.catch(() => built.delete(family));
      built.set(family, h);
    }
    return h;
  };
}

/** A function's handler built from its entry's ports and the `given` ones (an entry without ports: its `handler`). */
export function handlerWith(
  m: { handler?: unknown } & Partial<FunctionEntry>,
  given: Record<string, unknown>,
): unknown {
  // A middy handler takes (event, context, options); the local server calls it with the first two, as Lambda does.
  if (!m.ports || !m.makeHandler) return m.handler;
  return m.makeHandler(lazyDeps(m.ports as never, given as never) as never);
}
