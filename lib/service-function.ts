import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { Config } from '../shared/config.js';
import type { QueueName } from '../shared/ports/queue.js';
import { QUEUE_URL_SETTINGS } from '../shared/background/manifest.js';
import { TABLE } from '../shared/store/table-definition.js';
import { functionCode, HANDLER, type RuntimeFile } from './function-bundle.js';

/** Node.js 24 is the current Active LTS line that Lambda offers in aws-cdk-lib 2.276. */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;

export type ServiceFunctionProps = {
  /** Entry file relative to the repository root (e.g. `functions/tenants/handler.ts`) or absolute. */
  entry: string;
  description: string;
  memorySize?: number;
  timeout?: Duration;
  environment?: Record<string, string>;
  logRetention?: logs.RetentionDays;
  /** What happens to the log group when the stack is deleted. */
  removalPolicy?: RemovalPolicy;
  /**
   * `esbuild` (default) bundles the entry; `none` deploys a placeholder and skips esbuild. Only tests that assert
   * on the template use `none`; `cdk synth`/`deploy` always bundle.
   */
  bundling?: 'esbuild' | 'none';
  /** Files placed beside the bundle after esbuild (paths relative to the repository root), read at run time. */
  files?: readonly RuntimeFile[];
};

/**
 * A Lambda function with our defaults: arm64, Node.js 24, ESM bundle with the SDK inside and source maps on, X-Ray
 * tracing, its own log group with a retention, and its own role that starts with nothing but writing to that log
 * group. Every other permission comes from the `bind*` helpers below, so each function holds only what it uses.
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.entry}`,
    });
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      description: props.description,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(29),
      role: this.role,
      logGroup: this.logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    } satisfies Partial<lambda.FunctionProps>;

    if (props.bundling === 'none') {
      this.fn = new lambda.Function(this, 'Function', {
        ...common,
        handler: HANDLER,
        code: lambda.Code.fromInline(
          `// placeholder for ${props.entry} (bundling skipped)\nexports.handler = async () => { throw new Error('not bundled'); };`,
        ),
      });
    } else {
      // Our own esbuild step (lib/function-bundle.ts): code splitting needs an output directory, which NodejsFunction
      // (one --outfile) does not offer. The entry is index.mjs, its lazy chunks under chunks/.
      this.fn = new lambda.Function(this, 'Function', {
        ...common,
        handler: HANDLER,
        code: functionCode(props.entry, props.files ?? [], RUNTIME),
      });
    }

    // Active X-Ray tracing. Set on the resource rather than through `tracing`, which would put the Resource "*"
    // statement into the role's default policy; in its own policy, the nag suppression covers X-Ray and nothing else.
    (this.fn.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: 'Active' };
    const tracing = new iam.Policy(this, 'TracingPolicy', {
      roles: [this.role],
      statements: [
        new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
      ],
    });
    this.fn.node.addDependency(tracing);
    suppressWildcard(
      tracing,
      'X-Ray: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
    );
  }

  /** Sets a service setting in the function's environment. */
  env(name: keyof Config, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }
}

/** A Resource "*" that IAM forces on us, suppressed on that one policy only, so any other wildcard still fails cdk-nag. */
function suppressWildcard(policy: iam.Policy, reason: string): void {
  NagSuppressions.addResourceSuppressions(policy, [{ id: 'AwsSolutions-IAM5', reason, appliesTo: ['Resource::*'] }]);
}

/** Item-level table actions. TransactWriteItems is authorised per item as Put/Update/Delete/ConditionCheck. */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

/** The table's KMS key used through DynamoDB on the caller's behalf: never usable directly. */
function keyViaDynamoDb(fn: ServiceFunction, key: kms.IKey): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'],
      resources: [key.keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Stack.of(fn).region}.amazonaws.com` } },
    }),
  );
}

/**
 * Grants the table's item actions on the table and on each of its indexes by name (no `index/*` wildcard, no
 * Scan, no table administration), plus use of its key through DynamoDB only. Sets `CUSTODY_TABLE_NAME`.
 */
export function bindTable(
  fn: ServiceFunction,
  table: dynamodb.ITable,
  access: 'read' | 'readWrite',
  key: kms.IKey,
): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_ACTIONS[access]],
      resources: [table.tableArn, ...TABLE.indexes.map((i) => `${table.tableArn}/index/${i.name}`)],
    }),
  );
  keyViaDynamoDb(fn, key);
  fn.env('CUSTODY_TABLE_NAME', table.tableName);
}

/** Grants reading the table's stream (what a stream event source mapping needs), and the key through DynamoDB; no item access. */
export function bindTableStream(fn: ServiceFunction, table: dynamodb.ITable, key: kms.IKey): void {
  if (!table.tableStreamArn) throw new Error('the table has no stream');
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
      resources: [table.tableStreamArn],
    }),
  );
  const list = new iam.Policy(fn, 'StreamListPolicy', {
    roles: [fn.role],
    statements: [new iam.PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] })],
  });
  suppressWildcard(
    list,
    'dynamodb:ListStreams supports no resource-level permissions; the stream record actions are scoped to the table stream ARN.',
  );
  // The event source mapping (a child of the function) is validated against the role when it is created.
  fn.fn.node.addDependency(list);
  keyViaDynamoDb(fn, key);
  fn.env('CUSTODY_TABLE_NAME', table.tableName);
}

