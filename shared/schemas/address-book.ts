import * as z from './zod.js';
import { address, described, name, note, paginationQuery, timestamp, uuid } from './common.js';

/** The address book (snake_case, like the other tenant-administration resources). docs/policies.md, "Address book". */
export const CreateAddressBookEntryBody = z.lazySchema(() =>
  z.strictObject({
    address: address(),
    name: described(name(), 'What people see for this destination in the console and on transactions'),
    asset_id: z.withMeta(
      z.optional(
        z.pipe(
          uuid(),
          z.transform((s) => s.toLowerCase()),
        ),
      ),
      { description: 'Only transfers of this asset may use the entry; absent: any asset.' },
    ),
    vault_id: z.withMeta(
      z.optional(
        z.pipe(
          uuid(),
          z.transform((s) => s.toLowerCase()),
        ),
      ),
      { description: 'Only transfers from this vault may use the entry; absent: any vault.' },
    ),
    notes: described(z.optional(note()), 'Free text for the people who decide on transfers'),
  }),
);

export const AddressBookEntry = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The entry id'),
      address: z.withMeta(z.string(), { description: 'Lowercase.' }),
      name: described(z.string(), 'The name shown for this destination'),
      asset_id: described(z.nullable(z.string()), 'The only asset transfers to it may send; null: any asset'),
      vault_id: described(z.nullable(z.string()), 'The only vault transfers to it may come from; null: any vault'),
      notes: described(z.nullable(z.string()), 'Free text, or null'),
      status: z.withMeta(z.enum(['COOLING', 'ACTIVE']), {
        description: 'COOLING until `usable_at`: transfers to it are denied (1200) until then.',
      }),
      usable_at: z.withMeta(timestamp(), {
        description: "Its creation plus the tenant's `address_cooling_hours` (GET /v1/governance).",
      }),
      created_at: described(timestamp(), 'When the entry was added (when its change applied, under a quorum)'),
      created_by: described(
        z.object({
          user_id: described(z.string(), 'The user who asked for it'),
          key_id: described(z.string(), 'The credential it was asked with'),
        }),
        'Who added it',
      ),
    }),
    { id: 'AddressBookEntry' },
  ),
);
export const AddressBookList = z.lazySchema(() =>
  z.object({
    entries: described(z.array(AddressBookEntry()), 'One page of entries'),
    next_cursor: described(z.nullable(z.string()), 'Pass as `cursor` for the next page; null on the last'),
  }),
);
export const AddressBookListQuery = paginationQuery;
export const AddressBookEntryParam = z.lazySchema(() =>
  z.object({ entryId: described(uuid(), 'The address-book entry id') }),
);
