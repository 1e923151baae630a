import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLE } from '../shared/store/table-definition.js';

export type DataConstructProps = {
  key: kms.IKey;
  /** `RETAIN` for anything that holds real data; `DESTROY` only for throw-away dev stacks. */
  removalPolicy: RemovalPolicy;
};

/**
 * The single table, built from `shared/store/table-definition.ts` (the same definition the local stack creates its
 * DynamoDB Local table from, so the two cannot drift): on-demand, point-in-time recovery, encrypted with our key,
 * the stream the stream router reads, and TTL for ephemeral items.
 */
export class DataConstruct extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataConstructProps) {
    super(scope, id);
    const retain = props.removalPolicy !== RemovalPolicy.DESTROY;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: props.key,
      timeToLiveAttribute: TABLE.ttlAttribute,
      stream: dynamodb.StreamViewType[TABLE.stream],
      removalPolicy: props.removalPolicy,
      deletionProtection: retain,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType[index.projection],
      });
    }
  }
}
