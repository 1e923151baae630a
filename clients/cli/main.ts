import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CustodyApiError, readKeyFile } from '../typescript/src/index.js';
import * as cmd from './commands.js';
import { fields, json, type Io } from './output.js';
import { clearSession, clientFor, loadKey, saveSession, UsageError } from './session.js';
import { txWatch, webhooksTail } from './watch.js';

/**
 * `custody`, the command line of the custody service, on the TypeScript client (clients/typescript): one table of
 * commands, each with its options for node:util parseArgs, and one place that turns failures into exit codes
 * (0 done, 1 refused by the service or failed, 2 wrong usage, 130 interrupted). docs/cli.md is its manual.
 */
type Options = NonNullable<ParseArgsConfig['options']>;
type Command = {
  args: string;
  summary: string;
  options?: Options;
  run: (ctx: cmd.Ctx) => Promise<number | void>;
  signedOut?: boolean;
};

const S = { type: 'string' } as const;
const COMMANDS: Record<string, Command> = {
  login: {
    args: '<key-file>',
    summary: 'sign in with a key file ({"base_url","key_id","secret"}, as .local/operator.json)',
    run: login,
    signedOut: true,
  },
  logout: { args: '', summary: 'forget the key file chosen by login', run: logout, signedOut: true },
  whoami: { args: '', summary: 'the signed-in user, tenant, roles and key', run: cmd.whoami },
  'tenants create': {
    args: '<name> --admin-email EMAIL [--admin-name NAME] [--save-key FILE]',
    summary: 'create a tenant and its first admin (platform operators)',
    options: { 'admin-email': S, 'admin-name': S, 'save-key': S },
    run: cmd.tenantsCreate,
  },
  'tenants list': {
    args: '[--limit N]',
    summary: 'list tenants (platform operators)',
    options: { limit: S },
    run: cmd.tenantsList,
  },
  'vaults create': { args: '<name>', summary: 'create a vault', run: cmd.vaultsCreate },
  'vaults list': { args: '[--limit N]', summary: 'list vaults', options: { limit: S }, run: cmd.vaultsList },
  'wallets create': {
    args: '--vault ID [--label LABEL]',
    summary: 'generate a wallet (its ML-DSA key pair in the signer)',
    options: { vault: S, label: S },
    run: cmd.walletsCreate,
  },
  'wallets list': {
    args: '--vault ID [--limit N]',
    summary: "list a vault's wallets",
    options: { vault: S, limit: S },
    run: cmd.walletsList,
  },
  'users create': {
    args: '--email EMAIL [--name NAME] [--role ROLE]... [--save-key FILE]',
    summary: 'create a user; with --save-key also its API key, written to FILE',
    options: { email: S, name: S, role: { type: 'string', multiple: true }, 'save-key': S },
    run: cmd.usersCreate,
  },
  'policies create': {
    args: '--vault ID --name NAME [--approvals N] [--max-amount WEI]',
    summary: 'attach a policy to a vault',
    options: { vault: S, name: S, approvals: S, 'max-amount': S },
    run: cmd.policiesCreate,
  },
  'address-book list': {
    args: '[--limit N]',
    summary: 'the address book: each entry, its scope, and when transfers may use it',
    options: { limit: S },
    run: cmd.addressBookList,
  },
  'address-book add': {
    args: '<address> --name NAME [--vault ID] [--asset ID] [--notes TEXT]',
    summary: 'add a destination; usable after the cooling period (a pending change under a quorum)',
    options: { name: S, vault: S, asset: S, notes: S },
    run: cmd.addressBookAdd,
  },
  'address-book remove': {
    args: '<entry-id>',
    summary: 'remove an entry (a pending change under a quorum)',
    run: cmd.addressBookRemove,
  },
  'transfers create': {
    args: '--wallet ID --to ADDRESS --amount WEI [--asset ID] [--external-id ID] [--note TEXT] [--idempotency-key KEY]',
    summary: 'submit a transfer (amount in wei; the native asset unless --asset)',
    options: { wallet: S, to: S, amount: S, asset: S, 'external-id': S, note: S, 'idempotency-key': S },
    run: cmd.transfersCreate,
  },
  'transfers list': {
    args: '[--status STATUS] [--vault ID] [--wallet ID] [--limit N]',
    summary: 'list transfers, newest first',
    options: { status: S, vault: S, wallet: S, limit: S },
    run: cmd.transfersList,
  },
  'transfers get': { args: '<transaction-id>', summary: 'show one transfer', run: cmd.transfersGet },
  approve: {
    args: '<transaction-id> [--reason TEXT]',
    summary: 'approve a transfer awaiting approval',
    options: { reason: S },
    run: (ctx) => cmd.decide(ctx, 'approve'),
  },
  reject: {
    args: '<transaction-id> --reason TEXT',
    summary: 'reject a transfer awaiting approval',
    options: { reason: S },
    run: (ctx) => cmd.decide(ctx, 'reject'),
  },
  'speed-up': {
    args: '<transaction-id> [--max-fee-per-gas WEI] [--max-priority-fee-per-gas WEI]',
    summary: 'replace a broadcast transfer with higher fees (each omitted: the current plus 10 %)',
    options: { 'max-fee-per-gas': S, 'max-priority-fee-per-gas': S },
    run: cmd.speedUp,
  },
  cancel: {
    args: '<transaction-id> [--reason TEXT]',
    summary: 'cancel a transfer: at once before signing; after broadcast by a zero-value replacement',
    options: { reason: S },
    run: cmd.cancel,
  },
  'tx watch': {
    args: '<transaction-id> [--interval SECONDS]',
    summary: 'follow a transaction until it ends (exit 0 when COMPLETED)',
    options: { interval: S },
    run: txWatch,
  },
  'audit verify': { args: '', summary: 'verify the audit log (exit 1 when it does not verify)', run: cmd.auditVerify },
  'webhooks tail': {
    args: '<webhook-id> [-n N] [--follow] [--interval SECONDS]',
    summary: "an endpoint's latest deliveries; --follow keeps printing new ones and changes",
    options: { lines: { type: 'string', short: 'n' }, follow: { type: 'boolean', short: 'f' }, interval: S },
    run: webhooksTail,
  },
};

