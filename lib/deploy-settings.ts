import { readConfig, SECRET_ARN_RE, settingSchemas, type Config } from '../shared/config.js';

/** Context keys `custody:CUSTODY_*` carry service settings into the functions' environment. */
export const SETTING_CONTEXT_PREFIX = 'custody:';

/**
 * Settings the stack decides itself (resource names, the environment, local-only knobs): giving them as context is
 * a mistake, so the synth refuses them rather than silently ignoring or obeying them.
 */
export const STACK_OWNED_SETTINGS = [
  'CUSTODY_ENV',
  'CUSTODY_TABLE_NAME',
  'CUSTODY_DYNAMODB_ENDPOINT',
  'CUSTODY_REGION',
  'CUSTODY_KMS_KEY_ID',
  'CUSTODY_MAC_KEY_ID',
  'CUSTODY_LOCAL_KEY_FILE',
  'CUSTODY_TX_QUEUE_URL',
  'CUSTODY_WEBHOOK_QUEUE_URL',
  'CUSTODY_AUDIT_QUEUE_URL',
  'CUSTODY_AUDIT_KEY_ID',
  'CUSTODY_WEBHOOK_QUEUE_ARN',
  'CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN',
  'CUSTODY_WEBHOOK_SCHEDULE_GROUP',
] as const satisfies readonly (keyof Config)[];

/**
 * Settings that are secrets: passing them as context puts them in the template and the function configuration.
 * `CUSTODY_SIGNER_TLS_KEY` counts unless it names a Secrets Manager ARN (the way to give it on AWS).
 */
export const SECRET_SETTINGS = [
  'CUSTODY_SIGNER_TOKEN',
  'CUSTODY_SIGNER_TLS_KEY',
] as const satisfies readonly (keyof Config)[];

export class DeploySettingsError extends Error {}

export type DeploySettings = {
  /** The settings given, as environment variables for every function (the stack adds its own). */
  environment: Record<string, string>;
  /** The full configuration the functions will read (given settings plus defaults, as in production). */
  config: Config;
  /** Secret settings that were given as context (the caller warns about them). */
  secretsGiven: string[];
};

/**
 * Turns the `custody:CUSTODY_*` context entries into the functions' environment and validates them with the same
 * `readConfig` the functions run at start, so a bad value fails `cdk synth` naming the setting instead of failing
 * every cold start after deploy.
 */
export function deploySettings(context: Record<string, unknown>): DeploySettings {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(context)) {
    if (!key.startsWith(SETTING_CONTEXT_PREFIX)) continue;
    const name = key.slice(SETTING_CONTEXT_PREFIX.length);
    if (!(name in settingSchemas()))
      throw new DeploySettingsError(
        `unknown setting in context ${key}: not one of the CUSTODY_* settings of shared/config.ts`,
      );
    if ((STACK_OWNED_SETTINGS as readonly string[]).includes(name))
      throw new DeploySettingsError(`context ${key}: ${name} is set by the stack and cannot be given`);
    if (value === undefined || value === null) continue;
    environment[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  let config: Config;
  try {
    config = readConfig({ ...environment, CUSTODY_ENV: 'production', AWS_REGION: 'us-east-1' });
  } catch (e) {
    throw new DeploySettingsError(`${(e as Error).message} (given as context ${SETTING_CONTEXT_PREFIX}<NAME>)`);
  }
  const secretsGiven = SECRET_SETTINGS.filter((s) => s in environment && !SECRET_ARN_RE.test(environment[s]!));
  return { environment, config, secretsGiven };
}
