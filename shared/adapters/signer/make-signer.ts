import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Config } from '../../config.js';
import { logger } from '../../logger.js';
import type { SecretProvider } from '../../ports/secrets.js';
import { SignerUnavailableError, type GeneratedKey, type SignOutcome, type Signer } from '../../ports/signer.js';
import { AwsSecretsManagerProvider } from '../secrets/aws-secrets-manager.js';
import { EnvSecretProvider } from '../secrets/env-secrets.js';
import { GrpcSigner } from './grpc-signer.js';
import { HttpSigner, type SignerToken } from './http-signer.js';
import { readPem } from './tls-material.js';

export type SignerConfig = Pick<
  Config,
  | 'CUSTODY_REGION'
  | 'CUSTODY_SIGNER_TYPE'
  | 'CUSTODY_SIGNER_URL'
  | 'CUSTODY_SIGNER_TOKEN'
  | 'CUSTODY_SIGNER_TOKEN_SECRET_ARN'
  | 'CUSTODY_SIGNER_TIMEOUT_MS'
  | 'CUSTODY_SIGNER_GRPC_URL'
  | 'CUSTODY_SIGNER_TLS_CA'
  | 'CUSTODY_SIGNER_TLS_CERT'
  | 'CUSTODY_SIGNER_TLS_KEY'
>;

/**
 * Where the signer's secrets are read: Secrets Manager when any signer setting names a secret ARN (on AWS), else the
 * configuration itself (locally). Tests pass their own provider (an AwsSecretsManagerProvider over a mocked client).
 */
export function signerSecrets(cfg: SignerConfig): SecretProvider {
  const usesArn = [
    cfg.CUSTODY_SIGNER_TOKEN_SECRET_ARN,
    cfg.CUSTODY_SIGNER_TLS_CA,
    cfg.CUSTODY_SIGNER_TLS_CERT,
    cfg.CUSTODY_SIGNER_TLS_KEY,
  ].some((v) => v?.startsWith('arn:'));
  if (usesArn)
    return new AwsSecretsManagerProvider(new SecretsManagerClient({ region: cfg.CUSTODY_REGION, maxAttempts: 3 }));
  return new EnvSecretProvider({ CUSTODY_SIGNER_TOKEN: cfg.CUSTODY_SIGNER_TOKEN });
}

/** The remote signer's bearer token: the secret `CUSTODY_SIGNER_TOKEN_SECRET_ARN` names, else `CUSTODY_SIGNER_TOKEN`; none when neither is set. */
export function signerToken(cfg: SignerConfig, secrets: SecretProvider): SignerToken | undefined {
  const id = cfg.CUSTODY_SIGNER_TOKEN_SECRET_ARN ?? (cfg.CUSTODY_SIGNER_TOKEN ? 'CUSTODY_SIGNER_TOKEN' : undefined);
  if (!id) return undefined;
  return { get: () => secrets.getSecret(id), forget: () => secrets.forget(id) };
}

/** A signer that is not configured: key generation answers 503 1500, signing is `transient` (the setting to fix is in the log). */
class UnconfiguredSigner implements Signer {
  constructor(private readonly missing: string) {}
  async generateKey(): Promise<GeneratedKey> {
    logger.warn('signer call failed', { reason: `${this.missing} is not set` });
    throw new SignerUnavailableError('no signer is configured');
  }
  async sign(): Promise<SignOutcome> {
    logger.warn('signer call failed', { reason: `${this.missing} is not set` });
    return { outcome: 'transient', reason: 'no signer is configured' };
  }
}

/**
 * The signer the configuration chooses: `grpc` -> GrpcSigner (mutual TLS), otherwise the HTTPS signer at
 * `CUSTODY_SIGNER_URL` (`remote` signing, and key generation in every mode but `grpc`). The composition root
 * (shared/composition/signer.ts) builds one per process.
 */
export function makeSigner(cfg: SignerConfig, secrets: SecretProvider = signerSecrets(cfg)): Signer {
  if (cfg.CUSTODY_SIGNER_TYPE === 'grpc') {
    const {
      CUSTODY_SIGNER_GRPC_URL: url,
      CUSTODY_SIGNER_TLS_CA: ca,
      CUSTODY_SIGNER_TLS_CERT: cert,
      CUSTODY_SIGNER_TLS_KEY: key,
    } = cfg;
    if (!url || !cert || !key) return new UnconfiguredSigner('CUSTODY_SIGNER_GRPC_URL or CUSTODY_SIGNER_TLS_CERT/KEY');
    return new GrpcSigner({
      url,
      timeoutMs: cfg.CUSTODY_SIGNER_TIMEOUT_MS,
      tls: async () => ({
        ...(ca ? { ca: await readPem(ca, secrets) } : {}),
        cert: await readPem(cert, secrets),
        key: await readPem(key, secrets),
      }),
    });
  }
  if (!cfg.CUSTODY_SIGNER_URL) return new UnconfiguredSigner('CUSTODY_SIGNER_URL');
  const token = signerToken(cfg, secrets);
  return new HttpSigner({
    url: cfg.CUSTODY_SIGNER_URL,
    ...(token ? { token } : {}),
    timeoutMs: cfg.CUSTODY_SIGNER_TIMEOUT_MS,
  });
}
