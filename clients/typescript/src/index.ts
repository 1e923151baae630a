/** The TypeScript client of the custody service (clients/typescript/README.md). */
export {
  createCustodyClient,
  type CustodyClient,
  type CustodyClientOptions,
  type ListItem,
  type ListPath,
  type ResponseData,
} from './client.js';
export { CustodyApiError, type ErrorCode, type ErrorType } from './errors.js';
export { retryingFetch, type RetryOptions } from './retry.js';
export {
  parseWebhook,
  UNKNOWN_KID,
  verifyWebhookSignature,
  webhookProblem,
  WebhookKeySet,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookJwk,
  type VerifyWebhookInput,
} from './webhooks.js';
export { parseKeyFile, readKeyFile, type KeyFile } from './key-file.js';
export type { components, paths } from './schema.js';

import type { components } from './schema.js';
type Schemas = components['schemas'];
export type Transaction = Schemas['Transaction'];
export type TransactionStatus = Transaction['status'];
export type Vault = Schemas['Vault'];
export type Wallet = Schemas['Wallet'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type AuditVerification = Schemas['AuditVerification'];

/** Statuses a transaction never leaves. */
export const TERMINAL_STATUSES: readonly TransactionStatus[] = [
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'REJECTED',
  'BLOCKED',
];
