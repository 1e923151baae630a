import { defineRoutes } from '../route.js';
import {
  AddressBookEntry,
  AddressBookEntryParam,
  AddressBookList,
  AddressBookListQuery,
  CreateAddressBookEntryBody,
} from '../../schemas/address-book.js';

/**
 * The address book (docs/policies.md, "Address book"): served by the policies function, since it is an input of the
 * policies it serves. Adding and removing are governed (docs/governance.md).
 */
export const addressBookRoutes = defineRoutes({
  createAddressBookEntry: {
    operationId: 'createAddressBookEntry',
    family: 'policies',
    method: 'POST',
    path: '/v1/address-book',
    tag: 'address-book',
    auth: 'credential',
    permissions: ['address_book:create'],
    summary: 'Add an address-book entry',
    description:
      "Adds a named destination, optionally scoped to a vault and an asset. It becomes usable by transfers after the tenant's cooling period (`address_cooling_hours`); under a governance quorum above 1 the answer is 202 with the pending change. The same address in the same scope (vault, asset) is 409 1401. Unknown or archived vault: 404 1400 / 409 1301; unknown asset: 404 1400.",
    body: CreateAddressBookEntryBody,
    deferrable: true,
    success: { status: 201, schema: AddressBookEntry },
    errors: [
      'VALIDATION',
      'MISSING_FIELD',
      'INVALID_ADDRESS',
      'STRING_TOO_LONG',
      'VAULT_NOT_FOUND',
      'VAULT_DUPLICATE',
      'TX_INVALID_STATE',
    ],
  },
  listAddressBook: {
    operationId: 'listAddressBook',
    family: 'policies',
    method: 'GET',
    path: '/v1/address-book',
    tag: 'address-book',
    auth: 'credential',
    permissions: ['address_book:read'],
    summary: 'List the address book',
    description:
      "The tenant's address-book entries in creation order, each with its status (COOLING or ACTIVE) and the time it becomes usable; paged with the list conventions.",
    query: AddressBookListQuery,
    success: { status: 200, schema: AddressBookList },
    errors: ['INVALID_PAGINATION'],
  },
  getAddressBookEntry: {
    operationId: 'getAddressBookEntry',
    family: 'policies',
    method: 'GET',
    path: '/v1/address-book/{entryId}',
    tag: 'address-book',
    auth: 'credential',
    permissions: ['address_book:read'],
    summary: 'Get an address-book entry',
    description:
      "One entry of the tenant's address book, with its status and the time it becomes usable. Another tenant's entry is 404 1400.",
    params: AddressBookEntryParam,
    success: { status: 200, schema: AddressBookEntry },
    errors: ['VAULT_NOT_FOUND'],
  },
  removeAddressBookEntry: {
    operationId: 'removeAddressBookEntry',
    family: 'policies',
    method: 'DELETE',
    path: '/v1/address-book/{entryId}',
    tag: 'address-book',
    auth: 'credential',
    permissions: ['address_book:delete'],
    summary: 'Remove an address-book entry',
    description:
      'Removes the entry (204); later transfers are judged without it, transfers already approved are not. Under a governance quorum above 1 the answer is 202 with the pending change.',
    params: AddressBookEntryParam,
    deferrable: true,
    success: { status: 204, schema: null },
    errors: ['VAULT_NOT_FOUND'],
  },
});
