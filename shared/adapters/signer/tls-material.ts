import { readFile } from 'node:fs/promises';
import { SECRET_ARN_RE } from '../../config.js';
import type { SecretProvider } from '../../ports/secrets.js';

/**
 * Reads one `CUSTODY_SIGNER_TLS_*` value: inline PEM (starts with `-----BEGIN`), a Secrets Manager ARN (read through
 * the secret provider: the way to give the private key on AWS), or else a path to a PEM file.
 */
export async function readPem(value: string, secrets: SecretProvider): Promise<string> {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return v;
  if (SECRET_ARN_RE.test(v)) return secrets.getSecret(v);
  return readFile(v, 'utf8');
}
