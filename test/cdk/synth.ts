import fs from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { createCustodyApp, type CustodyAppOptions } from '../../lib/custody-app.js';
import { REPO_ROOT } from '../../lib/function-bundle.js';

/** The feature flags and defaults of cdk.json, so tests synthesize what `cdk synth` synthesizes. */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
    .context;
}

export const TEST_ENV = { account: '123456789012', region: 'eu-west-1' };

/**
 * Builds the app as bin/app.ts does (plus the given context) and synthesizes it once. Bundling is skipped unless
 * asked for: these tests assert on the template; test/cdk/bundling.test.ts and `npm run bundle-sizes` cover esbuild.
 */
export function synth(options: CustodyAppOptions = {}) {
  const { app, stack } = createCustodyApp({
    bundling: 'none',
    ...options,
    context: { ...cdkJsonContext(), ...TEST_ENV, ...options.context },
  });
  const template = Template.fromStack(stack);
  return { app, stack, template, resources: template.toJSON().Resources as Record<string, CfnResource> };
}

export type CfnResource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

/** Logical ids of resources of a type whose id starts with the construct path given (without slashes). */
export function idsOf(resources: Record<string, CfnResource>, type: string, prefix = ''): string[] {
  return Object.entries(resources)
    .filter(([id, r]) => r.Type === type && id.startsWith(prefix))
    .map(([id]) => id);
}

/** The one resource of the type whose logical id is the construct path given (without slashes) plus CDK's 8-digit hash. */
export function resourceId(resources: Record<string, CfnResource>, type: string, path: string): string {
  const ids = idsOf(resources, type, path).filter((id) => /^[0-9A-F]{8}$/.test(id.slice(path.length)));
  if (ids.length !== 1) throw new Error(`expected one ${type} ${path}, found ${ids.length}`);
  return ids[0]!;
}

type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

/** Every statement of every IAM policy attached to the role. */
export function roleStatements(resources: Record<string, CfnResource>, roleId: string): Statement[] {
  return Object.values(resources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && (r.Properties!.Roles as { Ref: string }[]).some((x) => x.Ref === roleId),
    )
    .flatMap((r) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

export const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** The logical id of the role of a function. */
export function roleOf(resources: Record<string, CfnResource>, functionId: string): string {
  return (resources[functionId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** The function whose Description is the one given. */
export function functionByDescription(resources: Record<string, CfnResource>, description: string): string {
  const ids = idsOf(resources, 'AWS::Lambda::Function').filter(
    (id) => resources[id]!.Properties!.Description === description,
  );
  if (ids.length !== 1) throw new Error(`expected one function described "${description}", found ${ids.length}`);
  return ids[0]!;
}
