/**
 * Creates the platform tenant and its first operator credential in a deployed table (once), and prints the
 * credential. Run after `cdk deploy` with AWS credentials for the account:
 *   CUSTODY_TABLE_NAME=<TableName output> AWS_REGION=<region> npm run bootstrap-operator
 * Later runs say the platform exists and print nothing secret.
 */
import { config, ConfigError } from '../shared/config.js';
import { services } from '../shared/composition/standalone.js';
import { ensurePlatform } from '../shared/domain/tenants/tenants.js';

async function main() {
  const cfg = config();
  const svc = services();
  const email = process.argv[2] ?? 'operator@platform.local';
  const out = await ensurePlatform(svc, svc.clock.now(), email);
  if (!out.created) {
    console.log(
      `The platform tenant ${out.tenantId} already exists in table ${cfg.CUSTODY_TABLE_NAME}; no credential printed.`,
    );
    return;
  }
  console.log(`Platform tenant ${out.tenantId} created in ${cfg.CUSTODY_TABLE_NAME}.`);
  console.log('Platform operator credential (shown once, store it in your secret manager now):');
  console.log(JSON.stringify({ key_id: out.keyId, secret: out.secret }, null, 2));
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : `bootstrap failed: ${(e as Error).message}`);
  process.exit(1);
});
