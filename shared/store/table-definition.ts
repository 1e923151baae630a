/**
 * The single table's shape: key schema, indexes, TTL attribute and stream. The CDK data construct and the local
 * stack's table creation both read this, so they cannot drift.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
  /** Generic index names (ElectroDB style); what each holds is decided in keys.ts. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];
