import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentialsTreatedAsExpired, defaultProvider } from '../../shared/adapters/aws/lambda-credentials.js';

/* The bundles' stand-in for the SDK's default credential chain (BUNDLE_OPTIONS.alias): the environment only. */
afterEach(() => vi.unstubAllEnvs());

describe('the credential provider of the bundled functions', () => {
  it("answers the execution role's credentials from the environment, as Lambda sets them", async () => {
    vi.stubEnv('AWS_PROFILE', '');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    expect(await defaultProvider()()).toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it("fails with the SDK's credentials error when the environment has none (no other source is tried)", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toMatchObject({ name: 'CredentialsProviderError' });
  });

  it('is what a client signs with when given as its default provider (as the aliased runtime config does)', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMENV');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    let authorization = '';
    const client = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      credentialDefaultProvider: defaultProvider,
      maxAttempts: 1,
    });
    client.middlewareStack.add(
      (_next) => async (args) => {
        authorization = String((args.request as { headers: Record<string, string> }).headers.authorization);
        throw new Error('stop before sending');
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await expect(client.send(new ListTablesCommand({}))).rejects.toThrow('stop before sending');
    expect(authorization).toContain('Credential=AKIDFROMENV/');
  });

  it("keeps the chain's expiry rule for credentials that carry one", () => {
    expect(credentialsTreatedAsExpired({})).toBe(false);
    expect(credentialsTreatedAsExpired({ expiration: new Date(Date.now() + 60_000) })).toBe(true);
    expect(credentialsTreatedAsExpired({ expiration: new Date(Date.now() + 3_600_000) })).toBe(false);
  });
});
