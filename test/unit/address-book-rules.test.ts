import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluate, type TransferFacts } from '../../shared/domain/policies/policy-engine.js';
import { lookalikeOf, matchDestination, type BookEntry } from '../../shared/domain/address-book/book.js';
import type { Rule } from '../../shared/domain/policies/rules.js';

const VAULT = '0190a0a0-0000-7000-8000-0000000000aa';
const OTHER_VAULT = '0190a0a0-0000-7000-8000-0000000000ab';
const ASSET = '0190a0a0-0000-7000-8000-0000000000cc';
const OTHER_ASSET = '0190a0a0-0000-7000-8000-0000000000dd';
const DEST = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const NOW = new Date('2026-06-01T12:00:00.000Z');
const EARLIER = '2026-06-01T11:00:00.000Z';
const LATER = '2026-06-02T12:00:00.000Z';

const tx = (over: Partial<TransferFacts> = {}): TransferFacts => ({
  amount: 1n,
  destination: DEST,
  assetId: ASSET,
  walletId: 'w',
  vaultId: VAULT,
  ...over,
});
const entry = (over: Partial<BookEntry> = {}): BookEntry => ({
  id: 'e1',
  name: 'Payee',
  address: DEST,
  asset_id: null,
  vault_id: null,
  usable_at: EARLIER,
  ...over,
});
const decide = (rules: Rule[], book: BookEntry[], facts = tx()) =>
  evaluate([{ id: 'p', rules }], facts, NOW, () => 0n, book);
const ONLY: Rule[] = [{ type: 'ADDRESS_BOOK_ONLY' }];

describe('ADDRESS_BOOK_ONLY', () => {
  it('allows an active entry covering the transfer, whatever the letter case of the destination', () => {
    expect(decide(ONLY, [entry()], tx({ destination: DEST.toUpperCase().replace('0X', '0x') })).outcome).toBe('allow');
  });

  it('denies a cooling entry, naming the instant it becomes usable', () => {
    const d = decide(ONLY, [entry({ usable_at: LATER })]);
    expect(d).toMatchObject({ outcome: 'deny', rule: { type: 'ADDRESS_BOOK_ONLY' } });
    expect(d.outcome === 'deny' && d.reason).toContain(`usable from ${LATER}`);
  });

  it('is usable exactly at usable_at', () => {
    expect(decide(ONLY, [entry({ usable_at: NOW.toISOString() })]).outcome).toBe('allow');
  });

  it('denies an entry for another vault or another asset, and an absent destination', () => {
    const vault = decide(ONLY, [entry({ vault_id: OTHER_VAULT })]);
    expect(vault.outcome === 'deny' && vault.reason).toContain('not for this vault');
    const asset = decide(ONLY, [entry({ asset_id: OTHER_ASSET })]);
    expect(asset.outcome === 'deny' && asset.reason).toContain('not for this asset');
    expect(decide(ONLY, [entry({ vault_id: VAULT, asset_id: ASSET })]).outcome).toBe('allow');
    const absent = decide(ONLY, []);
    expect(absent.outcome === 'deny' && absent.reason).toContain('is not in the address book');
  });

  it('prefers an active covering entry over a cooling one of the same address', () => {
    expect(decide(ONLY, [entry({ id: 'cool', vault_id: VAULT, usable_at: LATER }), entry({ id: 'ok' })]).outcome).toBe(
      'allow',
    );
  });

  it('denies when no book is given (fails closed) and is not applicable without a destination', () => {
    expect(evaluate([{ id: 'p', rules: ONLY }], tx(), NOW, () => 0n).outcome).toBe('deny');
    const d = decide(ONLY, [], tx({ destination: null }));
    expect(d.outcome).toBe('allow');
    expect(d.checks[0]).toMatchObject({ result: 'not_applicable' });
  });
});

describe('WHITELIST_ADDRESS by entry_ids', () => {
  it('matches only the listed entries, and only active ones', () => {
    const book = [entry({ id: 'listed', address: '0x' + '1'.repeat(40) }), entry({ id: 'other' })];
    expect(decide([{ type: 'WHITELIST_ADDRESS', entry_ids: ['listed'] }], book).outcome).toBe('deny');
    expect(decide([{ type: 'WHITELIST_ADDRESS', entry_ids: ['other'] }], book).outcome).toBe('allow');
    const cooling = decide(
      [{ type: 'WHITELIST_ADDRESS', entry_ids: ['other'] }],
      [entry({ id: 'other', usable_at: LATER })],
    );
    expect(cooling.outcome === 'deny' && cooling.reason).toContain(`usable from ${LATER}`);
    expect(cooling.checks[0]!.compared).toMatchObject({
      destination: DEST,
      matched_entry: 'other',
      usable_at: LATER,
      entries: 1,
    });
  });
});

describe('look-alike destinations', () => {
  it('flags an address with the same first and last 4 hex characters and a different middle, letter case aside', () => {
    expect(lookalikeOf([entry()], `0x8BA1${'0'.repeat(32)}BA72`)?.id).toBe('e1');
    expect(lookalikeOf([entry()], DEST.toUpperCase().replace('0X', '0x'))).toBeUndefined();
    expect(lookalikeOf([entry()], `0x8ba2${'0'.repeat(32)}ba72`)).toBeUndefined();
    expect(lookalikeOf([entry()], `0x8ba1${'0'.repeat(32)}ba73`)).toBeUndefined();
  });

  it('never flags the entry itself, and flags exactly the addresses sharing both edges', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), fc.stringMatching(/^[0-9a-f]{40}$/), (a, b) => {
        const e = entry({ address: `0x${a}` });
        const flagged = lookalikeOf([e], `0x${b}`) !== undefined;
        expect(flagged).toBe(a !== b && a.slice(0, 4) === b.slice(0, 4) && a.slice(-4) === b.slice(-4));
      }),
    );
  });

  it('matchDestination reports the scope that does not cover the transfer', () => {
    expect(
      matchDestination([entry({ vault_id: OTHER_VAULT })], DEST, { assetId: ASSET, vaultId: VAULT }, NOW).kind,
    ).toBe('out_of_scope');
  });
});
