import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { runCli } from '../../clients/cli/main.js';
import { createCustodyClient, readKeyFile } from '../../clients/typescript/src/index.js';

/**
 * `custody`, end to end against the local stack (fake clock, drain() and mined blocks instead of sleeping): sign in
 * with the operator's key file, a tenant whose admin key is written to a file, a vault, a wallet, a policy, two
 * approvers, transfers approved and rejected, a transaction followed to COMPLETED, webhook deliveries tailed and
 * followed, the audit check, and the failures' messages and exit codes. Commands run in-process over real HTTP;
 * one runs as `npx custody` from the repository.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const clock = new FakeClock(Date.now());
const dir = mkdtempSync(path.join(tmpdir(), 'custody-cli-'));
const env = { HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config') };
let stack: LocalStack;
let receiver: http.Server;

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env },
    schedules: { 'deposit-scanner': null },
  });
  receiver = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Run = { code: number; out: string; err: string };
function start(args: string[], signal?: AbortSignal): { done: Promise<Run>; out: () => string } {
  let out = '';
  let err = '';
  const done = runCli(args, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env,
    tty: false,
    ...(signal ? { signal } : {}),
  }).then((code) => ({ code, out, err }));
  return { done, out: () => out };
}
const custody = (...args: string[]) => start(args).done;
const ok = async (...args: string[]) => {
  const r = await custody(...args);
  expect(r.err, r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out;
};
const okJson = async (...args: string[]) => JSON.parse(await ok(...args, '--json'));
const file = (name: string) => path.join(dir, name);
const DEST = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const COIN = 10n ** 18n;

/** Runs the stack's background work (stream, queues, blocks, the chain poller) until `until` settles. */
async function driveUntil<T>(until: Promise<T>): Promise<T> {
  let settled = false;
  void until.finally(() => (settled = true));
  for (let i = 0; i < 400 && !settled; i++) {
    await stack.drain();
    await stack.devChain!.mine();
    await stack.runSchedule('chain-poller');
    await new Promise((r) => setTimeout(r, 25)); // lets the CLI's poll run
  }
  return until;
}

