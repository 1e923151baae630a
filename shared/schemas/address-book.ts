import * as z from './zod.js';
import { address, name, note, paginationQuery, timestamp, uuid } from './common.js';

/** The address book (snake_case, like the other tenant-administration resources). docs/policies.md, "Address book". */
export const CreateAddressBookEntryBody = z.lazySchema(() =>
  z.strictObject({
    address: address(),
    name: name(),
    asset_id: z.withMeta(z.optional(z.pipe(uuid(), z.transform((s) => s.toLowerCase()))), { description: 'Only transfers of this asset may use the entry; absent: any asset.' }),
    vault_id: z.withMeta(z.optional(z.pipe(uuid(), z.transform((s) => s.toLowerCase()))), { description: 'Only transfers from this vault may use the entry; absent: any vault.' }),
    notes: z.optional(note()),
  }),
);

export const AddressBookEntry = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: uuid(),
      address: z.withMeta(z.string(), { description: 'Lowercase.' }),
      name: z.string(),
      asset_id: z.nullable(z.string()),
      vault_id: z.nullable(z.string()),
      notes: z.nullable(z.string()),
      status: z.withMeta(z.enum(['COOLING', 'ACTIVE']), { description: 'COOLING until `usable_at`: transfers to it are denied (1200) until then.' }),
      usable_at: z.withMeta(timestamp(), { description: "Its creation plus the tenant's `address_cooling_hours` (GET /v1/governance)." }),
      created_at: timestamp(),
      created_by: z.object({ user_id: z.string(), key_id: z.string() }),
    }),
    { id: 'AddressBookEntry' },
  ),
);
export const AddressBookList = z.lazySchema(() => z.object({ entries: z.array(AddressBookEntry()), next_cursor: z.nullable(z.string()) }));
export const AddressBookListQuery = paginationQuery;
export const AddressBookEntryParam = z.lazySchema(() => z.object({ entryId: uuid() }));
