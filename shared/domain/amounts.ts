/** The one spelling of an amount: decimal digits without leading zeros ("0", "5", never "007"). */
export const CANONICAL_AMOUNT_RE = /^(0|[1-9][0-9]*)$/;

/**
 * `wei` (canonical decimal digits) in units of `decimals`, without trailing zeros: `1500000000000000000`, 18 ->
 * `1.5` (what viem's formatUnits answers, without loading viem into the functions that only show amounts).
 */
export function formatUnits(wei: string, decimals: number): string {
  if (decimals === 0) return wei;
  const padded = wei.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
