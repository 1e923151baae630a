import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { stageTokenAsset } from '../assets/assets.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import { TERMINAL } from '../transactions/transition-table.js';
import { STATUS_AFTER } from './operations.js';
import { asToken, isDeployed, tokenItem, type TokenRecord } from './token-record.js';

/**
 * What the end of a token's transaction does to the token, staged in the unit of work of that transition (so the
 * token's state, its audit entry and its events commit with the transaction's, or not at all). The one place for it:
 *   DEPLOY_TOKEN COMPLETED   token ACTIVE at the receipt's contract address, the asset (id = token id) registered,
 *                            `token.deployed`;
 *   DEPLOY_TOKEN ends else   token DEPLOYMENT_FAILED, its reserved symbol freed, `token.deployment_failed`;
 *   operation COMPLETED      PAUSE -> PAUSED, UNPAUSE -> ACTIVE; `token.operation.completed`;
 *   operation ends else      `token.operation.failed`.
 * `tokenId` marks a token operation: a transfer of a token's asset through POST /v1/transactions has none.
 */
export async function stageTokenEffects(
  store: Store,
  uow: UnitOfWork,
  tx: TransactionRecord,
  next: TransactionRecord,
  now: Date,
): Promise<void> {
  if (!next.tokenId || !TERMINAL.has(next.status) || tx.operation === 'FILL_NONCE') return;
  const item = await store.get(keys.token(tx.tenantId, next.tokenId), { consistent: true });
  if (!item) return;
  const token = asToken(item);
  const ts = now.toISOString();
  const audit = (action: string, change: Record<string, unknown>) =>
    uow.audit({
      tenantId: tx.tenantId,
      action,
      resourceType: 'token',
      resourceId: token.id,
      change: { transactionId: tx.id, operation: tx.operation, ...change },
    });
  const save = (changes: Partial<TokenRecord>) => uow.replace(tokenItem({ ...token, ...changes, updated_at: ts }));

  if (tx.operation === 'DEPLOY_TOKEN') {
    if (token.status !== 'PENDING_DEPLOYMENT') return;
    if (next.status === 'COMPLETED' && next.contractAddress) {
      const contract = next.contractAddress.toLowerCase();
      save({ status: 'ACTIVE', contract_address: contract, deployed_block: next.blockNumber });
      stageTokenAsset(uow, {
        id: token.id,
        tenant_id: token.tenant_id,
        type: 'token',
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        chain_id: next.chainId ?? 0,
        contract_address: contract,
        status: 'active',
        created_at: ts,
        version: 1,
      });
      audit('token.deployed', {
        from: token.status,
        to: 'ACTIVE',
        contractAddress: contract,
        blockNumber: next.blockNumber,
      });
      uow.event(
        tx.tenantId,
        'token.deployed',
        {
          token_id: token.id,
          transaction_id: tx.id,
          contract_address: contract,
          symbol: token.symbol,
          block_number: next.blockNumber ?? 0,
        },
        tx.id,
      );
      return;
    }
    save({ status: 'DEPLOYMENT_FAILED' });
    // The symbol was reserved for the token's asset at creation; a token that never deployed gives it back.
    uow.delete(keys.assetSymbol(token.tenant_id, token.symbol));
    audit('token.deployment_failed', {
      from: token.status,
      to: 'DEPLOYMENT_FAILED',
      transactionStatus: next.status,
      failureReason: next.failureReason,
    });
    uow.event(
      tx.tenantId,
      'token.deployment_failed',
      { token_id: token.id, transaction_id: tx.id, status: next.status, failure_reason: next.failureReason },
      tx.id,
    );
    return;
  }

  if (next.status === 'COMPLETED') {
    const after = STATUS_AFTER[tx.operation];
    const status = after && token.status !== after && isDeployed(token.status) ? after : token.status;
    if (status !== token.status) save({ status });
    audit('token.operation.completed', {
      ...(status !== token.status ? { from: token.status, to: status } : {}),
      chainTxHash: next.chainTxHash,
      blockNumber: next.blockNumber,
    });
    uow.event(
      tx.tenantId,
      'token.operation.completed',
      { token_id: token.id, transaction_id: tx.id, operation: tx.operation, token_status: status },
      tx.id,
    );
    return;
  }
  audit('token.operation.failed', { transactionStatus: next.status, failureReason: next.failureReason });
  uow.event(
    tx.tenantId,
    'token.operation.failed',
    {
      token_id: token.id,
      transaction_id: tx.id,
      operation: tx.operation,
      status: next.status,
      failure_reason: next.failureReason,
    },
    tx.id,
  );
}
