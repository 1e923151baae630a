/**
 * Stands in for viem's CCIP-read module (`viem/_esm/utils/ccip.js`) in the Lambda bundles (lib/function-bundle.ts):
 * viem's `call` action imports it dynamically to follow an offchain lookup, and this service never calls contracts
 * through a viem client (its JSON-RPC adapter is its own). With code splitting, that `import()` made the module an
 * entry of its own, which kept `call` and about 80 KiB of viem's client code in the chunks every cold start loads.
 */
const UNUSED =
  'viem CCIP-read (offchain lookup) is not bundled: this service does not call contracts through a viem client';
export const offchainLookupSignature = '0x556f1830';
export function offchainLookup(): never {
  throw new Error(UNUSED);
}
