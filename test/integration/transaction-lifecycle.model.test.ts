import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stepDeps } from '../support/step-deps.js';
import { advanceTransaction, type AdvanceDeps } from '../../shared/domain/transactions/advance.js';
import { resumeTenant } from '../../shared/domain/transactions/resume.js';
import { canTransition, type TxStatus, type Trigger } from '../../shared/domain/transactions/transition-table.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import {
  createUserWithRole,
  createVault,
  nativeAsset,
  randomAddress,
  registerFundedWallet,
} from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';

/** The dev chain the signing step reads (nonce, fees, balance); every wallet registered here is funded. */
let testChain: TestChain;
const registerWallet = registerFundedWallet(() => testChain);
/**
 * Model-based test of the transaction lifecycle: random interleavings of submit, approve, reject, cancel,
 * suspend/reactivate and worker deliveries (duplicated, late, in any order) against the real API and DynamoDB Local.
 * After every command the touched transaction may only have moved along the transition table; at the end every
 * transaction's audited history is one unbroken path of allowed transitions and the tenant's chain verifies.
 */
type Real = { api: TestApi };
type Model = { txs: { id: string; initiator: number }[]; suspended: boolean };

let api: TestApi;
let tenantId: string;
let people: { userId: string; key: Key }[]; // 0 admin, 1 operator, 2-3 approvers, 4 compliance officer
let plainWallet: string;
let approvalWallet: string;
let flaggedAddress: string;
let deps: AdvanceDeps;

beforeAll(async () => {
  testChain = await startTestChain();
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  people = [
    { userId: t.adminUserId, key: t.admin },
    await createUserWithRole(api, t.admin, 'operator'),
    await createUserWithRole(api, t.admin, 'approver'),
    await createUserWithRole(api, t.admin, 'approver'),
    await createUserWithRole(api, t.admin, 'compliance_officer'),
  ];
  const plainVault = await createVault(api, t.admin);
  plainWallet = (await registerWallet(api, t.admin, tenantId, plainVault.id)).wallet.id;
  const approvalVault = await createVault(api, t.admin);
  approvalWallet = (await registerWallet(api, t.admin, tenantId, approvalVault.id)).wallet.id;
  await api.call('POST', '/v1/policies', {
    key: t.admin,
    body: { vault_id: approvalVault.id, name: 'two approvals', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
  });
  flaggedAddress = randomAddress();
  await api.call('POST', '/v1/screening/entries', {
    key: t.admin,
    body: { address: flaggedAddress, list: 'flagged', reason: 'review' },
  });
  deps = { ...stepDeps(), chain: testChain.chain, approvalTtlSeconds: 3600 };
});
afterAll(async () => {
  await api?.close();
  await testChain?.stop();
});

const statusOf = async (id: string): Promise<TxStatus> =>
  (await api.call('GET', `/v1/transactions/${id}`, { key: people[0]!.key })).body.status;

/** The status may stay, or take exactly one step the table allows. */
async function expectOneLegalStep(id: string, before: TxStatus, triggers: Trigger[]) {
  const after = await statusOf(id);
  if (after !== before)
    expect(
      triggers.some((t) => canTransition(before, after, t)),
      `${before} -> ${after} by ${triggers.join('/')}`,
    ).toBe(true);
  return after;
}

const pick = <T>(xs: T[], n: number) => xs[n % xs.length]!;

class Submit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly approval: boolean,
    readonly flagged: boolean,
  ) {}
  check = () => true;
  async run(m: Model) {
    const res = await api.call('POST', '/v1/transactions', {
      key: people[this.who]!.key,
      body: {
        sourceWalletId: this.approval ? approvalWallet : plainWallet,
        destinationAddr: this.flagged ? flaggedAddress : randomAddress(),
        assetId: nativeAsset(),
        amount: '10',
      },
    });
    if (m.suspended) {
      expect(res.status).toBe(401);
      return;
    }
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('SUBMITTED');
    m.txs.push({ id: res.body.id, initiator: this.who });
  }
  toString = () => `submit(by ${this.who}, approval ${this.approval}, flagged ${this.flagged})`;
}

class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly tx: number,
    readonly who: number,
    readonly verb: 'approve' | 'reject' | 'cancel',
  ) {}
  check = (m: Readonly<Model>) => m.txs.length > 0;
  async run(m: Model) {
    const tx = pick(m.txs, this.tx);
    const before = await statusOf(tx.id);
    const who = this.verb === 'cancel' ? 1 : 2 + (this.who % 3);
    const res = await api.call('POST', `/v1/transactions/${tx.id}/${this.verb}`, { key: people[who]!.key, body: {} });
    if (m.suspended) return expect(res.status).toBe(401);
    expect([200, 403, 404, 409]).toContain(res.status);
    if (res.status === 200 && this.verb === 'approve') expect(tx.initiator).not.toBe(who);
    const triggers: Trigger[] =
      this.verb === 'approve' ? ['approval', 'expiry'] : this.verb === 'reject' ? ['rejection', 'expiry'] : ['cancel'];
    const after = await expectOneLegalStep(tx.id, before, triggers);
    if (res.status === 409) expect(after).toBe(before);
  }
  toString = () => `${this.verb}(tx ${this.tx}, by ${this.who})`;
}

