/**
 * The single table's shape: key schema, indexes, TTL attribute and stream. The CDK data construct and the local
 * stack's table creation both read this, so they cannot drift.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
  /**
   * Generic index names (ElectroDB style); what each holds is decided in keys.ts, what reads it in access-patterns.ts.
   * Every index projects keys only: an index entry costs one write unit whatever the item's size, and an update that
   * changes no index key (an approval recorded, a transaction moving on while open) writes no index entry at all. A
   * query on an index reads the items themselves in one batch (the DynamoDB adapter), since every list shows whole
   * records.
   *
   * gsi1 to gsi4 share one sort-key attribute, `gsisk`: an item's place in every list it is in (a time-ordered id, a
   * block number then id), stored once rather than once per index (every attribute is paid for on every write of
   * the item). gsi5, platform-wide, sorts by tenant then id.
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsisk', projection: 'KEYS_ONLY' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsisk', projection: 'KEYS_ONLY' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsisk', projection: 'KEYS_ONLY' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsisk', projection: 'KEYS_ONLY' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk', projection: 'KEYS_ONLY' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];
