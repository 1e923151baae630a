import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { API_FUNCTIONS } from '../../functions/index.js';
import { TABLE } from '../../shared/store/table-definition.js';
import { ERROR_CATALOG } from '../../shared/errors/catalog.js';
import type { Family } from '../../shared/http/route.js';
import { marshall } from '@aws-sdk/util-dynamodb';
import { routeChange, type StreamChange } from '../../shared/domain/outbox/stream-routing.js';
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
import { eventRecordItem } from '../support/tenant-events.js';
import { keys } from '../../shared/store/keys.js';

/*
 * The synthesized CustodyService stack (bundling skipped; see bundling.test.ts), asserted property by property
 * against the registries it is built from: the table definition, ALL_ROUTES and API_FUNCTIONS.
 */
let template: Template;
let resources: Record<string, CfnResource>;
const families = Object.keys(API_FUNCTIONS) as Family[];
const apiFunction = (family: Family) => functionByDescription(resources, `Custody API: ${family} routes`);
const streamRouter = () =>
  functionByDescription(resources, 'Custody stream router: table stream -> transactions and webhooks queues');
const one = (type: string, path: string) => resourceId(resources, type, path);

beforeAll(() => {
  ({ template, resources } = synth());
});

describe('table', () => {
  it('is built from TABLE: keys, every index with its projection (keys only), TTL, stream', () => {
    const table = resources[one('AWS::DynamoDB::Table', 'DataTable')]!.Properties!;
    expect(table.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    const gsis = table.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE.indexes.map((i) => i.name));
    for (const index of TABLE.indexes) {
      expect(gsis.find((g) => g.IndexName === index.name)).toEqual({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      });
      expect(index.projection).toBe('KEYS_ONLY');
    }
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
    expect(table.StreamSpecification).toEqual({ StreamViewType: TABLE.stream });
  });

  it('is on-demand, has point-in-time recovery, is encrypted with the stack key, and is retained by default', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: {
          SSEEnabled: true,
          SSEType: 'KMS',
          KMSMasterKeyId: { 'Fn::GetAtt': [one('AWS::KMS::Key', 'Key'), 'Arn'] },
        },
        DeletionProtectionEnabled: true,
      }),
    });
  });
});

