import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretUnavailableError, type SecretProvider } from '../../ports/secrets.js';

/**
 * Secrets from AWS Secrets Manager (`GetSecretValue` of the secret's ARN, current version). A value is cached for
 * `ttlMs` (default 5 minutes) so a warm function does not call Secrets Manager per request, and concurrent first
 * reads share one call. `forget` drops the cached value so the next read fetches it again (after a rotation).
 * Only `SecretString` secrets are supported (a token or a PEM is text).
 */
export type AwsSecretsManagerOptions = { ttlMs?: number; now?: () => number };

export class AwsSecretsManagerProvider implements SecretProvider {
  private readonly cache = new Map<string, { value: Promise<string>; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly client: SecretsManagerClient,
    opts: AwsSecretsManagerOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  getSecret(id: string): Promise<string> {
    const hit = this.cache.get(id);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    const value = this.fetch(id);
    this.cache.set(id, { value, expiresAt: this.now() + this.ttlMs });
    value.catch(() => this.cache.delete(id)); // a failed read is not cached
    return value;
  }

  forget(id: string): void {
    this.cache.delete(id);
  }

  private async fetch(id: string): Promise<string> {
    let out;
    try {
      out = await this.client.send(new GetSecretValueCommand({ SecretId: id }));
    } catch (e) {
      throw new SecretUnavailableError(`secret ${id} could not be read: ${(e as Error).name}`);
    }
    if (typeof out.SecretString !== 'string' || out.SecretString === '')
      throw new SecretUnavailableError(`secret ${id} has no SecretString`);
    return out.SecretString;
  }
}
