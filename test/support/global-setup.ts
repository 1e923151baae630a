import { startDynamoDbLocal, type DynamoDbLocal } from '../../shared/adapters/local/dynamodb-local.js';

/** One DynamoDB Local (in memory) for the whole run; each test file makes its own table (per-file-setup.ts). */
let ddb: DynamoDbLocal | undefined;

export async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  ddb = await startDynamoDbLocal({ inMemory: true });
  provide('dynamoEndpoint', ddb.endpoint);
}

export async function teardown() {
  await ddb?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
