import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, onDemand, type DepsOf } from '../../shared/composition/deps.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { apiHandler, submissionContext, useCaseContext } from '../../shared/http/api-handler.js';
import type { ApiError } from '../../shared/errors/catalog.js';
import { transactionRoutes } from '../../shared/http/routes/transactions.js';
import { submitTransfer } from '../../shared/domain/transactions/submit-transfer.js';
import { listTransactions } from '../../shared/domain/transactions/list-transactions.js';
import { loadTransaction } from '../../shared/domain/transactions/transaction-store.js';
import { transactionView } from '../../shared/domain/transactions/transaction-view.js';
import { describeTransactions } from '../../shared/domain/transactions/transaction-display.js';
import {
  approveTransaction,
  cancelTransaction,
  rejectTransaction,
  speedUpTransaction,
} from '../../shared/domain/transactions/decisions.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import { recordMetric } from '../../shared/observability/metrics.js';

const screeningEntries = () => import('../../shared/domain/screening/screening-entries.js');

/** Transactions: submit, read, list, approve, reject, cancel, signing payload and signature; and the tenant's screening list. */
/** A decision may answer an error after committing its change (an expired approval moves the transaction). */
const decided = (r: { transaction?: unknown; error?: ApiError }) => ({ body: r.transaction, error: r.error });

type Req = {
  deps: {
    store: Parameters<typeof describeTransactions>[0];
    config: Parameters<typeof nativeProfileFromConfig>[0];
  };
  principal: { tenantId: string };
};
/** The read answers carry what a person deciding needs (names, units): transaction-display.ts. */
const described = (req: Req, views: Parameters<typeof describeTransactions>[3]) =>
  describeTransactions(req.deps.store, nativeProfileFromConfig(req.deps.config), req.principal.tenantId, views);
const describedDecision = async (req: Req, r: { transaction?: ReturnType<typeof transactionView>; error?: ApiError }) =>
  decided({ transaction: r.transaction && (await described(req, [r.transaction]))[0], error: r.error });
/** An approval's or rejection's answer, its metric counted once the change is committed. */
const decisionAnswer = async (
  req: Req,
  r: { transaction?: ReturnType<typeof transactionView>; error?: ApiError },
  decision: 'approved' | 'rejected',
) => ({
  ...(await describedDecision(req, r)),
  afterCommit: () => {
    if (!r.error) recordMetric('approvals', 1, { decision });
  },
});

export const ports = {
  ...API_PORTS,
  spendAllowances: spendAllowancesFrom,
  // The external-signing routes alone use the chain profile (the transaction format, ML-DSA to verify a posted
  // signature): it is in their lazy chunk (./signing.ts), loaded by the first of them.
  loadProfile: onDemand(async () => (await import('./signing.js')).profile),
};

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    transactionRoutes,
    {
      createTransfer: async (req) => {
        const r = await submitTransfer(submissionContext(req), nativeProfileFromConfig(req.deps.config), req.body);
        return {
          ...decided(r),
          afterCommit: () => recordMetric('transfersSubmitted', 1, { outcome: r.error ? 'denied' : 'accepted' }),
        };
      },
      listTransactions: async (req) => {
        const page = await listTransactions(
          useCaseContext(req),
          req.query,
          req.deps.config.CUSTODY_STUCK_AFTER_SECONDS,
        );
        return { body: { ...page, transactions: await described(req, page.transactions) } };
      },
      getTransaction: async (req) => ({
        body: (
          await described(req, [
            transactionView(await loadTransaction(req.deps.store, req.principal.tenantId, req.params.id)),
          ])
        )[0],
      }),
      getTransactionHistory: async (req) => ({
        body: await (
          await import('../../shared/domain/transactions/transaction-history.js')
        ).transactionHistory(
          { store: req.deps.store, cursors: req.cursors },
          req.principal.tenantId,
          req.params.id,
          req.query,
        ),
      }),
      approveTransaction: async (req) =>
        decisionAnswer(req, await approveTransaction(useCaseContext(req), req.params.id, req.body.reason), 'approved'),
      rejectTransaction: async (req) =>
        decisionAnswer(req, await rejectTransaction(useCaseContext(req), req.params.id, req.body.reason), 'rejected'),
      cancelTransaction: async (req) => {
        const r = await cancelTransaction(useCaseContext(req), req.params.id, req.body.reason);
        // After broadcast the cancel is a replacement asked for: accepted, not done (202).
        return { body: (await described(req, [r.transaction]))[0], ...(r.accepted ? { status: 202 } : {}) };
      },
      speedUpTransaction: async (req) => ({
        body: (await described(req, [await speedUpTransaction(submissionContext(req), req.params.id, req.body)]))[0],
      }),
      getSigningPayload: async (req) => {
        const { signingPayloadOf } = await import('./signing.js');
        return { body: await signingPayloadOf(useCaseContext(req), await req.deps.loadProfile(), req.params.id) };
      },
      getTransactionReceipt: async (req) => {
        const { transactionReceipt } = await import('../../shared/domain/receipts/read-receipt.js');
        return { body: await transactionReceipt(req.deps.store, req.principal.tenantId, req.params.id) };
      },
      submitSignature: async (req) => {
        const { submitSignature } = await import('./signing.js');
        return decided(
          await submitSignature(useCaseContext(req), await req.deps.loadProfile(), req.params.id, req.body.signature),
        );
      },
      refuseSignature: async (req) => {
        const { refuseSignature } = await import('../../shared/domain/transactions/signature-refusal.js');
        return describedDecision(req, await refuseSignature(useCaseContext(req), req.params.id, req.body));
      },
      // The tenant's screening list: an administrator's occasional routes, loaded by their first call.
      addScreeningEntry: async (req) => ({
        body: await (await screeningEntries()).addScreeningEntry(useCaseContext(req), req.body),
      }),
      listScreeningEntries: async (req) => ({
        body: await (await screeningEntries()).listScreeningEntries(useCaseContext(req), req.query),
      }),
      deleteScreeningEntry: async (req) => ({
        body: await (await screeningEntries()).deleteScreeningEntry(useCaseContext(req), req.params.address),
      }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
