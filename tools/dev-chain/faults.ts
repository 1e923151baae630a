/**
 * The dev chain's fault knobs (docs/chain-node.md), set in code (`chain.faults.set({...})`) or with `dev_setFaults`:
 *   down         every request is cut off (the socket is destroyed, as a dead node), except the control methods
 *                (dev_*, evm_mine, anvil_setBalance, hardhat_setBalance) so the fault can be lifted;
 *   slowMs       every answer waits this long (a node timing out);
 *   reject       eth_sendRawTransaction answers -32000 with this message (a node refusing transactions);
 *   nonceTooLow  eth_sendRawTransaction answers -32000 "nonce too low";
 *   minTipWei    pool transactions paying a lower tip per gas are not mined (a congested chain); they stay pooled;
 *   refuse       the methods it names ({method: message}) answer -32000 with that message (a node that cannot serve
 *                them: pruned state, a backend behind its peers); not the control methods;
 *   suggestedTipWei  the tip eth_maxPriorityFeePerGas suggests, instead of 1 gwei or minTipWei when higher (null): a
 *                suggestion lagging a fee spike, so a transfer sent now pays too little and stays in the pool.
 * Reorgs and dropping the pool are actions, not knobs: `chain.reorg(depth)` / `dev_reorg`, `chain.dropPending()` /
 * `dev_dropPending`.
 */
export type FaultValues = {
  down: boolean;
  slowMs: number;
  reject: string | null;
  nonceTooLow: boolean;
  minTipWei: bigint;
  refuse: Readonly<Record<string, string>>;
  suggestedTipWei: bigint | null;
};

export const NO_FAULTS: FaultValues = Object.freeze({
  down: false,
  slowMs: 0,
  reject: null,
  nonceTooLow: false,
  minTipWei: 0n,
  refuse: Object.freeze({}),
  suggestedTipWei: null,
});

/** Wei below 2^256: a bigint, a whole number, a decimal string or a 0x hex quantity (JSON has no bigint). */
function wei(v: unknown, name: string): bigint {
  const ok =
    typeof v === 'bigint' ||
    (typeof v === 'number' && Number.isSafeInteger(v)) ||
    (typeof v === 'string' && (/^(?:0|[1-9]\d{0,77})$/.test(v) || /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/.test(v)));
  const n = ok ? BigInt(v as bigint | number | string) : -1n;
  if (n < 0n || n >= 2n ** 256n)
    throw new TypeError(`${name} must be wei from 0 (a whole number, a decimal string or a 0x hex quantity)`);
  return n;
}

/** `{method: message}`: names of non-control methods, messages of 1 to 200 characters. */
function refusals(v: unknown): Readonly<Record<string, string>> {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new TypeError('refuse must be an object {method: message}');
  for (const [method, message] of Object.entries(v)) {
    if (!/^[a-z]+_[A-Za-z]+$/.test(method) || CONTROL_METHOD.test(method))
      throw new TypeError(`refuse cannot name ${method}: only the node's own methods, not the control methods`);
    if (typeof message !== 'string' || message.length < 1 || message.length > 200)
      throw new TypeError(`the message refusing ${method} must be 1 to 200 characters`);
  }
  return Object.freeze({ ...(v as Record<string, string>) });
}

export class Faults implements FaultValues {
  down = false;
  slowMs = 0;
  reject: string | null = null;
  nonceTooLow = false;
  minTipWei = 0n;
  refuse: Readonly<Record<string, string>> = {};
  suggestedTipWei: bigint | null = null;

  /** Sets the knobs given (others unchanged); throws on a value of the wrong type, setting none. */
  set(v: unknown): void {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new TypeError('faults must be an object');
    const f = { ...(v as Record<string, unknown>) };
    const unknown = Object.keys(f).filter((k) => !(k in NO_FAULTS));
    if (unknown.length) throw new TypeError(`unknown fault ${unknown.join(', ')}`);
    if (f.down !== undefined && typeof f.down !== 'boolean') throw new TypeError('down must be a boolean');
    if (f.nonceTooLow !== undefined && typeof f.nonceTooLow !== 'boolean')
      throw new TypeError('nonceTooLow must be a boolean');
    if (
      f.slowMs !== undefined &&
      !(typeof f.slowMs === 'number' && Number.isInteger(f.slowMs) && f.slowMs >= 0 && f.slowMs <= 600_000)
    )
      throw new TypeError('slowMs must be whole milliseconds from 0 to 600000');
    if (
      f.reject !== undefined &&
      f.reject !== null &&
      !(typeof f.reject === 'string' && f.reject.length > 0 && f.reject.length <= 200)
    )
      throw new TypeError('reject must be a message (1 to 200 characters) or null');
    if (f.minTipWei !== undefined) f.minTipWei = wei(f.minTipWei, 'minTipWei');
    if (f.refuse !== undefined) f.refuse = refusals(f.refuse);
    if (f.suggestedTipWei !== undefined && f.suggestedTipWei !== null)
      f.suggestedTipWei = wei(f.suggestedTipWei, 'suggestedTipWei (or null)');
    Object.assign(this, f);
  }

  reset(): void {
    this.set(NO_FAULTS);
  }

  snapshot(): FaultValues {
    return {
      down: this.down,
      slowMs: this.slowMs,
      reject: this.reject,
      nonceTooLow: this.nonceTooLow,
      minTipWei: this.minTipWei,
      refuse: this.refuse,
      suggestedTipWei: this.suggestedTipWei,
    };
  }
}

/** Methods that work while the node is down, so a test or a person can lift the fault. */
export const CONTROL_METHOD = /^(dev_|evm_mine$|anvil_setBalance$|hardhat_setBalance$)/;
