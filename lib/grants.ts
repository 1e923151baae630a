import type * as kms from 'aws-cdk-lib/aws-kms';
import type { Grant } from '../shared/composition/grants.js';
import {
  bindAuditKey,
  bindMacKey,
  bindPolicyKey,
  bindSecretsKey,
  bindSignerSecrets,
  bindWebhookKey,
  type ServiceFunction,
} from './service-function.js';

/** The keys and secrets a grant can name. */
export type GrantTargets = {
  /** The service key (table encryption; direct use for stored secrets). */
  key: kms.IKey;
  /** The HMAC key the audit record MAC and cursor keys are derived from. */
  macKey: kms.IKey;
  /** The audit checkpoint key (ML-DSA-65). */
  auditKey: kms.IKey;
  /** The webhook JWS key, and the other key ARNs published during a rotation. */
  webhookKey: kms.IKey;
  publishedWebhookKeys: readonly string[];
  /** The policy receipt key (ML-DSA-65), and the retired key ARNs still published. */
  policyKey: kms.IKey;
  retiredPolicyKeys: readonly string[];
  /** The signer's secrets given as Secrets Manager ARNs. */
  signerSecretArns: readonly string[];
};

/** Each grant's IAM statements and settings (shared/composition/grants.ts says what each is for). */
const BIND: Readonly<Record<Grant, (fn: ServiceFunction, t: GrantTargets) => void>> = {
  'audit-mac': (fn, t) => bindMacKey(fn, t.macKey),
  secrets: (fn, t) => bindSecretsKey(fn, t.key),
  'checkpoint-sign': (fn, t) => bindAuditKey(fn, t.auditKey, true),
  'checkpoint-public-key': (fn, t) => bindAuditKey(fn, t.auditKey, false),
  'webhook-sign': (fn, t) => bindWebhookKey(fn, t.webhookKey, { sign: true }),
  'webhook-public-keys': (fn, t) => bindWebhookKey(fn, t.webhookKey, { publish: t.publishedWebhookKeys }),
  'signer-secrets': (fn, t) => bindSignerSecrets(fn, t.signerSecretArns),
  'policy-sign': (fn, t) => bindPolicyKey(fn, t.policyKey, { sign: true }),
  'policy-public-keys': (fn, t) => bindPolicyKey(fn, t.policyKey, { publish: t.retiredPolicyKeys }),
};

/** Gives the function what its declaration grants it, and nothing else. */
export function bindGrants(fn: ServiceFunction, grants: readonly Grant[], targets: GrantTargets): void {
  for (const g of new Set(grants)) BIND[g](fn, targets);
}