describe('KMS key', () => {
  it('rotates', () => {
    template.resourceCountIs('AWS::KMS::Key', 5);
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true, KeySpec: Match.absent() });
  });

  it('has an ML-DSA-65 signing key for the audit checkpoints: the sequencer may Sign, the audit API only read the public key', () => {
    const auditKey = one('AWS::KMS::Key', 'AuditKey');
    expect(resources[auditKey]!.Properties).toMatchObject({ KeySpec: 'ML_DSA_65', KeyUsage: 'SIGN_VERIFY' });
    const uses = (fn: string) =>
      roleStatements(resources, roleOf(resources, fn))
        .filter((s) => JSON.stringify(s.Resource).includes(auditKey))
        .flatMap(actionsOf)
        .sort();
    expect(uses(apiFunction('audit'))).toEqual(['kms:GetPublicKey']);
    expect(uses(functionByDescription(resources, 'Custody worker AuditSequencer: consumes the audit queue'))).toEqual([
      'kms:GetPublicKey',
      'kms:Sign',
    ]);
    expect(uses(apiFunction('tenants'))).toEqual([]);
  });

  it('has an ML-DSA-65 webhook key: the webhook worker may Sign (and read its public key), the webhooks API only read public keys, no other function either', () => {
    const webhookKey = one('AWS::KMS::Key', 'WebhookKey');
    expect(resources[webhookKey]!.Properties).toMatchObject({ KeySpec: 'ML_DSA_65', KeyUsage: 'SIGN_VERIFY' });
    const uses = (fn: string) =>
      roleStatements(resources, roleOf(resources, fn))
        .filter((s) => JSON.stringify(s.Resource).includes(webhookKey))
        .flatMap(actionsOf)
        .sort();
    const worker = functionByDescription(resources, 'Custody worker WebhookWorker: consumes the webhooks queue');
    expect(uses(worker)).toEqual(['kms:GetPublicKey', 'kms:Sign']);
    expect(uses(apiFunction('webhooks'))).toEqual(['kms:GetPublicKey']);
    for (const fn of [worker, apiFunction('webhooks')]) {
      expect(
        (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables
          .CUSTODY_WEBHOOK_KEY_ID,
      ).toEqual({ 'Fn::GetAtt': [webhookKey, 'Arn'] });
    }
    const others = idsOf(resources, 'AWS::Lambda::Function').filter(
      (id) => id !== worker && id !== apiFunction('webhooks') && resources[id]!.Properties!.Role,
    );
    for (const fn of others) expect(uses(fn), fn).toEqual([]);
  });

  it('has an ML-DSA-65 policy key: only the transaction worker may Sign receipts, the meta API only read the public key, no other function anything', () => {
    const policyKey = one('AWS::KMS::Key', 'PolicyKey');
    expect(resources[policyKey]!.Properties).toMatchObject({ KeySpec: 'ML_DSA_65', KeyUsage: 'SIGN_VERIFY' });
    const uses = (fn: string) =>
      roleStatements(resources, roleOf(resources, fn))
        .filter((s) => JSON.stringify(s.Resource).includes(policyKey))
        .flatMap(actionsOf)
        .sort();
    const worker = functionByDescription(
      resources,
      'Custody worker TransactionWorker: consumes the transactions queue',
    );
    expect(uses(worker)).toEqual(['kms:Sign']);
    expect(uses(apiFunction('meta'))).toEqual(['kms:GetPublicKey']);
    for (const fn of [worker, apiFunction('meta')]) {
      expect(
        (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables
          .CUSTODY_POLICY_KEY_ID,
      ).toEqual({ 'Fn::GetAtt': [policyKey, 'Arn'] });
    }
    const others = idsOf(resources, 'AWS::Lambda::Function').filter(
      (id) => id !== worker && id !== apiFunction('meta') && resources[id]!.Properties!.Role,
    );
    for (const fn of others) expect(uses(fn), fn).toEqual([]);
    template.hasResourceProperties('AWS::KMS::Key', {
      KeySpec: 'ML_DSA_65',
      KeyUsage: 'SIGN_VERIFY',
      Description: Match.stringLikeRegexp('policy receipts'),
    });
  });

  it('signs webhooks with a key given by context and publishes the previous one beside it (a rotation)', () => {
    const next = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    const previous = 'arn:aws:kms:eu-west-1:123456789012:key/0987dcba-09fe-87dc-65ba-ab0987654321';
    const { resources: r } = synth({
      context: { 'custody:CUSTODY_WEBHOOK_KEY_ID': next, 'custody:CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS': previous },
    });
    expect(idsOf(r, 'AWS::KMS::Key', 'WebhookKey')).toEqual([]);
    const grants = (fn: string) =>
      roleStatements(r, roleOf(r, fn))
        .filter((s) => JSON.stringify(s.Resource).includes(':key/'))
        .map((s) => ({ actions: actionsOf(s), resources: s.Resource }));
    expect(grants(functionByDescription(r, 'Custody worker WebhookWorker: consumes the webhooks queue'))).toEqual([
      { actions: ['kms:GetPublicKey', 'kms:Sign'], resources: next },
    ]); // CDK sorts them
    expect(grants(functionByDescription(r, 'Custody API: webhooks routes'))).toEqual([
      { actions: ['kms:GetPublicKey'], resources: [next, previous].sort() },
    ]); // CDK sorts them
  });

  it('has an HMAC key beside it, for list cursors, that API functions may only GenerateMac with', () => {
    const macKey = one('AWS::KMS::Key', 'MacKey');
    expect(resources[macKey]!.Properties).toMatchObject({ KeySpec: 'HMAC_256', KeyUsage: 'GENERATE_VERIFY_MAC' });
    for (const family of ['tenants', 'transactions', 'credentials'] as const) {
      const fn = apiFunction(family);
      const uses = roleStatements(resources, roleOf(resources, fn)).filter((s) =>
        JSON.stringify(s.Resource).includes(macKey),
      );
      expect(uses.flatMap(actionsOf)).toEqual(['kms:GenerateMac']);
      expect(
        (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.CUSTODY_MAC_KEY_ID,
      ).toEqual({ 'Fn::GetAtt': [macKey, 'Arn'] });
    }
  });

  it('lets only the functions that write audited changes (and the sequencer, which checks MACs) derive the audit record MAC key, with GenerateMac alone', () => {
    const macKey = one('AWS::KMS::Key', 'MacKey');
    const uses = (fn: string) =>
      roleStatements(resources, roleOf(resources, fn))
        .filter((s) => JSON.stringify(s.Resource).includes(macKey))
        .flatMap(actionsOf);
    const macEnv = (fn: string) =>
      (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables
        .CUSTODY_MAC_KEY_ID;
    const writers = [
      ...families.map(apiFunction),
      ...[
        'TransactionWorker: consumes the transactions queue',
        'WebhookWorker: consumes the webhooks queue',
        'AuditSequencer: consumes the audit queue',
      ].map((d) => functionByDescription(resources, `Custody worker ${d}`)),
      ...['ChainPoller', 'DepositScanner'].map((n) =>
        idsOf(resources, 'AWS::Lambda::Function').find((id) =>
          String(resources[id]!.Properties!.Description).startsWith(`Custody scheduled ${n}:`),
        )!,
      ),
    ];
    for (const fn of writers) {
      expect(uses(fn), fn).toEqual(['kms:GenerateMac']);
      expect(macEnv(fn), fn).toEqual({ 'Fn::GetAtt': [macKey, 'Arn'] });
    }
    // Every other function with a role of its own (the stream router, CDK's helpers): no use of the key at all.
    const others = idsOf(resources, 'AWS::Lambda::Function').filter(
      (id) => !writers.includes(id) && resources[id]!.Properties!.Role,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const fn of others) {
      expect(uses(fn), fn).toEqual([]);
      expect(macEnv(fn), fn).toBeUndefined();
    }
    // No statement anywhere grants VerifyMac or any other use of it: the derived key is checked locally.
    template.hasResourceProperties('AWS::KMS::Key', { KeySpec: 'HMAC_256', KeyUsage: 'GENERATE_VERIFY_MAC' });
  });
});

describe('functions', () => {
  it('one per API family, arm64, Node.js 24, traced, production environment with the table name', () => {
    const table = one('AWS::DynamoDB::Table', 'DataTable');
    for (const family of families) {
      const fn = resources[apiFunction(family)]!.Properties!;
      expect(fn.Architectures, family).toEqual(['arm64']);
      expect(fn.Runtime, family).toBe('nodejs24.x');
      expect(fn.TracingConfig, family).toEqual({ Mode: 'Active' });
      expect((fn.Environment as { Variables: Record<string, unknown> }).Variables, family).toMatchObject({
        CUSTODY_ENV: 'production',
        CUSTODY_TABLE_NAME: { Ref: table },
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('each has its own log group with a retention', () => {
    for (const id of idsOf(resources, 'AWS::Lambda::Function')) {
      const logGroup = (resources[id]!.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[logGroup]!.Type).toBe('AWS::Logs::LogGroup');
      expect(resources[logGroup]!.Properties!.RetentionInDays).toBeGreaterThan(0);
    }
  });
});

describe('API', () => {
  /** Full path of an API Gateway resource, from its PathPart and parents. */
  function resourcePath(ref: unknown): string {
    if (typeof ref === 'object' && ref && 'Fn::GetAtt' in ref) return '';
    const id = (ref as { Ref: string }).Ref;
    const r = resources[id]!.Properties!;
    return `${resourcePath(r.ParentId)}/${String(r.PathPart)}`;
  }

  it('has one method per route of ALL_ROUTES, on the resource of its path, integrated with its family function', () => {
    const methods = idsOf(resources, 'AWS::ApiGateway::Method')
      .map((id) => resources[id]!.Properties!)
      .filter((m) => m.HttpMethod !== 'ANY');
    expect(methods).toHaveLength(ALL_ROUTES.length);
    for (const route of ALL_ROUTES) {
      const method = methods.find((m) => m.OperationName === route.operationId);
      expect(method, route.operationId).toBeDefined();
      expect(method!.HttpMethod).toBe(route.method);
      expect(resourcePath(method!.ResourceId) || '/').toBe(route.path);
      expect(method!.AuthorizationType).toBe('NONE');
      const integration = method!.Integration as { Type: string; Uri: unknown };
      expect(integration.Type).toBe('AWS_PROXY');
      expect(JSON.stringify(integration.Uri)).toContain(`"${apiFunction(route.family)}"`);
    }
  });

  it("sends every other method of a known path to that path's function (whose pipeline answers 405 with Allow)", () => {
    const any = idsOf(resources, 'AWS::ApiGateway::Method')
      .map((id) => resources[id]!.Properties!)
      .filter((m) => m.HttpMethod === 'ANY');
    const paths = new Set(ALL_ROUTES.map((r) => r.path));
    expect(any).toHaveLength(paths.size);
    for (const m of any) {
      const p = resourcePath(m.ResourceId) || '/';
      const family = ALL_ROUTES.find((r) => r.path === p)!.family;
      expect((m.Integration as { Type: string }).Type).toBe('AWS_PROXY');
      expect(JSON.stringify((m.Integration as { Uri: unknown }).Uri), p).toContain(`"${apiFunction(family)}"`);
    }
  });

  it('lets API Gateway invoke each function through one permission per function, not one per method', () => {
    const permissions = idsOf(resources, 'AWS::Lambda::Permission').map((id) => resources[id]!.Properties!);
    for (const family of families) {
      expect(
        permissions.filter((p) => JSON.stringify(p.FunctionName).includes(`"${apiFunction(family)}"`)),
        family,
      ).toHaveLength(1);
    }
  });

  it('has access logs, error execution logs, tracing and stage throttling', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: 500,
          ThrottlingBurstLimit: 1000,
        }),
      ],
    });
  });

  it('answers its own errors (no route, throttled) in the catalog shape with catalog codes, with nosniff', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: {
        'application/json': Match.stringLikeRegexp(
          `"code":${ERROR_CATALOG.NOT_FOUND.code},"type":"NOT_FOUND","message":"no route \\$context.httpMethod \\$context.path"`,
        ),
      },
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'REQUEST_TOO_LARGE',
      StatusCode: '413',
      ResponseTemplates: {
        'application/json': Match.stringLikeRegexp(
          `"code":${ERROR_CATALOG.PAYLOAD_TOO_LARGE.code},"type":"PAYLOAD_TOO_LARGE"`,
        ),
      },
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNSUPPORTED_MEDIA_TYPE',
      StatusCode: '415',
      ResponseTemplates: {
        'application/json': Match.stringLikeRegexp(
          `"code":${ERROR_CATALOG.UNSUPPORTED_MEDIA_TYPE.code},"type":"UNSUPPORTED_MEDIA_TYPE"`,
        ),
      },
    });
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      ResponseTemplates: {
        'application/json': Match.stringLikeRegexp(`"code":${ERROR_CATALOG.RATE_LIMITED.code},"type":"RATE_LIMITED"`),
      },
    });
    for (const id of idsOf(resources, 'AWS::ApiGateway::GatewayResponse')) {
      const body = (resources[id]!.Properties!.ResponseTemplates as Record<string, string>)['application/json']!;
      expect(() => JSON.parse(body.replaceAll('$context.error.messageString', '"x"'))).not.toThrow();
      expect(resources[id]!.Properties!.ResponseParameters).toMatchObject({
        'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
      });
    }
  });
});

