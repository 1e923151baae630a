/**
 * Every governed operation's kind (docs/governance.md, "Governed operations"). A module of its own, with no imports,
 * so the schemas (and every function bundle that validates a 202 answer) do not pull in the commands that apply the
 * changes; commands.ts checks that each kind has a command and each command a kind.
 */
export const CHANGE_KINDS = [
  'policy.create',
  'policy.update',
  'policy.delete',
  'governance.update',
  'user.role_assign',
  'user.role_remove',
  'address_book.add',
  'address_book.remove',
  'credential.create',
  'credential.rotate',
  'tenant.update',
  'sso.connection_put',
  'sso.connection_delete',
  'user.create',
] as const;
