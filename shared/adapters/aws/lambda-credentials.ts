import { fromEnv } from '@aws-sdk/credential-provider-env';
import type { AwsCredentialIdentityProvider } from '@aws-sdk/types';

/**
 * What the bundled functions use in place of `@aws-sdk/credential-provider-node` (an esbuild alias in BUNDLE_OPTIONS,
 * lib/function-bundle.ts). Every AWS SDK client's Node runtime config takes its default credential provider from
 * that package, whose chain (environment, SSO, ini files, process, web identity, container and instance metadata)
 * brings about 95 KiB of providers and nested STS/SSO clients into every bundle. In Lambda the credentials of the
 * execution role are always in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the
 * environment is the whole chain there. Only bundles use this: the local stack (`npm start`) and the tests run the
 * unbundled SDK with its full chain.
 */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}): AwsCredentialIdentityProvider =>
  fromEnv(init);

/** The other exports of @aws-sdk/credential-provider-node, same meaning (env credentials carry no expiration in Lambda). */
export const credentialsWillNeedRefresh = (credentials: { expiration?: Date }) => credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