const GLOBAL: Options = {
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'key-file': { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return [
    'usage: custody <command> [options]     (npx custody ... from the repository)',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'options of every command:',
    '  --json            print JSON (lists as arrays; tx watch and webhooks tail one object per line)',
    '  -q, --quiet       print only the id of what was created or listed (VAULT=$(custody vaults create X -q))',
    '  --key-file FILE   use this key file instead of the one chosen by login (or CUSTODY_KEY_FILE)',
    "  --base-url URL    call this service instead of the key file's base_url",
    '',
    'custody <command> --help shows its arguments. Manual: docs/cli.md',
    '',
  ].join('\n');
}

async function login(ctx: cmd.Ctx) {
  const file = ctx.positionals[0];
  if (!file) throw new UsageError('missing <key-file>');
  const key = readKeyFile(file);
  const me = await clientFor(key, ctx.values['base-url'] as string | undefined, ctx.io).get('/v1/me');
  saveSession(ctx.io.env, file);
  ctx.io.out(
    ctx.json
      ? json(me)
      : `signed in as ${me.user.name} <${me.user.email}> (${me.roles.join(', ')}) of tenant ${me.tenant_id} at ${ctx.values['base-url'] ?? key.base_url}\n`,
  );
}

async function logout(ctx: cmd.Ctx) {
  const had = clearSession(ctx.io.env);
  ctx.io.out(ctx.json ? json({ signed_out: had }) : had ? 'signed out\n' : 'not signed in\n');
}

function findCommand(argv: string[]): { name: string; command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS[name];
    if (command && argv.length >= words) return { name, command, rest: argv.slice(words) };
  }
  return null;
}

export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.out(usage());
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.err(`error: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${usage()}`);
    return 2;
  }
  const { name, command, rest } = found;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...GLOBAL, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.out(`usage: custody ${name} ${command.args}\n\n${command.summary}\n`);
      return 0;
    }
    const baseOverride = values['base-url'] as string | undefined;
    const ctx: cmd.Ctx = {
      io,
      json: Boolean(values.json),
      quiet: Boolean(values.quiet),
      positionals,
      values,
      client: undefined as never,
      key: undefined as never,
      baseUrl: baseOverride ?? '',
    };
    if (!command.signedOut) {
      const key = loadKey(io.env, values['key-file'] as string | undefined);
      Object.assign(ctx, { key, baseUrl: baseOverride ?? key.base_url, client: clientFor(key, baseOverride, io) });
    }
    return (await command.run(ctx)) ?? 0;
  } catch (e) {
    if (e instanceof CustodyApiError) {
      io.err(`error: ${e.message}${e.requestId ? ` (request ${e.requestId})` : ''}\n`);
      if (e.details && Object.keys(e.details).length) io.err(fields(e.details).replace(/^(?=.)/gm, '  '));
      return 1;
    }
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`error: ${(e as Error).message}\nusage: custody ${name} ${command.args}\n`);
      return 2;
    }
    if (e instanceof TypeError && e.message === 'fetch failed') {
      io.err(`error: cannot reach the service: ${(e.cause as Error | undefined)?.message ?? e.message}\n`);
      return 1;
    }
    io.err(`error: ${(e as Error).message}\n`);
    return 1;
  }
}
