import type { Config } from '../../config.js';
import { keys, type Key } from '../../store/keys.js';
import type { UseCaseContext } from '../context.js';
import { nativeProfileFromConfig } from '../assets/asset-record.js';
import { createPolicy, deletePolicy, updatePolicy, type CreatePolicyInput } from '../policies/policies.js';
import { loadPolicy, policyView } from '../policies/policy-store.js';
import type { Rule } from '../policies/rules.js';
import { assignRole, loadUser, removeRole } from '../identity/users.js';
import { createEntry, entryView, loadEntry, removeEntry, type AddressBookInput } from '../address-book/address-book.js';
import { ACCESS_COMMANDS, DECIDING_ROLES, type AccessChangeCommand } from './access-commands.js';
import { CHANGE_KINDS } from './change-kinds.js';
import {
  governanceView,
  isPureRaise,
  loadGovernance,
  updateGovernance,
  type GovernanceSettings,
  type UpdateGovernanceInput,
} from './settings.js';

/**
 * Governance commands: a typed description of one governed operation and its input. The route builds the command;
 * `runGoverned` (changes.ts) either applies it at once (quorum 1) or keeps it as a pending change, and applying it,
 * now or when the quorum is reached, runs the same use case as the direct route, in the applying request's unit of
 * work. Adding a governed operation is one member of `ChangeCommand` and one entry of `COMMANDS`.
 */
export type ChangeCommand =
  | { kind: 'policy.create'; input: CreatePolicyInput }
  | { kind: 'policy.update'; policy_id: string; input: { vault_id?: string; name?: string; rules: Rule[] } }
  | { kind: 'policy.delete'; policy_id: string }
  | { kind: 'governance.update'; input: UpdateGovernanceInput }
  | { kind: 'user.role_assign'; user_id: string; role_id: string }
  | { kind: 'user.role_remove'; user_id: string; role_id: string }
  | { kind: 'address_book.add'; input: AddressBookInput }
  | { kind: 'address_book.remove'; entry_id: string }
  | AccessChangeCommand;

export type ChangeKind = ChangeCommand['kind'];
export { CHANGE_KINDS };
/** Each kind of change-kinds.ts has a command below, and each command a kind (both directions checked by the compiler). */
const _kindsMatch: [ChangeKind, (typeof CHANGE_KINDS)[number]] extends [(typeof CHANGE_KINDS)[number], ChangeKind]
  ? true
  : never = true;
void _kindsMatch;

/** What a command needs beyond its use-case context. */
export type CommandDeps = { config: Config };

/** An item a pending change was built against, at the version it had (0: it did not exist). */
export type Expectation = { key: Key; version: number; what: string };

type CommandOf<K extends ChangeKind> = Extract<ChangeCommand, { kind: K }>;
export type CommandDef<K extends ChangeKind> = {
  /** Whether it waits for the quorum when the quorum is above 1 (default: always). */
  governed?: (cmd: CommandOf<K>, settings: GovernanceSettings, ctx: UseCaseContext) => boolean | Promise<boolean>;
  /** The state it changes as it is now (the diff's "before"), and the items that must not move until it applies. */
  current: (ctx: UseCaseContext, cmd: CommandOf<K>) => Promise<{ before: unknown; expects: Expectation[] }>;
  /** Runs the use case of the direct route; its answer is the diff's "after" and the direct route's body. */
  apply: (ctx: UseCaseContext, cmd: CommandOf<K>, deps: CommandDeps) => Promise<unknown>;
  /** The command as the change and its audit entries show it, when it holds what must not be shown (a secret's hash, a sealed secret). */
  shown?: (cmd: CommandOf<K>) => unknown;
};

async function currentPolicy(ctx: UseCaseContext, policyId: string) {
  const p = await loadPolicy(ctx.store, ctx.principal.tenantId, policyId);
  return {
    before: policyView(p),
    expects: [{ key: keys.policy(p.tenant_id, p.vault_id, p.id), version: p.version, what: `policy ${p.id}` }],
  };
}

/** The roles whose grant or removal is governed: who decides changes, and who decides transfers. */
const GOVERNED_ROLES = DECIDING_ROLES;

async function currentRoles(ctx: UseCaseContext, userId: string) {
  const u = await loadUser(ctx.store, ctx.principal.tenantId, userId);
  return { before: { user_id: u.id, role_ids: u.role_ids }, expects: [] };
}

export const COMMANDS: { [K in ChangeKind]: CommandDef<K> } = {
  'policy.create': {
    current: async () => ({ before: null, expects: [] }),
    apply: (ctx, cmd, deps) => createPolicy(ctx, nativeProfileFromConfig(deps.config), cmd.input),
  },
  'policy.update': {
    current: (ctx, cmd) => currentPolicy(ctx, cmd.policy_id),
    apply: (ctx, cmd, deps) => updatePolicy(ctx, nativeProfileFromConfig(deps.config), cmd.policy_id, cmd.input),
  },
  'policy.delete': {
    current: (ctx, cmd) => currentPolicy(ctx, cmd.policy_id),
    apply: async (ctx, cmd) => {
      await deletePolicy(ctx, cmd.policy_id);
      return null;
    },
  },
  'governance.update': {
    governed: (cmd, settings) => !isPureRaise(settings, cmd.input),
    current: async (ctx) => {
      const s = await loadGovernance(ctx.store, ctx.principal.tenantId);
      return {
        before: governanceView(s),
        expects: [
          { key: keys.governance(ctx.principal.tenantId), version: s.version, what: 'the governance settings' },
        ],
      };
    },
    apply: (ctx, cmd) => updateGovernance(ctx, cmd.input),
  },
  'user.role_assign': {
    governed: (cmd) => GOVERNED_ROLES.includes(cmd.role_id),
    current: (ctx, cmd) => currentRoles(ctx, cmd.user_id),
    apply: (ctx, cmd) => assignRole(ctx, cmd.user_id, cmd.role_id),
  },
  'user.role_remove': {
    governed: (cmd) => GOVERNED_ROLES.includes(cmd.role_id),
    current: (ctx, cmd) => currentRoles(ctx, cmd.user_id),
    apply: async (ctx, cmd) => {
      await removeRole(ctx, cmd.user_id, cmd.role_id);
      return null;
    },
  },
  'address_book.add': {
    current: async () => ({ before: null, expects: [] }),
    apply: (ctx, cmd, deps) => createEntry(ctx, nativeProfileFromConfig(deps.config), cmd.input),
  },
  'address_book.remove': {
    current: async (ctx, cmd) => {
      const e = await loadEntry(ctx.store, ctx.principal.tenantId, cmd.entry_id);
      return {
        before: entryView(e, ctx.now),
        expects: [
          { key: keys.addressBookEntry(e.tenant_id, e.id), version: e.version, what: `address book entry ${e.id}` },
        ],
      };
    },
    apply: async (ctx, cmd) => {
      await removeEntry(ctx, cmd.entry_id);
      return null;
    },
  },
  ...ACCESS_COMMANDS,
};

/** The command as a change shows it (its `shown`, or as the route built it). */
export const shownCommand = (cmd: ChangeCommand): unknown => commandDef(cmd.kind).shown?.(cmd) ?? cmd;

export const commandDef = <K extends ChangeKind>(kind: K) =>
  COMMANDS[kind] as unknown as CommandDef<ChangeKind> & {
    apply: (ctx: UseCaseContext, cmd: ChangeCommand, deps: CommandDeps) => Promise<unknown>;
  };