/**
 * Grants sending to (`send`) or consuming from (`consume`, used by an SQS event source) the named queue, and sets
 * its URL (`QUEUE_URL_SETTINGS` of shared/background/manifest.ts). The queues use SQS-managed encryption, so no key permission is needed (for a
 * KMS-encrypted queue, CDK's queue grants would add the key actions themselves).
 */
export function bindQueue(fn: ServiceFunction, name: QueueName, queue: sqs.IQueue, access: 'send' | 'consume'): void {
  if (access === 'send') queue.grantSendMessages(fn.role);
  else queue.grantConsumeMessages(fn.role);
  fn.env(QUEUE_URL_SETTINGS[name], queue.queueUrl);
}

/**
 * Lets the function derive the service's signing keys (list cursors, the audit record MAC key) from the HMAC key:
 * `kms:GenerateMac` only, once per purpose and container (shared/adapters/keys/kms-key-provider.ts). Sets
 * `CUSTODY_MAC_KEY_ID`. Granted to the functions that write changes, and to the audit sequencer, which checks MACs.
 */
export function bindMacKey(fn: ServiceFunction, key: kms.IKey): void {
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['kms:GenerateMac'], resources: [key.keyArn] }));
  fn.env('CUSTODY_MAC_KEY_ID', key.keyArn);
}

/**
 * The audit checkpoint key: the sequencer signs (`kms:Sign`), the audit API only reads the public key. Sets
 * `CUSTODY_AUDIT_KEY_ID`.
 */
export function bindAuditKey(fn: ServiceFunction, key: kms.IKey, sign: boolean): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: sign ? ['kms:Sign', 'kms:GetPublicKey'] : ['kms:GetPublicKey'],
      resources: [key.keyArn],
    }),
  );
  fn.env('CUSTODY_AUDIT_KEY_ID', key.keyArn);
}

/**
 * The webhook key (ML-DSA-65): the webhook worker signs each delivery's JWS (`kms:Sign`, and `kms:GetPublicKey` on
 * that key alone: a body too long for a RAW message is signed as its external mu, computed from the public key); the
 * webhooks API function publishes the key set (`kms:GetPublicKey` only, on the signing key and the other published
 * keys of a rotation). Sets `CUSTODY_WEBHOOK_KEY_ID`.
 */
export function bindWebhookKey(
  fn: ServiceFunction,
  key: kms.IKey,
  use: { sign: true } | { publish: readonly string[] },
): void {
  bindPublishedKey(fn, key, use, ['kms:Sign', 'kms:GetPublicKey'], 'CUSTODY_WEBHOOK_KEY_ID');
}

/**
 * The policy key (ML-DSA-65): the transaction worker signs receipts (`kms:Sign` only: it never needs the public key);
 * the meta API function publishes the key set (`kms:GetPublicKey` only, on the key and the retired ones). No other
 * function is granted anything on it. Sets `CUSTODY_POLICY_KEY_ID`.
 */
export function bindPolicyKey(
  fn: ServiceFunction,
  key: kms.IKey,
  use: { sign: true } | { publish: readonly string[] },
): void {
  bindPublishedKey(fn, key, use, ['kms:Sign'], 'CUSTODY_POLICY_KEY_ID');
}

/**
 * A signing key whose public keys are published: its signer gets `signActions` on the key alone, a publisher
 * `kms:GetPublicKey` on it and on the other published keys. Sets `envName` to the key's ARN.
 */
function bindPublishedKey(
  fn: ServiceFunction,
  key: kms.IKey,
  use: { sign: true } | { publish: readonly string[] },
  signActions: readonly string[],
  envName: 'CUSTODY_WEBHOOK_KEY_ID' | 'CUSTODY_POLICY_KEY_ID',
): void {
  const statement =
    'sign' in use
      ? new iam.PolicyStatement({ actions: [...signActions], resources: [key.keyArn] })
      : new iam.PolicyStatement({ actions: ['kms:GetPublicKey'], resources: [key.keyArn, ...use.publish] });
  fn.role.addToPrincipalPolicy(statement);
  fn.env(envName, key.keyArn);
}

/**
 * Grants direct use of the key for application-level encryption of secrets (webhook signing secrets and the
 * like) and sets `CUSTODY_KMS_KEY_ID`. Only the functions that handle such secrets get this.
 */
export function bindSecretsKey(fn: ServiceFunction, key: kms.IKey): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'],
      resources: [key.keyArn],
    }),
  );
  fn.env('CUSTODY_KMS_KEY_ID', key.keyId);
}

/**
 * Lets the function read the signer's secrets from Secrets Manager (`secretsmanager:GetSecretValue` on exactly the
 * ARNs given: the bearer token and any TLS material given as an ARN). Only the functions that call the signer get
 * this. A secret encrypted with a customer managed key also needs `kms:Decrypt` on that key (not granted here).
 */
export function bindSignerSecrets(fn: ServiceFunction, secretArns: readonly string[]): void {
  if (!secretArns.length) return;
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [...secretArns] }),
  );
}
