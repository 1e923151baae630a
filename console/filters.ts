import type { Asset, Vault, WalletSummary } from './api.js';
import { h } from './dom.js';

/** What the filters of the transfer lists hold (empty: any); dates are the browser's `yyyy-mm-dd`, in local time. */
export type FilterChoice = {
  status: string;
  vaultId: string;
  walletId: string;
  assetId: string;
  from: string;
  to: string;
};

/** The ending statuses the history can be narrowed to (docs/transactions.md). */
export const ENDINGS = ['COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'BLOCKED'] as const;

/** The creation time range of the API (`created_after` inclusive, `created_before` exclusive) for whole local days. */
export function dateFilters(f: Pick<FilterChoice, 'from' | 'to'>): { created_after?: string; created_before?: string } {
  const day = (d: string, plus: number) => {
    const [y, m, dd] = d.split('-').map(Number);
    return new Date(y!, m! - 1, dd! + plus).toISOString();
  };
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);
  return {
    ...(valid(f.from) ? { created_after: day(f.from, 0) } : {}),
    ...(valid(f.to) ? { created_before: day(f.to, 1) } : {}),
  };
}

/** The filters above a transfer list; each choice applies at once (the list starts again at its first page). */
export function filtersView(
  f: FilterChoice,
  choices: { vaults: Vault[]; wallets: WalletSummary[]; assets: Asset[] },
  withStatus: boolean,
  apply: (next: FilterChoice) => void,
) {
  const select = (
    id: string,
    label: string,
    any: string,
    value: string,
    options: [string, string][],
    key: keyof FilterChoice,
    disabled = false,
  ) => {
    const el = h(
      'select',
      { id, name: key, disabled },
      h('option', { value: '' }, any),
      options.map(([v, text]) => h('option', { value: v }, text)),
    );
    el.value = value;
    el.addEventListener('change', () => apply({ ...f, [key]: el.value }));
    return h('label', {}, label, el);
  };
  const date = (id: string, label: string, key: 'from' | 'to') => {
    const el = h('input', { id, type: 'date', name: key, value: f[key] });
    el.addEventListener('change', () => apply({ ...f, [key]: el.value }));
    return h('label', {}, label, el);
  };
  return h(
    'div',
    { class: 'filters', id: 'filters' },
    withStatus
      ? select(
          'filter-status',
          'Status',
          'Any ending',
          f.status,
          ENDINGS.map((s) => [s, s]),
          'status',
        )
      : null,
    select(
      'filter-vault',
      'Vault',
      'Any vault',
      f.vaultId,
      choices.vaults.map((v) => [v.id, v.name]),
      'vaultId',
    ),
    select(
      'filter-wallet',
      'Wallet',
      'Any wallet',
      f.walletId,
      choices.wallets.map((w) => [w.id, w.label ? `${w.label} · ${w.address}` : w.address]),
      'walletId',
      !f.vaultId,
    ),
    select(
      'filter-asset',
      'Asset',
      'Any asset',
      f.assetId,
      choices.assets.map((a) => [a.id, a.name && a.name !== a.symbol ? `${a.symbol} · ${a.name}` : a.symbol]),
      'assetId',
    ),
    date('filter-from', 'Submitted from', 'from'),
    date('filter-to', 'to', 'to'),
    Object.values(f).some(Boolean)
      ? h(
          'button',
          {
            id: 'filter-clear',
            class: 'link',
            onclick: () => apply({ status: '', vaultId: '', walletId: '', assetId: '', from: '', to: '' }),
          },
          'Clear filters',
        )
      : null,
  );
}