describe('custody', () => {
  let walletId = '';
  let txId = '';
  let hookId = '';
  /** `custody transfers create` from the wallet the tests made, to DEST. */
  const transfer = (amount: string, ...more: string[]) => [
    'transfers',
    'create',
    '--wallet',
    walletId,
    '--to',
    DEST,
    '--amount',
    amount,
    ...more,
  ];

  it('signs in with the operator key file, creates a tenant whose admin key it writes to a file, and signs in with that', async () => {
    expect(await ok('login', stack.operator!.file!)).toMatch(
      /^signed in as .+ \(role_admin\) of tenant [0-9a-f-]{36} at http:\/\/localhost:\d+\n$/,
    );
    const out = await ok(
      'tenants',
      'create',
      'Acme',
      '--admin-email',
      'admin@acme.example',
      '--admin-name',
      'Acme Admin',
      '--save-key',
      file('acme.json'),
    );
    expect(out).toContain(`key file: ${file('acme.json')} (custody login ${file('acme.json')})`);
    expect(statSync(file('acme.json')).mode & 0o777).toBe(0o600);
    expect(readKeyFile(file('acme.json'))).toEqual({
      base_url: stack.baseUrl,
      key_id: expect.stringMatching(/^pqck_/),
      secret: expect.stringMatching(/^pqcs_/),
    });
    // The file is never overwritten: the tenant would be created and its admin's secret lost.
    const again = await custody(
      'tenants',
      'create',
      'Acme 2',
      '--admin-email',
      'a@b.example',
      '--save-key',
      file('acme.json'),
    );
    expect(again).toMatchObject({ code: 2, err: expect.stringContaining(`error: ${file('acme.json')} exists`) });
    expect(await custody('tenants', 'create', 'Acme 3', '--admin-email', 'a@b.example', '-q')).toMatchObject({
      code: 2,
      err: expect.stringContaining("error: --quiet needs --save-key FILE: the admin's secret is shown once"),
    });
    expect((await okJson('tenants', 'list')).map((t: { name: string }) => t.name)).toEqual(
      expect.not.arrayContaining(['Acme 2', 'Acme 3']),
    );

    expect(await ok('login', file('acme.json'))).toContain('signed in as Acme Admin <admin@acme.example> (role_admin)');
    expect(await okJson('whoami')).toMatchObject({ user: { email: 'admin@acme.example' }, roles: ['role_admin'] });
  });

  it('creates and lists vaults and wallets, a policy and two approvers', async () => {
    const vault = await okJson('vaults', 'create', 'Treasury');
    expect(await ok('vaults', 'create', 'Ops', '-q')).toMatch(/^[0-9a-f-]{36}\n$/);
    expect((await ok('vaults', 'list', '--quiet')).split('\n')).toEqual([
      vault.id,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      '',
    ]);
    expect(await ok('vaults', 'list', '--limit', '1')).toMatch(
      new RegExp(`^ID +NAME +STATUS +CREATED_AT\\n${vault.id} +Treasury +active +\\S+\\n$`),
    );
    const wallet = await okJson('wallets', 'create', '--vault', vault.id, '--label', 'hot');
    walletId = wallet.id;
    expect(await ok('wallets', 'list', '--vault', vault.id)).toContain(`${wallet.id}  ${wallet.address}  hot`);
    await stack.devChain!.state.setBalance(wallet.address, 10n * COIN);
    const policy = await ok(
      'policies',
      'create',
      '--vault',
      vault.id,
      '--name',
      'four eyes',
      '--approvals',
      '2',
      '--max-amount',
      String(5n * COIN),
    );
    expect(policy).toContain(`rules:    REQUIRE_APPROVAL 2,MAX_AMOUNT ${5n * COIN}`);
    for (const n of [1, 2]) {
      const out = await ok(
        'users',
        'create',
        '--email',
        `approver${n}@acme.example`,
        '--name',
        `Approver ${n}`,
        '--role',
        'approver',
        '--save-key',
        file(`approver${n}.json`),
      );
      expect(out).toMatch(/roles: +role_approver\n/);
    }
  });

  it('submits transfers; the approvers approve one and reject another; a refused call says why', async () => {
    // Sent twice under one idempotency key: the second answers the first's transaction.
    const invoice42 = transfer(String(COIN), '--external-id', 'invoice-42', '--idempotency-key', 'pay-0001');
    const tx = await okJson(...invoice42);
    txId = tx.id;
    expect(tx.status).toBe('SUBMITTED');
    expect((await okJson(...invoice42)).id).toBe(txId);
    const denied = await custody(...transfer(String(9n * COIN)));
    expect(denied.code).toBe(1);
    expect(denied.err).toMatch(/^error: 1200 POLICY_DENIED: .+ \(request req_[0-9a-f-]+\)\n/);
    const other = await okJson(...transfer('1000'));
    await stack.drain();
    expect(await ok('transfers', 'list', '--status', 'PENDING_AUTHORIZATION')).toMatch(
      new RegExp(
        `^ID +STATUS +AMOUNT +DESTINATIONADDR +CREATEDAT\\n${other.id} +PENDING_AUTHORIZATION +1000 .*\\n${txId} +PENDING_AUTHORIZATION +${COIN} `,
      ),
    );

    const self = await custody('approve', txId);
    expect(self.code).toBe(1);
    expect(self.err).toMatch(/^error: \d{4} [A-Z_]+: /);
    expect(await ok('approve', txId, '--reason', 'ok', '--key-file', file('approver1.json'))).toBe(
      `approved ${txId}: now PENDING_AUTHORIZATION\n`,
    );
    expect(await ok('approve', txId, '--key-file', file('approver2.json'))).toBe(`approved ${txId}: now APPROVED\n`);
    expect(await custody('reject', other.id, '--key-file', file('approver1.json'))).toMatchObject({
      code: 2,
      err: 'error: --reason is required to reject\nusage: custody reject <transaction-id> --reason TEXT\n',
    });
    expect(await ok('reject', other.id, '--reason', 'unknown payee', '--key-file', file('approver1.json'))).toBe(
      `rejected ${other.id}: now REJECTED\n`,
    );
    expect(await custody('tx', 'watch', other.id)).toMatchObject({ code: 1, out: expect.stringContaining('REJECTED') });
  });

  it('follows a transaction to COMPLETED with one line per status, then shows it', async () => {
    const watched = await driveUntil(custody('tx', 'watch', txId, '--interval', '0.05'));
    expect(watched.err).toBe('');
    expect(watched.code).toBe(0);
    const statuses = watched.out.split('\n').flatMap((l) => /^\S+ \S+\s+\S+ -> (\w+)\s/.exec(l)?.slice(1) ?? []);
    expect(statuses.at(-1)).toBe('COMPLETED');
    expect(watched.out).toMatch(/BROADCASTING -> CONFIRMING {2}\(broadcast\) {2}by transaction-worker\n/);
    expect(watched.out).toMatch(/\n {2}CONFIRMING +\d+ confirmations +tx 0x[0-9a-f]{8}…\n/);
    expect(watched.out).toMatch(/\n✔ COMPLETED +\d+ confirmations +tx 0x[0-9a-f]{8}…\n$/);
    expect(await ok('transfers', 'get', txId)).toMatch(/status: +COMPLETED\n/);
    const lines = (await ok('tx', 'watch', txId, '--json'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The history so far (one object per entry), then the transaction's status.
    expect(lines.at(-1)).toEqual({
      type: 'status',
      transaction: expect.objectContaining({ id: txId, status: 'COMPLETED' }),
    });
    expect(lines.slice(0, -1).every((l: { type: string }) => l.type === 'history')).toBe(true);
    expect(lines.at(-2)).toMatchObject({ type: 'history', entry: { fromStatus: 'CONFIRMING', toStatus: 'COMPLETED' } });
  });

  it("tails an endpoint's deliveries, and follows new ones until interrupted", async () => {
    const key = readKeyFile(file('acme.json'));
    const admin = createCustodyClient({ baseUrl: key.base_url, apiKey: `${key.key_id}:${key.secret}` });
    const hook = await admin.post('/v1/webhooks', {
      body: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ['transaction.created'],
      },
    });
    hookId = hook.id;
    await okJson(...transfer('7'));
    await stack.drain();
    expect(await ok('webhooks', 'tail', hookId, '-n', '5')).toMatch(
      /^\S+ \S+ {2}transaction\.created +delivered +attempts 1 {2}HTTP 200 {2}[0-9a-f-]{36}\n$/,
    );

    const stop = new AbortController();
    const follow = start(['webhooks', 'tail', hookId, '--follow', '--interval', '0.05', '--json'], stop.signal);
    await okJson(...transfer('8'));
    for (let i = 0; i < 200 && follow.out().trim().split('\n').length < 2; i++) {
      await stack.drain();
      await new Promise((r) => setTimeout(r, 25));
    }
    stop.abort();
    const followed = await follow.done;
    expect(followed.code).toBe(0);
    const seen = followed.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; event_type: string });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)).toMatchObject({ event_type: 'transaction.created', status: 'delivered' });
  });

  it("speeds up a transfer held in the node's pool to COMPLETED, and cancels another after broadcast", async () => {
    const GWEI = 10n ** 9n;
    const vault = await okJson('vaults', 'create', 'Hot');
    const wallet = await okJson('wallets', 'create', '--vault', vault.id, '--label', 'hot');
    await stack.devChain!.state.setBalance(wallet.address, COIN);
    /** A transfer signed and in the node's pool at the dev chain's 1 gwei tip, then a congested chain that keeps it there. */
    const held = async (amount: string) => {
      const tx = await okJson('transfers', 'create', '--wallet', wallet.id, '--to', DEST, '--amount', amount);
      await stack.drain();
      stack.devChain!.faults.set({ minTipWei: (2n * GWEI).toString() });
      await stack.devChain!.mine();
      await stack.runSchedule('chain-poller');
      const pooled = await okJson('transfers', 'get', tx.id);
      expect(pooled).toMatchObject({ status: 'CONFIRMING', blockNumber: null });
      return pooled as { id: string; nonce: number; chainTxHash: string };
    };
    try {
      const stuck = await held('777');
      expect(await custody('speed-up', stuck.id, '--max-fee-per-gas', '3gwei')).toMatchObject({
        code: 2,
        err: expect.stringContaining('error: --max-fee-per-gas must be wei, digits only\nusage: custody speed-up'),
      });
      const low = await custody('speed-up', stuck.id, '--max-fee-per-gas', String(3n * GWEI + 1n));
      expect(low.code).toBe(1);
      expect(low.err).toMatch(/^error: 1100 VALIDATION: .*maxFeePerGas/);
      // Past the policy receipt's cap (2 x gas limit x the first max fee of 3 gwei) a signer would refuse it: 400 now.
      const high = await custody('speed-up', stuck.id, '--max-fee-per-gas', String(6n * GWEI + 1n));
      expect(high.code).toBe(1);
      expect(high.err).toMatch(
        new RegExp(
          `^error: 1100 VALIDATION: maxFeePerGas must be at most ${6n * GWEI} wei: the transaction's policy receipt caps gas limit x max fee at ${21_000n * 6n * GWEI} wei`,
        ),
      );
      expect((await okJson('transfers', 'get', stuck.id)).replacements).toEqual([]);
      expect(
        await ok(
          'speed-up',
          stuck.id,
          '--max-fee-per-gas',
          String(6n * GWEI),
          '--max-priority-fee-per-gas',
          String(3n * GWEI),
        ),
      ).toBe(
        `speed-up requested for ${stuck.id}: now CONFIRMING; replacement at nonce ${stuck.nonce}: max fee ${6n * GWEI} wei, tip ${3n * GWEI} wei, to be signed and sent\nfollow it: custody tx watch ${stuck.id}\n`,
      );
      const watched = await driveUntil(custody('tx', 'watch', stuck.id, '--interval', '0.05'));
      expect(watched).toMatchObject({ code: 0, err: '' });
      expect(watched.out).toMatch(/\n✔ COMPLETED /);
      const done = await okJson('transfers', 'get', stuck.id);
      expect(done.chainTxHash).not.toBe(stuck.chainTxHash); // the replacement was mined, not the original
      expect(done.replacements).toMatchObject([{ reason: 'SPEED_UP', status: 'BROADCAST', hash: done.chainTxHash }]);
      expect(await stack.devChain!.state.balanceOf(DEST)).toBeGreaterThanOrEqual(777n);

      stack.devChain!.faults.reset();
      const other = await held('778');
      expect(await ok('cancel', other.id, '--reason', 'wrong payee')).toMatch(
        new RegExp(
          `^cancel requested for ${other.id}: now CONFIRMING; replacement at nonce ${other.nonce}: max fee \\d+ wei, tip \\d+ wei, to be signed and sent\nfollow it: custody tx watch ${other.id}\nit ends CANCELLED if the chain mines the cancel, COMPLETED if it mines the transfer first\n$`,
        ),
      );
      stack.devChain!.faults.reset(); // the cancel pays at least 10 % more: mined either way; the original is gone
      const cancelled = await driveUntil(custody('tx', 'watch', other.id, '--interval', '0.05'));
      expect(cancelled.code).toBe(1);
      expect(await okJson('transfers', 'get', other.id)).toMatchObject({ status: 'CANCELLED' });

      const fresh = await okJson('transfers', 'create', '--wallet', wallet.id, '--to', DEST, '--amount', '779');
      expect(await ok('cancel', fresh.id)).toBe(`cancelled ${fresh.id}: now CANCELLED\n`);
      expect(await custody('speed-up', fresh.id)).toMatchObject({
        code: 1,
        err: expect.stringMatching(/^error: 1301 /),
      });
    } finally {
      stack.devChain!.faults.reset();
    }
  }, 120_000); // a dozen commands, each over HTTP, and blocks mined until the replacement is deep enough

  it('verifies the audit log', async () => {
    await stack.drain();
    expect(await ok('audit', 'verify')).toMatch(/^audit log valid: \d+ entries checked/);
    expect(await okJson('audit', 'verify')).toMatchObject({ valid: true, first_problem: null });
  });

  it('lists, adds and removes address-book entries: when each becomes usable, and writes held for the quorum', async () => {
    const asOperator = ['--key-file', stack.operator!.file!];
    await ok(
      'tenants',
      'create',
      'Book',
      '--admin-email',
      'admin@book.example',
      '--save-key',
      file('book.json'),
      ...asOperator,
    );
    const asBook = ['--key-file', file('book.json')];
    await ok(
      'users',
      'create',
      '--email',
      'admin2@book.example',
      '--role',
      'admin',
      '--save-key',
      file('book2.json'),
      ...asBook,
    );
    expect(await ok('address-book', 'list', ...asBook)).toBe('(none)\n');

    // Quorum 1: added at once, cooling for the tenant's 24 hours.
    const added = await ok('address-book', 'add', DEST, '--name', 'Supplier', '--notes', 'invoices', ...asBook);
    const entry = (await okJson('address-book', 'list', ...asBook))[0];
    expect(entry).toMatchObject({ address: DEST, name: 'Supplier', status: 'COOLING' });
    expect(Date.parse(entry.usable_at) - Date.parse(entry.created_at)).toBe(24 * 3600_000);
    expect(added).toBe(
      [
        `id:      ${entry.id}`,
        'name:    Supplier',
        `address: ${DEST}`,
        'scope:   vault any, asset any',
        'notes:   invoices',
        'status:  COOLING',
        `usable:  from ${entry.usable_at} (its cooling period: transfers to it are refused until then)`,
        '',
      ].join('\n'),
    );
    expect(await ok('address-book', 'list', ...asBook)).toMatch(
      new RegExp(
        `^ID +NAME +ADDRESS +STATUS +USABLE +VAULT_ID +ASSET_ID\\n${entry.id} +Supplier +${DEST} +COOLING +from ${entry.usable_at} +- +-\\n$`,
      ),
    );
    const other = (await ok('address-book', 'add', '0x' + 'ab'.repeat(20), '--name', 'Other', '-q', ...asBook)).trim();
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ok('address-book', 'remove', other, ...asBook)).toBe(`removed ${other}\n`);
    expect(await ok('address-book', 'list', '-q', ...asBook)).toBe(`${entry.id}\n`);

    // Refused and wrong calls.
    expect(await custody('address-book', 'add', '0x1234', '--name', 'Bad', ...asBook)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^error: 1102 INVALID_ADDRESS: /),
    });
    expect(await custody('address-book', 'add', DEST, ...asBook)).toMatchObject({
      code: 2,
      err: expect.stringContaining('error: --name is required\nusage: custody address-book add <address> --name NAME'),
    });
    expect(await custody('address-book', 'add', DEST, '--name', 'Again', ...asBook)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^error: 1401 /),
    });

    // Quorum 2: adding and removing answer the pending change; the entry exists once a second admin approves.
    const book = readKeyFile(file('book.json'));
    const admin = createCustodyClient({ baseUrl: book.base_url, apiKey: `${book.key_id}:${book.secret}` });
    const second = readKeyFile(file('book2.json'));
    const admin2 = createCustodyClient({ baseUrl: second.base_url, apiKey: `${second.key_id}:${second.secret}` });
    await admin.put('/v1/governance', { body: { quorum: 2 } });
    const held = await ok('address-book', 'add', '0x' + 'cd'.repeat(20), '--name', 'Payroll', ...asBook);
    const change = /^change: +([0-9a-f-]{36})\n/.exec(held)?.[1];
    expect(held).toMatch(
      /^change: +\S+\nkind: +address_book\.add\nstatus: +PENDING: waits for the governance quorum, then cools before transfers may use it\napprovals: +1 of 2\nexpires_at: +\S+\n$/,
    );
    expect((await okJson('address-book', 'list', ...asBook)).map((e: { name: string }) => e.name)).toEqual([
      'Supplier',
    ]);
    await admin2.post('/v1/changes/{id}/approve', { params: { path: { id: change! } } });
    const payroll = (await okJson('address-book', 'list', ...asBook)).find(
      (e: { name: string }) => e.name === 'Payroll',
    );
    expect(payroll).toMatchObject({ status: 'COOLING', address: '0x' + 'cd'.repeat(20) });

    const removal = await okJson('address-book', 'remove', entry.id, ...asBook);
    expect(removal).toMatchObject({ kind: 'address_book.remove', status: 'PENDING', quorum: 2 });
    expect(await ok('address-book', 'remove', payroll.id, '-q', ...asBook)).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(await ok('address-book', 'list', '-q', ...asBook)).toBe(`${entry.id}\n${payroll.id}\n`);
    await admin2.post('/v1/changes/{id}/approve', { params: { path: { id: removal.id } } });
    expect(await ok('address-book', 'list', '-q', ...asBook)).toBe(`${payroll.id}\n`);
  });

  it('answers wrong usage with exit 2 and the usage, a refused key with exit 1, and signs out', async () => {
    expect(await custody('vaults', 'frobnicate')).toMatchObject({
      code: 2,
      err: expect.stringContaining('error: unknown command "vaults frobnicate"'),
    });
    expect(await custody('vaults', 'list', '--bogus')).toMatchObject({
      code: 2,
      err: expect.stringContaining("Unknown option '--bogus'"),
    });
    expect(await custody('transfers', 'list', '--limit', '0')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--limit must be a positive integer'),
    });
    expect(await custody('vaults', 'list', '--help')).toMatchObject({
      code: 0,
      out: 'usage: custody vaults list [--limit N]\n\nlist vaults\n',
    });
    const bad = file('bad.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, JSON.stringify({ base_url: stack.baseUrl, key_id: 'pqck_nope', secret: 'pqcs_nope' }));
    expect(await custody('whoami', '--key-file', bad)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^error: 1000 UNAUTHORIZED: .+ \(request req_/),
    });
    expect(await ok('logout')).toBe('signed out\n');
    expect(await custody('vaults', 'list')).toMatchObject({
      code: 2,
      err: expect.stringContaining('error: not signed in: run `custody login <key-file>`'),
    });
  });

  it('runs as `npx custody` from the repository', async () => {
    const child = spawn('npx', ['custody', 'audit', 'verify', '--key-file', file('acme.json')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(err).not.toMatch(/^error:/m);
    expect(code).toBe(0);
    expect(out).toMatch(/^audit log valid: \d+ entries checked/);
  }, 60_000);
});
