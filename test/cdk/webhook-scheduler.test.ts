import { beforeAll, describe, expect, it } from 'vitest';
import { functionByDescription, idsOf, roleOf, roleStatements, synth, type CfnResource } from './synth.js';

/**
 * The scheduler port on AWS for the webhook worker: a schedule group, a role EventBridge Scheduler assumes that may
 * only send to the webhooks queue, and the worker's right to create/delete schedules in that group and pass that role.
 */
let resources: Record<string, CfnResource>;
const worker = () => functionByDescription(resources, 'Custody worker WebhookWorker: consumes the webhooks queue');
const only = (type: string, prefix: string) => {
  const ids = idsOf(resources, type, prefix);
  expect(ids).toHaveLength(1);
  return ids[0]!;
};

beforeAll(() => {
  ({ resources } = synth());
});

describe('webhook retry schedules', () => {
  it('makes one schedule group and a role the scheduler assumes, sending to the webhooks queue only', () => {
    only('AWS::Scheduler::ScheduleGroup', 'WorkersWebhookWorkerScheduleGroup');
    const roleId = only('AWS::IAM::Role', 'WorkersWebhookWorkerOneTimeScheduleRole');
    const role = resources[roleId]!.Properties!;
    expect(JSON.stringify(role.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
    const statements = roleStatements(resources, roleId);
    expect(statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])).sort()).toEqual([
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    expect(JSON.stringify(statements.map((s) => s.Resource))).toContain('QueuesWebhooks');
    expect(JSON.stringify(statements.map((s) => s.Resource))).not.toContain('QueuesTransactions');
  });

  it('lets the worker create and delete schedules of that group only, pass that role only, and tells it their names', () => {
    const fnId = worker();
    const statements = roleStatements(resources, roleOf(resources, fnId));
    const create = statements.find((s) => JSON.stringify(s.Action).includes('scheduler:CreateSchedule'))!;
    expect([create.Action].flat().sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
    expect(JSON.stringify(create.Resource)).toContain(':schedule/');
    expect(JSON.stringify(create.Resource)).toContain('-webhooks/*');
    const pass = statements.find((s) => JSON.stringify(s.Action).includes('iam:PassRole'))!;
    expect(JSON.stringify(pass.Resource)).toContain('WorkersWebhookWorkerOneTimeScheduleRole');
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    const env = (resources[fnId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(env.CUSTODY_WEBHOOK_QUEUE_ARN)).toContain('QueuesWebhooks');
    expect(JSON.stringify(env.CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN)).toContain('WorkersWebhookWorkerOneTimeScheduleRole');
    expect(env.CUSTODY_WEBHOOK_SCHEDULE_GROUP).toBeDefined();
    expect(env.CUSTODY_KMS_KEY_ID).toBeDefined();
  });

  it('gives no other function scheduler rights', () => {
    const others = idsOf(resources, 'AWS::Lambda::Function').filter((id) => id !== worker());
    for (const id of others) {
      const role = roleOf(resources, id);
      if (!role) continue;
      expect(JSON.stringify(roleStatements(resources, role))).not.toContain('scheduler:CreateSchedule');
    }
  });
});
