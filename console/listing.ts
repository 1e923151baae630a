import { h } from './dom.js';

/**
 * A list read a page at a time with the API's cursors: `cursors[i]` is the cursor of page i (null: the first), so
 * the page shown is read again with its own cursor (the 5 s refresh) and "Newer" goes back without a cursor of its own.
 */
export type Listing<T> = {
  items: T[];
  cursors: (string | null)[];
  page: number;
  next: string | null;
  loaded: boolean;
  error?: string;
};

export const emptyListing = <T>(): Listing<T> => ({ items: [], cursors: [null], page: 0, next: null, loaded: false });

/** "Newer" and "Older" under a list; nothing when it fits one page. */
export function pager(l: Listing<unknown>, turn: (by: 1 | -1) => void) {
  if (!l.page && !l.next) return null;
  return h(
    'nav',
    { class: 'pager' },
    h('button', { class: 'newer', disabled: l.page === 0, onclick: () => turn(-1) }, '← Newer'),
    h('span', { class: 'page' }, `Page ${l.page + 1}`),
    h('button', { class: 'older', disabled: !l.next, onclick: () => turn(1) }, 'Older →'),
  );
}
