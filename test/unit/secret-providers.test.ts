import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { AwsSecretsManagerProvider } from '../../shared/adapters/secrets/aws-secrets-manager.js';
import { EnvSecretProvider } from '../../shared/adapters/secrets/env-secrets.js';
import { SecretUnavailableError } from '../../shared/ports/secrets.js';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:signer-token-x1Y2z3';
const sm = mockClient(SecretsManagerClient);
beforeEach(() => sm.reset());

describe('AwsSecretsManagerProvider', () => {
  it('calls GetSecretValue with the ARN, caches the value for the TTL, and shares one call between concurrent reads', async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN })
      .resolvesOnce({ SecretString: 'v1' })
      .resolves({ SecretString: 'v2' });
    let now = 1_000;
    const p = new AwsSecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-1' }), {
      ttlMs: 60_000,
      now: () => now,
    });
    expect(await Promise.all([p.getSecret(ARN), p.getSecret(ARN)])).toEqual(['v1', 'v1']);
    now += 59_999;
    expect(await p.getSecret(ARN)).toBe('v1');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    now += 1;
    expect(await p.getSecret(ARN)).toBe('v2');
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: ARN },
      { SecretId: ARN },
    ]);
  });

  it('does not cache a failure, and refuses a binary secret, naming the secret and never a value', async () => {
    sm.on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('x'), { name: 'ResourceNotFoundException' }))
      .resolvesOnce({ SecretBinary: new Uint8Array([1]) })
      .resolves({ SecretString: 'ok' });
    const p = new AwsSecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-1' }));
    await expect(p.getSecret(ARN)).rejects.toThrow(
      new SecretUnavailableError(`secret ${ARN} could not be read: ResourceNotFoundException`),
    );
    await expect(p.getSecret(ARN)).rejects.toThrow(/has no SecretString/);
    expect(await p.getSecret(ARN)).toBe('ok');
  });

  it('reads again after forget', async () => {
    sm.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'old' }).resolves({ SecretString: 'new' });
    const p = new AwsSecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-1' }));
    expect(await p.getSecret(ARN)).toBe('old');
    p.forget(ARN);
    expect(await p.getSecret(ARN)).toBe('new');
  });
});

describe('EnvSecretProvider', () => {
  it('answers the configured value and refuses an unset one', async () => {
    const p = new EnvSecretProvider({ CUSTODY_SIGNER_TOKEN: 'tok', OTHER: undefined });
    expect(await p.getSecret('CUSTODY_SIGNER_TOKEN')).toBe('tok');
    await expect(p.getSecret('OTHER')).rejects.toBeInstanceOf(SecretUnavailableError);
  });
});
