import { beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { METRIC_ALARMS } from '../../lib/monitoring-construct.js';
import { METRICS, METRICS_NAMESPACE } from '../../shared/observability/metrics.js';
import { idsOf, resourceId, synth, type CfnResource } from './synth.js';

/** The alarms on the service's own metrics, as synthesized: each reads a metric the code defines, by its rollup dimensions. */
let resources: Record<string, CfnResource>;
beforeAll(() => {
  ({ resources } = synth());
});
const alarms = () => idsOf(resources, 'AWS::CloudWatch::Alarm').map((id) => resources[id]!.Properties!);

describe('alarms on service metrics', () => {
  it.each(METRIC_ALARMS)('$id alarms on $metric in the service namespace and notifies the alarm topic', (a) => {
    const def = METRICS[a.metric];
    const found = alarms().filter(
      (p) => p.Namespace === METRICS_NAMESPACE && p.MetricName === def.name && p.AlarmDescription === a.description,
    );
    expect(found).toHaveLength(1);
    const alarm = found[0]!;
    const stat = a.statistic.startsWith('p') ? { ExtendedStatistic: a.statistic } : { Statistic: a.statistic };
    expect(alarm).toMatchObject({
      ...stat,
      Threshold: a.threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: a.periods,
      Period: a.minutes * 60,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: resourceId(resources, 'AWS::SNS::Topic', 'MonitoringAlarmTopic') }],
    });
    // exactly the rollup dimension set the code publishes (with service), or CloudWatch would never see a value
    const names = (alarm.Dimensions as { Name: string; Value: string }[]).map((d) => d.Name).sort();
    expect(names).toEqual(['service', ...def.rollup].sort());
    expect(alarm.Dimensions).toContainEqual({ Name: 'service', Value: 'custody' });
  });

  it('alarms when transactions wait past their expected time for 15 minutes, whatever their sub-status', () => {
    Template.fromJSON({ Resources: resources }).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: METRICS_NAMESPACE,
      MetricName: 'TransactionsOverdue',
      Statistic: 'Maximum',
      Threshold: 1,
      EvaluationPeriods: 3,
      Period: 300,
      Dimensions: [{ Name: 'service', Value: 'custody' }],
    });
  });

  it('covers node failures and latency, signer failures, failed transfers and given-up webhook deliveries', () => {
    expect(METRIC_ALARMS.map((a) => a.id)).toEqual([
      'ChainNodeFailures',
      'ChainNodeSlow',
      'SignerFailures',
      'TransfersFailed',
      'TransactionsOverdue',
      'WebhookDeliveriesFailed',
      'AuditRecordForged',
    ]);
  });
});
