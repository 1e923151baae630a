import type { ChainPort } from '../../ports/chain.js';
import { keys } from '../../store/keys.js';
import { InvalidStateError, ValidationError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { decodeTokenLog, type Hex } from './calls.js';
import { tokenTemplate } from './templates.js';
import { loadToken, type TokenRecord } from './token-record.js';
import { toEventSelector } from 'viem';

/**
 * A permissioned token's allowlist as its contract says it is (docs/tokens.md, "Allowlist"): rebuilt from the contract's
 * `AllowlistUpdated(account, allowed)` logs and stored beside the token with the last block read, so it stays true
 * when someone changes the list on chain outside the service. Refreshed on read: each GET reads the logs of the blocks
 * confirmed (CUSTODY_CONFIRMATION_DEPTH) since the last read, in ranges of LOG_RANGE blocks, and stores the result
 * (version-guarded). Changes go through the allowlist routes as ALLOWLIST_ADD / ALLOWLIST_REMOVE operations.
 */
export const ALLOWLIST_UPDATED_TOPIC = toEventSelector('AllowlistUpdated(address,bool)');
/** Blocks per eth_getLogs request. */
const LOG_RANGE = 2_000;

type Entry = { allowed: boolean; block_number: number; transaction_hash: string };
type Stored = { entries: Record<string, Entry>; scanned_to: number; version: number | null };

/** The token whose allowlist is asked for: permissioned, and deployed (its logs exist). */
async function permissionedToken(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  tokenId: string,
): Promise<TokenRecord & { contract_address: string; deployed_block: number }> {
  const token = await loadToken(ctx.store, ctx.principal.tenantId, tokenId);
  if (!tokenTemplate(token.template_id)?.operations.includes('ALLOWLIST_ADD'))
    throw new ValidationError(`template ${token.template_id} has no allowlist`, { field: 'tokenId' });
  if (!token.contract_address || token.deployed_block === null)
    throw new InvalidStateError(`token is ${token.status}; its allowlist exists once it is deployed`, {
      status: token.status,
    });
  return token as TokenRecord & { contract_address: string; deployed_block: number };
}

export async function readAllowlist(ctx: UseCaseContext, chain: ChainPort, confirmationDepth: number, tokenId: string) {
  const token = await permissionedToken(ctx, tokenId);
  const key = keys.tokenAllowlist(token.tenant_id, token.id);
  const item = await ctx.store.get(key, { consistent: true });
  const stored: Stored = item
    ? {
        entries: item.entries as Record<string, Entry>,
        scanned_to: Number(item.scanned_to),
        version: Number(item.version),
      }
    : { entries: {}, scanned_to: token.deployed_block - 1, version: null };
  const confirmed = (await chain.blockNumber()) - confirmationDepth + 1;
  const entries = { ...stored.entries };
  let scanned = stored.scanned_to;
  while (scanned < confirmed) {
    const toBlock = Math.min(confirmed, scanned + LOG_RANGE);
    const logs = await chain.getLogs({
      fromBlock: scanned + 1,
      toBlock,
      address: token.contract_address,
      topics: [ALLOWLIST_UPDATED_TOPIC],
    });
    for (const log of logs) {
      const decoded = decodeTokenLog(token.template_id, { topics: log.topics as Hex[], data: log.data as Hex });
      if (decoded?.eventName !== 'AllowlistUpdated') continue;
      const account = String(decoded.args.account).toLowerCase();
      entries[account] = {
        allowed: Boolean(decoded.args.allowed),
        block_number: log.blockNumber,
        transaction_hash: log.transactionHash,
      };
    }
    scanned = toBlock;
  }
  if (scanned !== stored.scanned_to) {
    const next = {
      ...key,
      entity: 'token_allowlist',
      tenant_id: token.tenant_id,
      token_id: token.id,
      entries,
      scanned_to: scanned,
    };
    if (stored.version === null) ctx.uow.create({ ...next, version: 1 });
    else ctx.uow.replace({ ...next, version: stored.version });
  }
  const allowlist = Object.entries(entries)
    .filter(([, e]) => e.allowed)
    .sort((a, b) => a[1].block_number - b[1].block_number || a[0].localeCompare(b[0]))
    .map(([address, e]) => ({ address, blockNumber: e.block_number, transactionHash: e.transaction_hash }));
  return {
    tokenId: token.id,
    contractAddress: token.contract_address,
    allowlist,
    scannedToBlock: Math.max(scanned, 0),
  };
}
