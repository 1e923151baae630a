import * as z from './schemas/zod.js';

/**
 * Every setting of the service: read from `CUSTODY_*` environment variables once, validated, and frozen. A bad
 * setting stops the start with a message naming the variable. This is the only module that reads `process.env`.
 */
/**
 * A setting: its schema, built only when the variable is set (a function's environment sets a few of the settings;
 * building all of them cost its first request about 5 ms), and its value when the variable is not set (unchecked, as
 * zod's default is).
 */
const setting = <S extends z.ZodMiniType, const U>(schema: () => S, unset: U) => ({ schema, unset });
const int = (def: number, min: number, max: number) =>
  setting(() => z.coerce.number().check(z.int(), z.gte(min), z.lte(max)), def);
const bool = (def: boolean) =>
  setting(
    () =>
      z.pipe(
        z.enum(['true', 'false', '1', '0']),
        z.transform((v) => v === 'true' || v === '1'),
      ),
    def,
  );
/** A comma-separated list: each item trimmed, empty items dropped, each checked by `item`. */
const commaList = <I extends z.ZodMiniType<string, string>>(item: () => I) =>
  setting(
    () =>
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((s) =>
            s
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          ),
        ),
        z.array(item()),
      ),
    Object.freeze([]) as unknown as string[],
  );
const urlList = () => commaList(() => z.url());

