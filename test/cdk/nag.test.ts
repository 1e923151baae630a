import { beforeAll, describe, expect, it } from 'vitest';
import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { CustodyStack } from '../../lib/custody-stack.js';
import { synth, type CfnResource } from './synth.js';

/* cdk-nag's AWS Solutions rules over the synthesized stack: every finding is fixed or suppressed with a reason. */
let stack: CustodyStack;
let resources: Record<string, CfnResource>;

beforeAll(() => {
  ({ stack, resources } = synth());
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unsuppressed error', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(errors.map((e) => `${e.id}: ${String(e.entry.data)}`)).toEqual([]);
  });

  it('reports no unsuppressed warning', () => {
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(warnings.map((w) => `${w.id}: ${String(w.entry.data)}`)).toEqual([]);
  });

  it('every suppression carries a written reason, and wildcard suppressions name what they cover', () => {
    const suppressions = Object.values(resources).flatMap(
      (r) =>
        (
          r as {
            Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string; applies_to?: unknown[] }[] } };
          }
        ).Metadata?.cdk_nag?.rules_to_suppress ?? [],
    );
    expect(suppressions.length).toBeGreaterThan(0);
    for (const s of suppressions) {
      expect(s.reason.length, s.id).toBeGreaterThan(40);
      if (s.id === 'AwsSolutions-IAM5')
        expect(s.applies_to, 'IAM5 suppressions are scoped to the finding').toBeDefined();
    }
  });

  it('would fail on a non-compliant resource (the check is live)', () => {
    const app = new App();
    const probe = new Stack(app, 'Probe', { env: { account: '123456789012', region: 'eu-west-1' } });
    new sqs.Queue(probe, 'Plain', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    Aspects.of(app).add(new AwsSolutionsChecks());
    const ids = Annotations.fromStack(probe)
      .findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))
      .map((e) => String(e.entry.data).split(':')[0]);
    expect(ids).toEqual(expect.arrayContaining(['AwsSolutions-SQS2', 'AwsSolutions-SQS3', 'AwsSolutions-SQS4']));
  });
});
