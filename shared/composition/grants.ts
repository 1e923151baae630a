/**
 * What a function may use on AWS beyond the table. Every function reads and writes the table and uses its key through
 * DynamoDB only; anything more is a grant, declared once on the function's entry (`API_FUNCTIONS` in
 * functions/index.ts, `BACKGROUND_FUNCTIONS` in shared/background/manifest.ts). The CDK app derives each function's
 * IAM statements and the settings that name the keys from these declarations alone (lib/grants.ts), and
 * test/cdk/grants.test.ts checks the synthesized roles against them.
 *
 * Plain data: no CDK import, so the functions' own files can declare what they use.
 */
export const GRANTS = {
  /** kms:GenerateMac on the HMAC key: derives the audit record MAC key and the cursor key (sets CUSTODY_MAC_KEY_ID). */
  'audit-mac': 'derive the audit record MAC and cursor keys from the HMAC key',
  /** Direct use of the service key: stored secrets (webhook secrets, SSO client secrets) sealed and opened (CUSTODY_KMS_KEY_ID). */
  secrets: 'seal and open stored secrets with the service key',
  /** kms:Sign on the audit key: signs checkpoints (CUSTODY_AUDIT_KEY_ID). */
  'checkpoint-sign': 'sign audit checkpoints with the audit key',
  /** kms:GetPublicKey on the audit key: serves and checks against the checkpoint public key (CUSTODY_AUDIT_KEY_ID). */
  'checkpoint-public-key': "read the audit key's public key",
  /** kms:Sign on the webhook key: signs each delivery's JWS (CUSTODY_WEBHOOK_KEY_ID). */
  'webhook-sign': 'sign webhook deliveries with the webhook key',
  /** kms:GetPublicKey on the webhook key and the other published keys of a rotation: the JWKS (CUSTODY_WEBHOOK_KEY_ID). */
  'webhook-public-keys': 'publish the webhook key set',
  /** secretsmanager:GetSecretValue on the signer's token and TLS material given as secret ARNs. */
  'signer-secrets': "read the signer's credentials from Secrets Manager",
  /** kms:Sign on the policy key: signs policy receipts before a transaction is signed (CUSTODY_POLICY_KEY_ID). */
  'policy-sign': 'sign policy receipts with the policy key',
  /** kms:GetPublicKey on the policy key and the retired ones: GET /v1/keys/policy (CUSTODY_POLICY_KEY_ID). */
  'policy-public-keys': 'publish the policy key set',
} as const;

export type Grant = keyof typeof GRANTS;

/**
 * The grant each port implies (shared/composition/deps.ts: the ports a function's entry declares): a function's
 * `grants` are exactly those of its ports (test/cdk/grants.test.ts), so declaring a port is declaring its grant.
 */
export const PORT_GRANTS: Readonly<Record<string, Grant>> = {
  keys: 'audit-mac',
  secretBox: 'secrets',
  checkpointSigner: 'checkpoint-sign',
  checkpointKey: 'checkpoint-public-key',
  webhookSigner: 'webhook-sign',
  webhookKeySet: 'webhook-public-keys',
  signer: 'signer-secrets',
  policySigner: 'policy-sign',
  policyKeySet: 'policy-public-keys',
};
