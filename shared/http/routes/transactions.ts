import { defineRoutes } from '../route.js';
import { submissionReads } from '../../domain/transactions/submission-reads.js';
import { IdParam, paginationQuery } from '../../schemas/common.js';
import { AddressParam, SignatureBody, SignatureRefusalBody, SigningPayload, PolicyReceipt, SpeedUpBody, CreateTransferBody, DecisionBody, ScreeningEntry, ScreeningEntryBody, ScreeningEntryList, Transaction, TransactionHistory, TransactionList, TransactionListQuery } from '../../schemas/transactions.js';

export const transactionRoutes = defineRoutes({
  createTransfer: {
    operationId: 'createTransfer', family: 'transactions', method: 'POST', path: '/v1/transactions', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:create'],
    summary: 'Create a transfer', description: 'Submit a transfer: validated, evaluated against the vault\'s policies (422 1200 when denied), stored as SUBMITTED.',
    body: CreateTransferBody, success: { status: 201, schema: Transaction }, readsFirst: submissionReads,
    errors: ['MISSING_FIELD', 'INVALID_ADDRESS', 'INVALID_AMOUNT', 'AMOUNT_OVERFLOW', 'STRING_TOO_LONG', 'DUPLICATE_EXTERNAL_ID', 'POLICY_DENIED', 'TX_INVALID_STATE', 'VAULT_NOT_FOUND'],
  },
  listTransactions: {
    operationId: 'listTransactions', family: 'transactions', method: 'GET', path: '/v1/transactions', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:read'], summary: 'List transactions', description: 'List transactions, newest first; filters status, ended, vault_id, wallet_id, asset_id, created_after, created_before, external_id, stuck.',
    query: TransactionListQuery, success: { status: 200, schema: TransactionList },
  },
  getTransaction: {
    operationId: 'getTransaction', family: 'transactions', method: 'GET', path: '/v1/transactions/{id}', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:read'], summary: 'Get a transaction', description: 'Get a transaction (404 1300 when unknown).',
    params: IdParam, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND'],
  },
  getTransactionHistory: {
    operationId: 'getTransactionHistory', family: 'transactions', method: 'GET', path: '/v1/transactions/{id}/history', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:read'], summary: 'Get a transaction\'s history', description: 'A transaction\'s history: every change and decision in commit order, from its audit entries.',
    params: IdParam, query: paginationQuery, success: { status: 200, schema: TransactionHistory }, errors: ['TX_NOT_FOUND'],
  },
  approveTransaction: {
    operationId: 'approveTransaction', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/approve', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:approve'], summary: 'Approve a transaction', description: 'Approve a transaction waiting in PENDING_AUTHORIZATION (not its initiator).',
    params: IdParam, body: DecisionBody, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE', 'APPROVAL_NOT_FOUND', 'FORBIDDEN'],
  },
  rejectTransaction: {
    operationId: 'rejectTransaction', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/reject', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:approve'], summary: 'Reject a transaction', description: 'Reject a transaction waiting in PENDING_AUTHORIZATION: it ends REJECTED.',
    params: IdParam, body: DecisionBody, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE', 'APPROVAL_NOT_FOUND'],
  },
  cancelTransaction: {
    operationId: 'cancelTransaction', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/cancel', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:update'], summary: 'Cancel a transaction',
    description: 'Up to PENDING_SIGNATURE at once (200, CANCELLED); after broadcast (BROADCASTING, CONFIRMING; also needs transactions:execute) by a zero-value self-transfer at the same nonce with higher fees (202): CANCELLED only if the chain mines it, COMPLETED if it mines the original; 409 1301 elsewhere.',
    params: IdParam, body: DecisionBody, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE', 'FORBIDDEN'],
  },
  speedUpTransaction: {
    operationId: 'speedUpTransaction', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/speed-up', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:execute'], summary: 'Speed up a transaction',
    description: 'For a BROADCASTING or CONFIRMING transaction: a replacement at the same nonce with higher fees (each at least the current plus 10 %, 400 1100 naming the minimum), signed like the original, then broadcast; 409 1301 in any other status.',
    params: IdParam, body: SpeedUpBody, success: { status: 202, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE', 'VALIDATION'],
  },
  getSigningPayload: {
    operationId: 'getSigningPayload', family: 'transactions', method: 'GET', path: '/v1/transactions/{id}/signing-payload', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:read'], summary: 'Get the signing payload', description: 'The signing payload of a transaction in PENDING_SIGNATURE (409 1301 in any other status), with the source wallet\'s public key.',
    params: IdParam, success: { status: 200, schema: SigningPayload }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE'],
  },
  getTransactionReceipt: {
    operationId: 'getTransactionReceipt', family: 'transactions', method: 'GET', path: '/v1/transactions/{id}/receipt', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:read'], summary: 'Get a transaction\'s policy receipt', description: 'The receipt the service issued before asking for a signature, signed with the policy key (docs/signer.md, "Policy receipts"): what was approved, under which policy versions and approvals, and the fee cap. 409 1301 before it is issued.',
    params: IdParam, success: { status: 200, schema: PolicyReceipt }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE'],
  },
  submitSignature: {
    operationId: 'submitSignature', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/signature', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:execute'], summary: 'Submit a signature', description: 'Submit the ML-DSA signature of the payload: verified against the source wallet\'s key (422 1302, nothing changes), then SIGNED.',
    params: IdParam, body: SignatureBody, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE', 'TX_SIGNATURE_MISMATCH'],
  },
  refuseSignature: {
    operationId: 'refuseSignature', family: 'transactions', method: 'POST', path: '/v1/transactions/{id}/signature-refusal', tag: 'transactions', auth: 'credential',
    permissions: ['transactions:execute'], summary: 'Refuse to sign a transaction',
    description: 'A callback signer whose check of the policy receipt fails says so (docs/signer.md, "Policy receipts"): the transaction ends FAILED with failureCode receipt_invalid and the reason, as when a remote or gRPC signer refuses; a replacement awaiting its signature is recorded REJECTED instead. 409 1301 when no signature is awaited.',
    params: IdParam, body: SignatureRefusalBody, success: { status: 200, schema: Transaction }, errors: ['TX_NOT_FOUND', 'TX_INVALID_STATE'],
  },
  addScreeningEntry: {
    operationId: 'addScreeningEntry', family: 'transactions', method: 'POST', path: '/v1/screening/entries', tag: 'screening', auth: 'credential',
    permissions: ['policies:update'], summary: 'Add a screening entry', description: 'Add a destination to the tenant\'s screening list (blocked or flagged for review).',
    body: ScreeningEntryBody, success: { status: 201, schema: ScreeningEntry },
  },
  listScreeningEntries: {
    operationId: 'listScreeningEntries', family: 'transactions', method: 'GET', path: '/v1/screening/entries', tag: 'screening', auth: 'credential',
    permissions: ['policies:read'], summary: 'List screening entries', description: 'List the tenant\'s screening list.',
    query: paginationQuery, success: { status: 200, schema: ScreeningEntryList },
  },
  deleteScreeningEntry: {
    operationId: 'deleteScreeningEntry', family: 'transactions', method: 'DELETE', path: '/v1/screening/entries/{address}', tag: 'screening', auth: 'credential',
    permissions: ['policies:update'], summary: 'Delete a screening entry', description: 'Remove a destination from the tenant\'s screening list.',
    params: AddressParam, success: { status: 200, schema: ScreeningEntry },
  },
});
