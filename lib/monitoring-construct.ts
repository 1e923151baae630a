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

export type MonitoringConstructProps = {
  key: kms.IKey;
  /** An address subscribed to the alarm topic (optional; subscribe anything else to the topic after deploy). */
  alarmEmail?: string;
};

/**
 * Alarms that mean "someone must look": a message in any dead-letter queue (work the service gave up on), and any
 * function error. They all notify one SNS topic, encrypted with our key.
 */
export class MonitoringConstruct extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringConstructProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Custody service alarms', masterKey: props.key, enforceSSL: true });
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
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM }),
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

  private add(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