/** A Secrets Manager secret ARN (the settings that can name one: the signer token, the signer's TLS material). */
export const SECRET_ARN_RE = /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[A-Za-z0-9/_+=.@-]+$/;
/** A KMS key named by its ARN or its key id (a UUID, or `mrk-` and 32 hex digits); aliases are refused. */
export const KMS_KEY_RE =
  /^(arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:key\/)?(mrk-[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** PEM material: inline (`-----BEGIN ...`), a file path, or a Secrets Manager ARN (read by the signer adapter). */
const pem = () => z.string().check(z.minLength(1), z.maxLength(16_384));

/**
 * Each setting: its schema (built when its variable is set) and its value when unset; what each means is in
 * shared/config-docs.ts (read by `npm run docs:settings`, not bundled). Nothing is built at import: the roughly 150
 * zod schemas cost every function's cold import about 5 ms (docs/benchmarks.md), and building them all at the first
 * read cost its first request as much again.
 */
const buildSettings = () => ({
  CUSTODY_ENV: setting(() => z.enum(['local', 'production']), 'local'),
  CUSTODY_TABLE_NAME: setting(() => z.string().check(z.minLength(3), z.maxLength(255)), 'custody'),
  CUSTODY_DYNAMODB_ENDPOINT: setting(() => z.url(), undefined),
  CUSTODY_REGION: setting(() => z.string(), 'us-east-1'),
  CUSTODY_LOG_LEVEL: setting(() => z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
  CUSTODY_CHAIN_ID: int(20803, 1, Number.MAX_SAFE_INTEGER),
  CUSTODY_CONFIRMATION_DEPTH: int(12, 1, 10_000),
  CUSTODY_NODE_RPC_URL: setting(() => z.url(), 'http://127.0.0.1:8545'),
  CUSTODY_NODE_BACKUP_RPC_URLS: urlList(),
  CUSTODY_NODE_TIMEOUT_MS: int(5_000, 100, 120_000),
  CUSTODY_NODE_BREAKER_FAILURES: int(5, 1, 1_000),
  CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS: int(30, 1, 3_600),
  CUSTODY_PQ_ALGORITHM: setting(() => z.enum(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']), 'ML-DSA-65'),
  CUSTODY_PQ_CONTEXT: setting(() => z.string().check(z.maxLength(255)), ''),
  CUSTODY_NATIVE_ASSET_SYMBOL: setting(() => z.string().check(z.regex(/^[A-Za-z0-9._-]{1,32}$/)), 'PQ'),
  CUSTODY_NATIVE_ASSET_NAME: setting(() => z.string().check(z.minLength(1), z.maxLength(128)), 'PQ Chain native coin'),
  CUSTODY_SIGNER_TYPE: setting(() => z.enum(['callback', 'grpc', 'remote']), 'callback'),
  CUSTODY_SIGNER_KEYGEN_MODE: setting(() => z.enum(['signer', 'local']), 'signer'),
  CUSTODY_SIGNER_URL: setting(() => z.url(), undefined),
  CUSTODY_SIGNER_TOKEN: setting(() => z.string(), undefined),
  CUSTODY_SIGNER_TOKEN_SECRET_ARN: setting(
    () => z.string().check(z.regex(SECRET_ARN_RE, 'must be a Secrets Manager secret ARN')),
    undefined,
  ),
  CUSTODY_SIGNER_TIMEOUT_MS: int(10_000, 100, 120_000),
  CUSTODY_SIGNER_GRPC_URL: setting(
    () => z.url().check(z.regex(/^https:\/\//, 'must be an https:// URL (gRPC with mutual TLS)')),
    undefined,
  ),
  CUSTODY_SIGNER_TLS_CA: setting(() => pem(), undefined),
  CUSTODY_SIGNER_TLS_CERT: setting(() => pem(), undefined),
  CUSTODY_SIGNER_TLS_KEY: setting(() => pem(), undefined),
  CUSTODY_RATE_LIMIT_ENABLED: bool(true),
  CUSTODY_RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 3600),
  CUSTODY_RATE_LIMIT_PER_KEY: int(600, 1, 10_000_000),
  CUSTODY_RATE_LIMIT_PER_TENANT: int(3000, 1, 10_000_000),
  CUSTODY_RATE_LIMIT_PUBLIC_PER_IP: int(120, 1, 10_000_000),
  CUSTODY_RATE_LIMIT_TENANT_SHARDS: int(8, 1, 64),
  CUSTODY_DAILY_LIMIT_ALLOWANCE: int(16, 0, 1000),
  CUSTODY_IDEMPOTENCY_TTL_SECONDS: int(86_400, 60, 7 * 86_400),
  CUSTODY_CREDENTIAL_GRACE_SECONDS: int(86_400, 0, 30 * 86_400),
  CUSTODY_CREDENTIAL_MAX_GRACE_SECONDS: int(7 * 86_400, 0, 90 * 86_400),
  CUSTODY_SSO_SESSION_TTL: int(8 * 3600, 300, 7 * 86_400),
  CUSTODY_PUBLIC_URL: setting(
    () => z.url().check(z.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, 'must be an http(s) URL without a trailing slash')),
    undefined,
  ),
  CUSTODY_KMS_KEY_ID: setting(() => z.string(), undefined),
  CUSTODY_MAC_KEY_ID: setting(() => z.string(), undefined),
  CUSTODY_LOCAL_KEY_FILE: setting(() => z.string(), '.local/master.key'),
  CUSTODY_AUDIT_KEY_ID: setting(() => z.string(), undefined),
  CUSTODY_AUDIT_LAG_SECONDS: int(300, 1, 86_400),
  CUSTODY_AUDIT_ORIGIN: setting(
    () =>
      z
        .string()
        .check(
          z.regex(/^[a-z0-9.-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a schema-less URL such as custody.example.com/audit'),
        ),
    'custody.local/audit',
  ),
  CUSTODY_AUDIT_WITNESS_KEYS: commaList(() => z.string()),
  CUSTODY_AUDIT_QUEUE_URL: setting(() => z.string(), undefined),
  CUSTODY_TX_QUEUE_URL: setting(() => z.string(), undefined),
  CUSTODY_WEBHOOK_QUEUE_URL: setting(() => z.string(), undefined),
  CUSTODY_WEBHOOK_TIMEOUT_MS: int(10_000, 100, 10_000),
  CUSTODY_WEBHOOK_QUEUE_ARN: setting(() => z.string(), undefined),
  CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN: setting(() => z.string(), undefined),
  CUSTODY_WEBHOOK_SCHEDULE_GROUP: setting(
    () => z.string().check(z.regex(/^[0-9A-Za-z._-]{1,64}$/)),
    'custody-webhooks',
  ),
  CUSTODY_WEBHOOK_KEY_ID: setting(
    () =>
      z
        .string()
        .check(z.regex(KMS_KEY_RE, 'must be a KMS key ARN or key id (not an alias): its key id is the JWS `kid`')),
    undefined,
  ),
  CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS: commaList(() =>
    z.string().check(z.regex(KMS_KEY_RE, 'each must be a KMS key ARN or key id')),
  ),
  CUSTODY_POLICY_KEY_ID: setting(
    () =>
      z
        .string()
        .check(
          z.regex(KMS_KEY_RE, 'must be a KMS key ARN or key id (not an alias): its key id names the receipts it signs'),
        ),
    undefined,
  ),
  CUSTODY_POLICY_RETIRED_KEYS: commaList(() =>
    z
      .string()
      .check(z.regex(/^[^@]+@\d{4}-\d\d-\d\dT[\d:.]+Z$/, 'each must be <KMS key ARN>@<ISO time it stopped signing>')),
  ),
  CUSTODY_RECEIPT_TTL_SECONDS: int(86_400, 60, 30 * 86_400),
  CUSTODY_MAX_RECEIVES: int(5, 1, 100),
  CUSTODY_POLL_MAX_TRANSACTIONS: int(500, 1, 100_000),
  CUSTODY_POLL_MAX_SECONDS: int(20, 1, 900),
  CUSTODY_POLL_INTERVAL_SECONDS: int(5, 1, 3600),
  CUSTODY_LOCAL_QUEUE_CONCURRENCY: int(10, 1, 100),
  CUSTODY_APPROVAL_TTL_SECONDS: int(86_400, 60, 30 * 86_400),
  CUSTODY_SCREENING_PROVIDER: setting(() => z.enum(['none', 'builtin', 'http']), 'builtin'),
  CUSTODY_SCREENING_URL: setting(() => z.url(), undefined),
  CUSTODY_SCREENING_TIMEOUT_MS: int(5_000, 100, 60_000),
  CUSTODY_SCREENING_BLOCKLIST: commaList(() => z.string()),
  CUSTODY_STUCK_AFTER_SECONDS: int(300, 10, 86_400),
  CUSTODY_REDRIVE_AFTER_SECONDS: int(120, 10, 86_400),
  CUSTODY_REPRICE_AFTER_BLOCKS: int(10, 0, 100_000),
  CUSTODY_REPRICE_MAX_FEE_PER_GAS: setting(
    () => z.string().check(z.regex(/^(0|[1-9][0-9]{0,77})$/, 'must be wei per gas, a decimal string')),
    '200000000000',
  ),
  CUSTODY_SCREENING_FLAGLIST: commaList(() => z.string()),
});

type Settings = ReturnType<typeof buildSettings>;
let settings: Settings | undefined;
/** Each setting's name, schema builder and value when unset (the table built once, on the first call). */
export const settingSchemas = (): Settings => (settings ??= buildSettings());

export type Config = {
  readonly [K in keyof Settings]: z.output<ReturnType<Settings[K]['schema']>> | Settings[K]['unset'];
};

export class ConfigError extends Error {}

/** Reads and validates the given environment (the process environment by default). */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [name, { schema, unset }] of Object.entries(settingSchemas())) {
    const raw = env[name];
    // An empty variable is unset (except the ML-DSA context, where the empty string is a value).
    if (raw === undefined || (raw === '' && name !== 'CUSTODY_PQ_CONTEXT')) {
      out[name] = unset;
      continue;
    }
    const parsed = (schema() as z.ZodMiniType).safeParse(raw);
    if (!parsed.success) {
      throw new ConfigError(
        `invalid setting ${name}=${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    }
    out[name] = parsed.data;
  }
  if (out.CUSTODY_SCREENING_PROVIDER === 'http' && !out.CUSTODY_SCREENING_URL) {
    throw new ConfigError('invalid setting CUSTODY_SCREENING_URL: required when CUSTODY_SCREENING_PROVIDER=http');
  }
  if (out.CUSTODY_SIGNER_TOKEN && out.CUSTODY_SIGNER_TOKEN_SECRET_ARN) {
    throw new ConfigError('invalid setting CUSTODY_SIGNER_TOKEN_SECRET_ARN: set it or CUSTODY_SIGNER_TOKEN, not both');
  }
  if (!out.CUSTODY_SIGNER_TLS_CERT !== !out.CUSTODY_SIGNER_TLS_KEY) {
    throw new ConfigError('invalid setting CUSTODY_SIGNER_TLS_CERT/CUSTODY_SIGNER_TLS_KEY: give both or neither');
  }
  if (out.CUSTODY_SIGNER_TYPE === 'grpc') {
    for (const name of ['CUSTODY_SIGNER_GRPC_URL', 'CUSTODY_SIGNER_TLS_CERT', 'CUSTODY_SIGNER_TLS_KEY']) {
      if (!out[name])
        throw new ConfigError(`invalid setting ${name}: required when CUSTODY_SIGNER_TYPE=grpc (mutual TLS)`);
    }
  }
  // The signer receives the bearer token and every digest to sign: plain HTTP only on a developer's machine.
  if (
    out.CUSTODY_ENV !== 'local' &&
    typeof out.CUSTODY_SIGNER_URL === 'string' &&
    new URL(out.CUSTODY_SIGNER_URL).protocol !== 'https:'
  ) {
    throw new ConfigError('invalid setting CUSTODY_SIGNER_URL: must be an https:// URL outside CUSTODY_ENV=local');
  }
  if (!env.AWS_REGION) out.CUSTODY_REGION = (out.CUSTODY_REGION as string) ?? 'us-east-1';
  else out.CUSTODY_REGION = env.AWS_REGION;
  return Object.freeze(out) as Config;
}

let cached: Config | undefined;
/** The process-wide configuration, read on first use. */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
/** For tests and the local runner, which set the environment before the first read. */
export function resetConfig(): void {
  cached = undefined;
}
