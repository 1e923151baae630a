import { SecretUnavailableError, type SecretProvider } from '../../ports/secrets.js';

/**
 * Secrets from values given at start (the local stack and tests: the validated configuration, e.g.
 * `{ CUSTODY_SIGNER_TOKEN: cfg.CUSTODY_SIGNER_TOKEN }`). The id is the setting's name.
 */
export class EnvSecretProvider implements SecretProvider {
  constructor(private readonly values: Readonly<Record<string, string | undefined>>) {}

  async getSecret(id: string): Promise<string> {
    const value = this.values[id];
    if (!value) throw new SecretUnavailableError(`secret ${id} is not set`);
    return value;
  }

  forget(): void {}
}