describe('queues', () => {
  const queue = (prefix: string) => resources[one('AWS::SQS::Queue', prefix)]!.Properties!;

  it('transactions is FIFO without content-based deduplication, with a FIFO dead-letter queue after 5 receives', () => {
    const tx = queue('QueuesTransactions');
    expect(tx).toMatchObject({
      FifoQueue: true,
      ContentBasedDeduplication: false,
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    expect(tx.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [one('AWS::SQS::Queue', 'QueuesTransactionsDlq'), 'Arn'] },
      maxReceiveCount: 5,
    });
    expect(queue('QueuesTransactionsDlq').FifoQueue).toBe(true);
  });

  it('webhooks is standard with a dead-letter queue after 5 receives', () => {
    const hooks = queue('QueuesWebhooks');
    expect(hooks.FifoQueue).toBeUndefined();
    expect(hooks.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [one('AWS::SQS::Queue', 'QueuesWebhooksDlq'), 'Arn'] },
      maxReceiveCount: 5,
    });
  });

  it('every queue is encrypted and refuses requests without TLS', () => {
    for (const id of idsOf(resources, 'AWS::SQS::Queue')) {
      expect(resources[id]!.Properties!.SqsManagedSseEnabled, id).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });
});

describe('alarms', () => {
  const alarms = () => idsOf(resources, 'AWS::CloudWatch::Alarm').map((id) => resources[id]!.Properties!);

  it('fire on any visible message in each dead-letter queue (both queue DLQs and the stream failure queue)', () => {
    const dlqs = [
      one('AWS::SQS::Queue', 'QueuesTransactionsDlq'),
      one('AWS::SQS::Queue', 'QueuesWebhooksDlq'),
      one('AWS::SQS::Queue', 'StreamRouterFailureQueue'),
    ];
    for (const dlq of dlqs) {
      const alarm = alarms().find(
        (a) =>
          a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(`"${dlq}"`),
      );
      expect(alarm, dlq).toMatchObject({
        Namespace: 'AWS/SQS',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      expect(alarm!.AlarmActions).toEqual([{ Ref: one('AWS::SNS::Topic', 'MonitoringAlarmTopic') }]);
    }
  });

  it('fire on errors of every function', () => {
    for (const fn of idsOf(resources, 'AWS::Lambda::Function')) {
      const alarm = alarms().find((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fn}"`));
      expect(alarm, fn).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 0, Statistic: 'Sum' });
    }
  });
});

describe('stream router', () => {
  it('reads the table stream filtered to audit record inserts and transaction changes, bisecting and reporting failures', () => {
    const mapping = resources[one('AWS::Lambda::EventSourceMapping', 'StreamRouterFunctionTableStream')]!.Properties!;
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [one('AWS::DynamoDB::Table', 'DataTable'), 'StreamArn'] },
      FunctionName: { Ref: streamRouter() },
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      StartingPosition: 'TRIM_HORIZON',
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [one('AWS::SQS::Queue', 'StreamRouterFailureQueue'), 'Arn'] } },
      },
    });
    const patterns = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern) as unknown,
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['audit'] } } } },
      {
        eventName: ['MODIFY'],
        dynamodb: { NewImage: { entity: { S: ['webhook_delivery'] }, status: { S: ['replaying'] } } },
      },
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['transaction'] } } } },
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { entity: { S: ['tenant'] }, status: { S: ['active'] } },
          OldImage: { status: { S: ['suspended'] } },
        },
      },
    ]);
  });

  it('its filters let through every change routeChange routes, and drop the table traffic it ignores', () => {
    const mapping = resources[one('AWS::Lambda::EventSourceMapping', 'StreamRouterFunctionTableStream')]!.Properties!;
    const patterns = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern) as unknown,
    );
    /** Lambda's event filtering, for the rules used here: an array lists the accepted values, an object nests. */
    const matches = (pattern: unknown, value: unknown): boolean =>
      Array.isArray(pattern)
        ? pattern.includes(value)
        : Object.entries(pattern as Record<string, unknown>).every(
            ([k, p]) =>
              typeof value === 'object' && value !== null && matches(p, (value as Record<string, unknown>)[k]),
          );
    const passes = (c: StreamChange) =>
      patterns.some((p) =>
        matches(p, {
          eventName: c.eventName,
          dynamodb: {
            ...(c.newImage ? { NewImage: marshall(c.newImage) } : {}),
            ...(c.oldImage ? { OldImage: marshall(c.oldImage) } : {}),
          },
        }),
      );

    const tx = {
      ...keys.transaction('t', 'x'),
      ...keys.transactionsByVault('t', 'v'),
      entity: 'transaction',
      id: 'x',
      version: 2,
    };
    const tenant = { entity: 'tenant', id: 't', name: 'Acme', suspended_reason: null, version: 5 };
    const routed: StreamChange[] = [
      {
        eventName: 'INSERT',
        newImage: eventRecordItem('t', 'r1', [
          { id: 'r1:0', type: 'transaction.created', timestamp: '2026-01-01T00:00:00.000Z', group: 'x', data: {} },
        ]),
      },
      { eventName: 'INSERT', newImage: { ...tx, status: 'SUBMITTED', version: 1 } },
      {
        eventName: 'MODIFY',
        oldImage: { ...tx, status: 'SUBMITTED', version: 1 },
        newImage: { ...tx, status: 'QUEUED' },
      },
      {
        eventName: 'MODIFY',
        oldImage: { ...tenant, status: 'suspended', version: 4 },
        newImage: { ...tenant, status: 'active' },
      },
    ];
    for (const c of routed) {
      expect(routeChange(c), JSON.stringify(c)).not.toEqual([]);
      expect(passes(c), JSON.stringify(c)).toBe(true);
    }
    const ignored: StreamChange[] = [
      { eventName: 'INSERT', newImage: { entity: 'wallet', id: 'w', tenant_id: 't' } },
      {
        eventName: 'MODIFY',
        oldImage: { ...tenant, status: 'active', version: 4 },
        newImage: { ...tenant, status: 'suspended' },
      },
      {
        eventName: 'MODIFY',
        oldImage: { ...tenant, status: 'active', version: 4 },
        newImage: { ...tenant, name: 'Acme 2', status: 'active' },
      },
      { eventName: 'REMOVE', oldImage: { entity: 'audit', id: 'r1', tenant_id: 't' } },
      {
        eventName: 'MODIFY',
        oldImage: { entity: 'audit', id: 'r1', tenant_id: 't' },
        newImage: { entity: 'audit', id: 'r1', tenant_id: 't', events: [] },
      },
    ];
    for (const c of ignored) {
      expect(routeChange(c), JSON.stringify(c)).toEqual([]);
      expect(passes(c), JSON.stringify(c)).toBe(false);
    }
  });

  it('gets both queue URLs, may send to both queues and its failure queue, and touches no table item', () => {
    const fn = resources[streamRouter()]!.Properties!;
    expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      CUSTODY_TX_QUEUE_URL: { Ref: one('AWS::SQS::Queue', 'QueuesTransactions') },
      CUSTODY_WEBHOOK_QUEUE_URL: { Ref: one('AWS::SQS::Queue', 'QueuesWebhooks') },
    });
    const statements = roleStatements(resources, roleOf(resources, streamRouter()));
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:DescribeStream',
        'sqs:SendMessage',
      ]),
    );
    expect(
      actions.filter((a) =>
        /^dynamodb:(Get|Put|Update|Delete|Query|Scan|Batch)Item|^dynamodb:Query|^dynamodb:Scan/.test(a),
      ),
    ).toEqual([]);
    expect(
      actions.filter(
        (a) =>
          a.startsWith('sqs:') && a !== 'sqs:SendMessage' && a !== 'sqs:GetQueueAttributes' && a !== 'sqs:GetQueueUrl',
      ),
    ).toEqual([]);
    const sqsResources = JSON.stringify(
      statements.filter((s) => actionsOf(s).includes('sqs:SendMessage')).map((s) => s.Resource),
    );
    for (const q of ['QueuesTransactions', 'QueuesWebhooks', 'StreamRouterFailureQueue'])
      expect(sqsResources).toContain(`"${one('AWS::SQS::Queue', q)}"`);
  });
});

