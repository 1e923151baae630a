/** The one spelling of an amount: decimal digits without leading zeros ("0", "5", never "007"). */
export const CANONICAL_AMOUNT_RE = /^(0|[1-9][0-9]*)$/;