class Deliver implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly tx: number,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.txs.length > 0;
  async run(m: Model) {
    const tx = pick(m.txs, this.tx);
    for (let i = 0; i < this.copies; i++) {
      const before = await statusOf(tx.id);
      const out = await advanceTransaction(deps, tenantId, tx.id);
      if (m.suspended) expect(out.outcome).toBe('suspended');
      const after = await expectOneLegalStep(tx.id, before, ['worker', 'screening']);
      if (m.suspended) expect(after).toBe(before);
    }
  }
  toString = () => `deliver(tx ${this.tx}) x${this.copies}`;
}

class Suspend implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !m.suspended;
  async run(m: Model) {
    expect((await api.call('POST', `/v1/tenants/${tenantId}/suspend`, { body: { reason: 'model' } })).status).toBe(200);
    m.suspended = true;
  }
  toString = () => 'suspend';
}

class Reactivate implements fc.AsyncCommand<Model, Real> {
  constructor(readonly resumeCopies: number) {}
  check = (m: Readonly<Model>) => m.suspended;
  async run(m: Model) {
    expect((await api.call('POST', `/v1/tenants/${tenantId}/reactivate`, { body: {} })).status).toBe(200);
    m.suspended = false;
    for (let i = 0; i < this.resumeCopies; i++) await resumeTenant(deps, tenantId);
  }
  toString = () => `reactivate (resume x${this.resumeCopies})`;
}

// fc.commands picks uniformly among arbitraries: repeats weight the mix towards the interesting commands.
const submit = fc
  .tuple(fc.constantFrom<0 | 1>(0, 1), fc.boolean(), fc.boolean())
  .map(([w, a, f]) => new Submit(w, a, f));
const decide = fc
  .tuple(
    fc.nat(),
    fc.nat(),
    fc.constantFrom<'approve' | 'reject' | 'cancel'>('approve', 'approve', 'approve', 'reject', 'cancel'),
  )
  .map(([t, w, v]) => new Decide(t, w, v));
const deliver = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([t, c]) => new Deliver(t, c));
const commands = [
  submit,
  submit,
  decide,
  decide,
  decide,
  deliver,
  deliver,
  deliver,
  deliver,
  fc.constant(new Suspend()),
  fc.integer({ min: 0, max: 2 }).map((c) => new Reactivate(c)),
];

async function auditedPaths() {
  const entries: { resource_id: string; action: string; change: { from: TxStatus; to: TxStatus; trigger: Trigger } }[] =
    [];
  let cursor: string | null = null;
  do {
    const page: { body: { entries: typeof entries; next_cursor: string | null } } = await api.call(
      'GET',
      `/v1/audit/entries?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      { key: people[0]!.key },
    );
    entries.push(...page.body.entries);
    cursor = page.body.next_cursor;
  } while (cursor);
  const paths = new Map<string, { from: TxStatus; to: TxStatus; trigger: Trigger }[]>();
  for (const e of entries)
    if (e.action === 'transaction.status_changed')
      paths.set(e.resource_id, [...(paths.get(e.resource_id) ?? []), e.change]);
  return paths;
}

describe('transaction lifecycle (model-based)', () => {
  it('keeps to the transition table and an intact audit trail under any interleaving', async () => {
    const allTxs: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (cmds) => {
        await api.call('POST', `/v1/tenants/${tenantId}/reactivate`, { body: {} }); // a no-op when active
        const model: Model = { txs: [], suspended: false };
        await fc.asyncModelRun(() => ({ model, real: { api } }), cmds);
        allTxs.push(...model.txs.map((t) => t.id));
      }),
      { numRuns: 12 },
    );
    // The last run may have ended suspended; the final reads need an active tenant.
    await api.call('POST', `/v1/tenants/${tenantId}/reactivate`, { body: {} });
    const verify = await api.call('GET', '/v1/audit/verify', { key: people[0]!.key });
    expect(verify.body).toMatchObject({ valid: true, first_problem: null });
    const paths = await auditedPaths();
    for (const id of allTxs) {
      const path = paths.get(id) ?? [];
      let at: TxStatus = 'SUBMITTED';
      for (const step of path) {
        expect(step.from, `tx ${id}`).toBe(at);
        expect(canTransition(step.from, step.to, step.trigger), `${step.from} -> ${step.to} (${step.trigger})`).toBe(
          true,
        );
        at = step.to;
      }
      expect(await statusOf(id)).toBe(at);
    }
  }, 120_000); // 12 runs of up to 40 commands against DynamoDB Local: about 30 s on a busy 2-core machine
});
