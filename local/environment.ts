/**
 * The settings the local stack runs with: the caller's `CUSTODY_*` settings, its own DynamoDB Local as the store, and
 * local defaults for the table name and environment. Kept apart from the stack so the runner can check the settings
 * before it loads anything that reads them.
 */
export function localEnvironment(
  env: Record<string, string | undefined>,
  dynamoEndpoint: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return {
    ...out,
    CUSTODY_DYNAMODB_ENDPOINT: dynamoEndpoint,
    CUSTODY_TABLE_NAME: env.CUSTODY_TABLE_NAME || 'custody',
    CUSTODY_ENV: env.CUSTODY_ENV || 'local',
  };
}
