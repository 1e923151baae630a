import type { RuleCheck } from './policy-engine.js';

/**
 * The explanation of a decision as stored on the transaction (its `policy_decision.checks`, and the audit entry of
 * its creation or denial, which the history shows): every rule that concerns the transfer with its result, what it
 * compared and a one-line detail. Rules that do not concern it (another asset, another operation) are left out, and
 * list rules keep only the matched entry, so a decision stays small whatever the rule set (every change of a
 * transaction rewrites its item).
 */
export type StoredCheck = Omit<RuleCheck, 'result'> & { result: Exclude<RuleCheck['result'], 'not_applicable'> };

export function storedChecks(checks: readonly RuleCheck[]): StoredCheck[] {
  return checks
    .filter((c): c is StoredCheck => c.result !== 'not_applicable')
    .map((c) => ({ ...c, compared: { ...c.compared } }));
}

/** A stored explanation read back (decoded, not cast: an item written before explanations has none). */
export function asStoredChecks(v: unknown): StoredCheck[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
    .map((c) => ({
      policy_id: String(c.policy_id),
      rule_index: Number(c.rule_index),
      type: c.type as StoredCheck['type'],
      result: c.result as StoredCheck['result'],
      detail: String(c.detail ?? ''),
      compared: (c.compared && typeof c.compared === 'object' ? c.compared : {}) as StoredCheck['compared'],
    }));
}
