import { Annotations, ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { Family, RouteDef } from '../shared/http/route.js';
import { ApiConstruct } from './api-construct.js';
import { DataConstruct } from './data-construct.js';
import type { DeploySettings } from './deploy-settings.js';
import { MonitoringConstruct } from './monitoring-construct.js';
import { QueuesConstruct } from './queues-construct.js';
import { bindTable, type ServiceFunctionProps } from './service-function.js';
import { bindGrants, type GrantTargets } from './grants.js';
import type { Grant } from '../shared/composition/grants.js';
import { SECRET_ARN_RE } from '../shared/config.js';
import { StreamRouterConstruct } from './stream-router-construct.js';
import {
  DEFAULT_SCHEDULED,
  DEFAULT_WORKERS,
  WorkersConstruct,
  type ScheduledSpec,
  type WorkerSpec,
} from './workers-construct.js';

export type CustodyStackProps = StackProps & {
  /** Validated `custody:CUSTODY_*` context (lib/deploy-settings.ts). */
  settings: DeploySettings;
  routes: readonly RouteDef[];
  apiFunctions: Partial<Record<Family, { entry: string; grants: readonly Grant[] }>>;
  /** `retain` (default) keeps the table, key, queues and logs when the stack is deleted; `destroy` is for dev stacks. */
  removalPolicy?: 'retain' | 'destroy';
  workers?: readonly WorkerSpec[];
  scheduled?: readonly ScheduledSpec[];
  stageName?: string;
  throttle?: { rateLimit: number; burstLimit: number };
  webAclArn?: string;
  alarmEmail?: string;
  /** Tests that only assert on the template skip esbuild; `cdk synth` never does. */
  bundling?: 'esbuild' | 'none';
};

/**
 * The whole service on AWS: the key, the table, the queues, the API (one function per family), the stream router,
 * the workers and schedules, and the alarms. Each part is its own construct; this stack wires their permissions.
 */
export class CustodyStack extends Stack {
  readonly key: kms.Key;
  readonly data: DataConstruct;
  readonly queues: QueuesConstruct;
  readonly api: ApiConstruct;
  readonly streamRouter: StreamRouterConstruct;
  readonly workers: WorkersConstruct;
  readonly monitoring: MonitoringConstruct;
  /**
   * The HMAC key the service derives its own keys from: list cursors, and the audit record MAC key. Only the functions
   * that write changes (every API function, the background functions marked `auditMac`) and the sequencer may use it,
   * and only with GenerateMac.
   */
  readonly macKey: kms.Key;
  /** Signs the audit checkpoints (ML-DSA-65); its public key is served at GET /v1/audit/public-key. */
  readonly auditKey: kms.Key;
  /**
   * Signs the JWS of webhook deliveries (ML-DSA-65); published at GET /v1/webhooks/jwks. The stack's own key, or the
   * one named by `custody:CUSTODY_WEBHOOK_KEY_ID` (a rotation, docs/webhooks.md).
   */
  readonly webhookKey: kms.IKey;
  /**
   * Signs the policy receipts (ML-DSA-65) that signers check before signing; published at GET /v1/keys/policy. The
   * stack's own key, or the one named by `custody:CUSTODY_POLICY_KEY_ID` (a rotation, docs/signer.md).
   */
  readonly policyKey: kms.IKey;

  constructor(scope: Construct, id: string, props: CustodyStackProps) {
    super(scope, id, props);
    const removalPolicy = props.removalPolicy === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const { settings } = props;
    if (settings.secretsGiven.length) {
      Annotations.of(this).addWarningV2(
        'custody:secret-in-context',
        `${settings.secretsGiven.join(', ')} given as context: the value is stored in the template and the function configuration. Prefer a secret store for production.`,
      );
    }

    const functionDefaults: Omit<ServiceFunctionProps, 'entry' | 'description'> = {
      environment: { ...settings.environment, CUSTODY_ENV: 'production' },
      removalPolicy,
      bundling: props.bundling ?? 'esbuild',
    };

    this.key = new kms.Key(this, 'Key', {
      description: 'Custody service: encrypts the table and the secrets the service stores',
      enableKeyRotation: true,
      removalPolicy,
      pendingWindow: Duration.days(30),
    });
    // HMAC keys have no automatic rotation in KMS. Replacing it by hand invalidates outstanding list cursors, and every
    // stored audit record's MAC with them (verification would name the first record as forged): keep it (RETAIN).
    this.macKey = new kms.Key(this, 'MacKey', {
      description:
        'Custody service: HMAC key the service derives its signing keys from (list cursors, audit record MACs)',
      keySpec: kms.KeySpec.HMAC_256,
      keyUsage: kms.KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy,
      pendingWindow: Duration.days(30),
    });
    NagSuppressions.addResourceSuppressions(this.macKey, [
      {
        id: 'AwsSolutions-KMS5',
        reason:
          'An HMAC key cannot have automatic rotation in KMS. The keys derived from it sign list cursors and audit record MACs; replacing it would make the MAC of every stored audit record fail, so it is kept.',
      },
    ]);
    this.auditKey = new kms.Key(this, 'AuditKey', {
      description: 'Custody service: signs the audit checkpoints (ML-DSA-65)',
      keySpec: kms.KeySpec.ML_DSA_65,
      keyUsage: kms.KeyUsage.SIGN_VERIFY,
      removalPolicy,
      pendingWindow: Duration.days(30),
    });
    NagSuppressions.addResourceSuppressions(this.auditKey, [
      {
        id: 'AwsSolutions-KMS5',
        reason:
          'Asymmetric keys cannot have automatic rotation in KMS; a new key starts a new key id on later checkpoints.',
      },
    ]);
    const keyArn = (arnOrId: string) =>
      arnOrId.startsWith('arn:')
        ? arnOrId
        : this.formatArn({
            service: 'kms',
            resource: 'key',
            resourceName: arnOrId,
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          });
    const givenWebhookKey = settings.config.CUSTODY_WEBHOOK_KEY_ID;
    if (givenWebhookKey) {
      this.webhookKey = kms.Key.fromKeyArn(this, 'WebhookKey', keyArn(givenWebhookKey));
    } else {
      const webhookKey = new kms.Key(this, 'WebhookKey', {
        description: 'Custody service: signs the JWS of webhook deliveries (ML-DSA-65)',
        keySpec: kms.KeySpec.ML_DSA_65,
        keyUsage: kms.KeyUsage.SIGN_VERIFY,
        removalPolicy,
        pendingWindow: Duration.days(30),
      });
      NagSuppressions.addResourceSuppressions(webhookKey, [
        {
          id: 'AwsSolutions-KMS5',
          reason:
            'Asymmetric keys cannot have automatic rotation in KMS; a rotation publishes a new key beside the old one (docs/webhooks.md).',
        },
      ]);
      this.webhookKey = webhookKey;
    }
    const publishedWebhookKeys = settings.config.CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS.map(keyArn);
    const givenPolicyKey = settings.config.CUSTODY_POLICY_KEY_ID;
    if (givenPolicyKey) {
      this.policyKey = kms.Key.fromKeyArn(this, 'PolicyKey', keyArn(givenPolicyKey));
    } else {
      const policyKey = new kms.Key(this, 'PolicyKey', {
        description: 'Custody service: signs the policy receipts signers check before signing (ML-DSA-65)',
        keySpec: kms.KeySpec.ML_DSA_65,
        keyUsage: kms.KeyUsage.SIGN_VERIFY,
        removalPolicy,
        pendingWindow: Duration.days(30),
      });
      NagSuppressions.addResourceSuppressions(policyKey, [
        {
          id: 'AwsSolutions-KMS5',
          reason:
            'Asymmetric keys cannot have automatic rotation in KMS; a rotation names the old key in CUSTODY_POLICY_RETIRED_KEYS, published until its receipts expire (docs/signer.md).',
        },
      ]);
      this.policyKey = policyKey;
    }
    const retiredPolicyKeys = settings.config.CUSTODY_POLICY_RETIRED_KEYS.map((k) =>
      keyArn(k.slice(0, k.indexOf('@'))),
    );
    this.data = new DataConstruct(this, 'Data', { key: this.key, removalPolicy });
    this.queues = new QueuesConstruct(this, 'Queues', {
      maxReceiveCount: settings.config.CUSTODY_MAX_RECEIVES,
      removalPolicy,
    });
    const table = this.data.table;

    this.api = new ApiConstruct(this, 'Api', {
      routes: props.routes,
      functions: props.apiFunctions,
      functionDefaults,
      removalPolicy,
      ...(props.stageName ? { stageName: props.stageName } : {}),
      ...(props.throttle ? { throttle: props.throttle } : {}),
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });
    for (const fn of this.api.functions.values()) bindTable(fn, table, 'readWrite', this.key);

    this.streamRouter = new StreamRouterConstruct(this, 'StreamRouter', {
      table,
      key: this.key,
      queues: this.queues.queues,
      functionDefaults,
      removalPolicy,
    });
    this.workers = new WorkersConstruct(this, 'Workers', {
      workers: props.workers ?? DEFAULT_WORKERS,
      scheduled: props.scheduled ?? DEFAULT_SCHEDULED,
      table,
      key: this.key,
      queues: this.queues.queues,
      functionDefaults,
    });

    // What each function may use beyond the table comes from its declaration alone (shared/composition/grants.ts).
    const c = settings.config;
    const targets: GrantTargets = {
      key: this.key,
      macKey: this.macKey,
      auditKey: this.auditKey,
      webhookKey: this.webhookKey,
      publishedWebhookKeys,
      policyKey: this.policyKey,
      retiredPolicyKeys,
      signerSecretArns: [
        c.CUSTODY_SIGNER_TOKEN_SECRET_ARN,
        c.CUSTODY_SIGNER_TLS_CA,
        c.CUSTODY_SIGNER_TLS_CERT,
        c.CUSTODY_SIGNER_TLS_KEY,
      ].filter((v): v is string => !!v && SECRET_ARN_RE.test(v)),
    };
    for (const [family, fn] of this.api.functions) bindGrants(fn, props.apiFunctions[family]?.grants ?? [], targets);
    const background = new Map(
      [...(props.workers ?? DEFAULT_WORKERS), ...(props.scheduled ?? DEFAULT_SCHEDULED)].map((spec) => [
        spec.name,
        spec.grants ?? [],
      ]),
    );
    for (const [name, fn] of this.workers.functions) bindGrants(fn, background.get(name) ?? [], targets);

    this.monitoring = new MonitoringConstruct(this, 'Monitoring', {
      key: this.key,
      ...(props.alarmEmail ? { alarmEmail: props.alarmEmail } : {}),
    });
    this.monitoring.deadLetterQueue('TransactionsDlq', this.queues.deadLetterQueues.transactions);
    this.monitoring.deadLetterQueue('WebhooksDlq', this.queues.deadLetterQueues.webhooks);
    this.monitoring.deadLetterQueue('AuditDlq', this.queues.deadLetterQueues.audit);
    this.monitoring.deadLetterQueue('StreamFailures', this.streamRouter.failureQueue);
    for (const [family, fn] of this.api.functions)
      this.monitoring.functionErrors(`Api${family[0]!.toUpperCase()}${family.slice(1)}`, fn);
    this.monitoring.functionErrors('StreamRouter', this.streamRouter.function);
    this.monitoring.serviceMetrics();
    for (const [name, fn] of this.workers.functions) this.monitoring.functionErrors(name, fn);

    new CfnOutput(this, 'ApiUrl', {
      value: this.api.api.url,
      description: 'Base URL of the API (paths start with /v1)',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'KeyId', { value: this.key.keyId });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
  }
}