describe('IAM', () => {
  const allStatements = () =>
    idsOf(resources, 'AWS::IAM::Policy').flatMap(
      (id) => (resources[id]!.Properties!.PolicyDocument as { Statement: Parameters<typeof actionsOf>[0][] }).Statement,
    );

  it('no policy grants a service wildcard (dynamodb:*, sqs:*, kms:*, *)', () => {
    for (const s of allStatements()) for (const a of actionsOf(s)) expect(a).not.toMatch(/^(\*|[a-z0-9-]+:\*)$/);
  });

  it('an API function without secrets reads and writes the table, uses the key only through DynamoDB, and has no queue access', () => {
    const fn = apiFunction('tenants');
    const statements = roleStatements(resources, roleOf(resources, fn));
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ]),
    );
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.startsWith('sqs:'))).toEqual([]);
    for (const s of statements.filter((x) =>
      actionsOf(x).some((a) => a.startsWith('kms:') && a !== 'kms:GenerateMac'),
    )) {
      expect(s.Condition).toEqual({ StringEquals: { 'kms:ViaService': 'dynamodb.eu-west-1.amazonaws.com' } });
    }
    expect(
      (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.CUSTODY_KMS_KEY_ID,
    ).toBeUndefined();
  });

  it('table access names the table and each index, without an index wildcard', () => {
    const table = one('AWS::DynamoDB::Table', 'DataTable');
    const s = roleStatements(resources, roleOf(resources, apiFunction('tenants'))).find((x) =>
      actionsOf(x).includes('dynamodb:GetItem'),
    )!;
    const text = JSON.stringify(s.Resource);
    for (const index of TABLE.indexes) expect(text).toContain(`/index/${index.name}`);
    expect(text).not.toContain('/index/*');
    expect(text).toContain(`"${table}"`);
  });

  it('the webhooks function gets direct use of the key for secrets, and its id', () => {
    const fn = apiFunction('webhooks');
    const key = one('AWS::KMS::Key', 'Key');
    const direct = roleStatements(resources, roleOf(resources, fn)).filter(
      (s) => actionsOf(s).includes('kms:Decrypt') && !s.Condition,
    );
    expect(direct).toHaveLength(1);
    expect(direct[0]!.Resource).toEqual({ 'Fn::GetAtt': [key, 'Arn'] });
    expect(
      (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.CUSTODY_KMS_KEY_ID,
    ).toEqual({ Ref: key });
  });

  it('functions start from their own role with no AWS managed policy', () => {
    for (const fn of idsOf(resources, 'AWS::Lambda::Function')) {
      expect(resources[roleOf(resources, fn)]!.Properties!.ManagedPolicyArns, fn).toBeUndefined();
    }
  });
});
