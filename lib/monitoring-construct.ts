import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ServiceFunction } from './service-function.js';
import { METRICS, METRICS_NAMESPACE, METRICS_SERVICE, type MetricKey } from '../shared/observability/metrics.js';

/**
 * The alarms on the service's own metrics (shared/observability/metrics.ts, documented in docs/deploy.md): each reads
 * a metric's rollup dimensions, so it covers every method, endpoint or reason.
 */
export const METRIC_ALARMS = [
  {
    id: 'ChainNodeFailures',
    metric: 'nodeLatency',
    dimensions: { outcome: 'failed' },
    statistic: 'SampleCount',
    threshold: 5,
    periods: 1,
    minutes: 5,
    description:
      'Chain node calls failed (no usable answer) 5 or more times in 5 minutes: a node is down or unreachable. Check the breaker states in the log (chain node call failed) and the node provider.',
  },
  {
    id: 'ChainNodeSlow',
    metric: 'nodeLatency',
    dimensions: { outcome: 'ok' },
    statistic: 'p95',
    threshold: 2000,
    periods: 3,
    minutes: 5,
    description:
      'The 95th percentile of successful chain node calls is over 2 s for 15 minutes: the node is overloaded or far away.',
  },
  {
    id: 'SignerFailures',
    metric: 'signerLatency',
    dimensions: { outcome: 'failed' },
    statistic: 'SampleCount',
    threshold: 3,
    periods: 1,
    minutes: 5,
    description:
      'Signer calls failed 3 or more times in 5 minutes: key generation and signing answer 503 1500. Check the signer and the log (signer call failed).',
  },
  {
    id: 'TransfersFailed',
    metric: 'transfersFailed',
    dimensions: {},
    statistic: 'Sum',
    threshold: 1,
    periods: 1,
    minutes: 5,
    description: 'A transfer ended FAILED. The reason dimension of TransfersFailed and the transaction say why.',
  },
  {
    id: 'TransactionsOverdue',
    metric: 'transactionsOverdue',
    dimensions: {},
    statistic: 'Maximum',
    threshold: 1,
    periods: 3,
    minutes: 5,
    description:
      'Transactions have waited past their expected time (not in a block CUSTODY_STUCK_AFTER_SECONDS after broadcast) for 15 minutes. The subStatus dimension of TransactionsOverdue and GET /v1/transactions?stuck=true say why.',
  },
  {
    id: 'WebhookDeliveriesFailed',
    metric: 'webhookDeliveries',
    dimensions: { outcome: 'failed' },
    statistic: 'Sum',
    threshold: 1,
    periods: 1,
    minutes: 5,
    description:
      'A webhook delivery was given up after its last attempt: the receiver is down or refusing. The event waits in the webhooks dead-letter queue.',
  },
  {
    id: 'AuditRecordForged',
    metric: 'auditRecordsRefused',
    dimensions: {},
    statistic: 'Sum',
    threshold: 1,
    periods: 1,
    minutes: 5,
    description:
      'The audit sequencer refused a record whose MAC does not verify: someone wrote an audit record into the table directly. GET /v1/audit/verify names it; the log (audit record refused) names the tenant and record.',
  },
] as const satisfies readonly {
  id: string;
  metric: MetricKey;
  dimensions: Record<string, string>;
  statistic: string;
  threshold: number;
  periods: number;
  minutes: number;
  description: string;
}[];

export type MonitoringConstructProps = {
  key: kms.IKey;
  /** An address subscribed to the alarm topic (optional; subscribe anything else to the topic after deploy). */
  alarmEmail?: string;
};

/**
 * Alarms that mean "someone must look": a message in any dead-letter queue (work the service gave up on), any
 * function error, and the service's own metrics (`METRIC_ALARMS`). They all notify one SNS topic, encrypted with our key.
 */
export class MonitoringConstruct extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringConstructProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Custody service alarms',
      masterKey: props.key,
      enforceSSL: true,
    });
    // CloudWatch publishes to the encrypted topic, so it needs the key (through SNS only).
    props.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
  }

  /** Alarms as soon as one message is visible in the dead-letter queue. */
  deadLetterQueue(id: string, queue: sqs.IQueue): cloudwatch.Alarm {
    return this.add(
      new cloudwatch.Alarm(this, `${id}Alarm`, {
        alarmDescription: `Messages in dead-letter queue ${id}: work the service gave up on. Inspect, fix the cause, redrive.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /** Alarms on any error of the function within five minutes. */
  functionErrors(id: string, fn: ServiceFunction): cloudwatch.Alarm {
    return this.add(
      new cloudwatch.Alarm(this, `${id}ErrorsAlarm`, {
        alarmDescription: `Errors of function ${id}. See its log group for the request ids and stacks.`,
        metric: fn.fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /** Alarms on the service's own metrics (`METRIC_ALARMS`); no data is not an alarm (a quiet service is fine). */
  serviceMetrics(): cloudwatch.Alarm[] {
    return METRIC_ALARMS.map((a) =>
      this.add(
        new cloudwatch.Alarm(this, `${a.id}Alarm`, {
          alarmDescription: a.description,
          metric: new cloudwatch.Metric({
            namespace: METRICS_NAMESPACE,
            metricName: METRICS[a.metric].name,
            dimensionsMap: { service: METRICS_SERVICE, ...a.dimensions },
            statistic: a.statistic,
            period: Duration.minutes(a.minutes),
          }),
          threshold: a.threshold,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: a.periods,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      ),
    );
  }

  private add(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
