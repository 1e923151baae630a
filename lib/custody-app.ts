import { App, Aspects, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ALL_ROUTES } from '../shared/http/routes/index.js';
import type { Family, RouteDef } from '../shared/http/route.js';
import type { Grant } from '../shared/composition/grants.js';
import { API_FUNCTIONS } from '../functions/index.js';
import { DEFAULT_THROTTLE } from './api-construct.js';
import { CustodyStack, type CustodyStackProps } from './custody-stack.js';
import { deploySettings } from './deploy-settings.js';

export type CustodyAppOptions = {
  /** Extra context (tests; `cdk` passes its context through the environment). */
  context?: AppProps['context'];
  outdir?: string;
  /** Overrides for tests: the route table, function registry, workers, bundling. */
  routes?: readonly RouteDef[];
  apiFunctions?: Partial<Record<Family, { entry: string; grants: readonly Grant[] }>>;
  workers?: CustodyStackProps['workers'];
  scheduled?: CustodyStackProps['scheduled'];
  bundling?: CustodyStackProps['bundling'];
};

/**
 * Builds the CDK app from its context: the `CustodyService` stack (name overridable with `-c stackName=`) checked
 * by cdk-nag's AWS Solutions rules. `bin/app.ts` and the CDK tests both build the app here, so the tests check the
 * same wiring of context to stack that `cdk synth` uses.
 */
export function createCustodyApp(options: CustodyAppOptions = {}): { app: App; stack: CustodyStack } {
  const app = new App({
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });
  const ctx = (key: string): string | undefined => {
    const v: unknown = app.node.tryGetContext(key);
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  const num = (key: string): number | undefined => {
    const v = ctx(key);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`context ${key} must be a positive integer, got ${v}`);
    return n;
  };

  const removalPolicy = ctx('removalPolicy') ?? 'retain';
  if (removalPolicy !== 'retain' && removalPolicy !== 'destroy')
    throw new Error(`context removalPolicy must be retain or destroy, got ${removalPolicy}`);
  const rateLimit = num('apiThrottleRate');
  const burstLimit = num('apiThrottleBurst');
  const account = ctx('account') ?? process.env.CDK_DEFAULT_ACCOUNT;
  const region = ctx('region') ?? process.env.CDK_DEFAULT_REGION;
  const stageName = ctx('stageName');
  const webAclArn = ctx('webAclArn');
  const alarmEmail = ctx('alarmEmail');

  const stack = new CustodyStack(app, ctx('stackName') ?? 'CustodyService', {
    ...(account || region ? { env: { ...(account ? { account } : {}), ...(region ? { region } : {}) } } : {}),
    description: 'Multi-tenant, non-custodial custody and transaction-orchestration service',
    settings: deploySettings(app.node.getAllContext() as Record<string, unknown>),
    routes: options.routes ?? ALL_ROUTES,
    apiFunctions: options.apiFunctions ?? API_FUNCTIONS,
    removalPolicy,
    ...(options.workers ? { workers: options.workers } : {}),
    ...(options.scheduled ? { scheduled: options.scheduled } : {}),
    ...(options.bundling ? { bundling: options.bundling } : {}),
    ...(stageName ? { stageName } : {}),
    ...(rateLimit || burstLimit
      ? {
          throttle: {
            rateLimit: rateLimit ?? DEFAULT_THROTTLE.rateLimit,
            burstLimit: burstLimit ?? DEFAULT_THROTTLE.burstLimit,
          },
        }
      : {}),
    ...(webAclArn ? { webAclArn } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
  });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, stack };
}
