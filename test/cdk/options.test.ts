import { beforeAll, describe, expect, it } from 'vitest';
import { Duration } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import type { CustodyStack } from '../../lib/custody-stack.js';
import {
  actionsOf,
  functionByDescription,
  idsOf,
  resourceId,
  roleOf,
  roleStatements,
  synth,
  type CfnResource,
} from './synth.js';

/*
 * One synth with non-default context and fixture worker entries: the context reaches the resources, workers and
 * schedules are wired for entries that exist and skipped for entries that do not.
 */
let stack: CustodyStack;
let template: Template;
let resources: Record<string, CfnResource>;
const env = (fnId: string) =>
  (resources[fnId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
const queueId = (path: string) => resourceId(resources, 'AWS::SQS::Queue', path);
const SIGNER_TOKEN_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:custody/signer-token-AbCdEf';

beforeAll(() => {
  ({ stack, template, resources } = synth({
    context: {
      'custody:CUSTODY_NODE_RPC_URL': 'https://rpc.example.org',
      'custody:CUSTODY_CHAIN_ID': 7,
      'custody:CUSTODY_MAX_RECEIVES': '3',
      'custody:CUSTODY_SIGNER_TOKEN_SECRET_ARN': SIGNER_TOKEN_ARN,
      removalPolicy: 'destroy',
      stageName: 'dev',
      apiThrottleRate: '50',
      apiThrottleBurst: '100',
    },
    workers: [
      {
        name: 'FixtureWorker',
        entry: 'test/cdk/fixtures/queue-worker/handler.ts',
        queue: 'webhooks',
        sendsTo: ['webhooks'],
        grants: ['secrets'],
        batchSize: 5,
      },
      { name: 'MissingWorker', entry: 'test/cdk/fixtures/missing/handler.ts', queue: 'transactions' },
    ],
    scheduled: [
      { name: 'FixturePoller', entry: 'test/cdk/fixtures/poller/handler.ts', every: Duration.minutes(1) },
      { name: 'MissingPoller', entry: 'test/cdk/fixtures/missing/poller.ts', every: Duration.minutes(1) },
    ],
  }));
});

describe('context settings', () => {
  it('reach every function as CUSTODY_* environment variables', () => {
    for (const fn of idsOf(resources, 'AWS::Lambda::Function')) {
      expect(env(fn), fn).toMatchObject({
        CUSTODY_NODE_RPC_URL: 'https://rpc.example.org',
        CUSTODY_CHAIN_ID: '7',
        CUSTODY_MAX_RECEIVES: '3',
        CUSTODY_ENV: 'production',
      });
    }
  });

  it('CUSTODY_SIGNER_TOKEN_SECRET_ARN: the wallets function (key generation) may read exactly that secret, other functions may not', () => {
    const reads = (description: string) =>
      roleStatements(resources, roleOf(resources, functionByDescription(resources, description))).filter((st) =>
        actionsOf(st).includes('secretsmanager:GetSecretValue'),
      );
    expect(reads('Custody API: wallets routes').map((st) => st.Resource)).toEqual([SIGNER_TOKEN_ARN]);
    expect(reads('Custody API: tenants routes')).toEqual([]);
    expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('secret-in-context'))).toEqual([]);
  });

  it('CUSTODY_MAX_RECEIVES sets the queues maxReceiveCount', () => {
    for (const q of ['QueuesTransactions', 'QueuesWebhooks']) {
      expect((resources[queueId(q)]!.Properties!.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount, q).toBe(
        3,
      );
    }
  });

  it('removalPolicy=destroy lets the table, key and queues go with the stack', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    template.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Delete' });
    for (const q of idsOf(resources, 'AWS::SQS::Queue')) expect(resources[q]!.DeletionPolicy, q).toBe('Delete');
  });

  it('stage name and throttling come from context', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 })],
    });
  });
});

describe('workers', () => {
  it('a worker whose entry exists consumes its queue with partial batch failures', () => {
    const fn = functionByDescription(resources, 'Custody worker FixtureWorker: consumes the webhooks queue');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      EventSourceArn: { 'Fn::GetAtt': [queueId('QueuesWebhooks'), 'Arn'] },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(env(fn)).toMatchObject({
      CUSTODY_WEBHOOK_QUEUE_URL: { Ref: queueId('QueuesWebhooks') },
      CUSTODY_KMS_KEY_ID: expect.anything(),
    });
    expect(env(fn).CUSTODY_TX_QUEUE_URL).toBeUndefined();
    const statements = roleStatements(resources, roleOf(resources, fn));
    const sqsResources = JSON.stringify(
      statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:'))).map((s) => s.Resource),
    );
    expect(sqsResources).toContain(`"${queueId('QueuesWebhooks')}"`);
    expect(sqsResources).not.toContain(`"${queueId('QueuesTransactions')}"`);
    expect(statements.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage']),
    );
  });

  it('a scheduled function whose entry exists runs every minute through EventBridge Scheduler, without retries', () => {
    const fn = functionByDescription(resources, 'Custody scheduled FixturePoller: every 1 minute');
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [fn, 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }),
      }),
    });
    const schedule = resources[idsOf(resources, 'AWS::Scheduler::Schedule')[0]!]!.Properties!;
    const roleId = (schedule.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'][0];
    const statements = roleStatements(resources, roleId);
    expect(statements.flatMap(actionsOf)).toEqual(['lambda:InvokeFunction']);
    const functionsNamed = new Set(
      JSON.stringify(statements.map((x) => x.Resource)).match(/Workers\w+Function[0-9A-F]{8}/g),
    );
    expect([...functionsNamed]).toEqual([fn]);
  });

  it('entries that do not exist yet are skipped', () => {
    const descriptions = idsOf(resources, 'AWS::Lambda::Function').map((id) =>
      String(resources[id]!.Properties!.Description),
    );
    expect(descriptions.filter((d) => d.includes('Missing'))).toEqual([]);
    template.resourceCountIs('AWS::Scheduler::Schedule', 1);
  });

  it('pass cdk-nag too (scheduler role, worker roles)', () => {
    expect(
      Annotations.fromStack(stack)
        .findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))
        .map((e) => String(e.entry.data)),
    ).toEqual([]);
  });
});
