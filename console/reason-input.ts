import { h } from './dom.js';

/**
 * The reason field beside Approve and Reject: what is typed is kept in `reasons` under `id`, so a re-render (a poll,
 * another card deciding) keeps it.
 */
export function reasonInput(reasons: Map<string, string>, id: string): HTMLInputElement {
  const input = h('input', {
    class: 'reason',
    name: 'reason',
    placeholder: 'Reason',
    'aria-label': 'Reason',
    maxlength: '500',
    value: reasons.get(id) ?? '',
  });
  input.addEventListener('input', () => reasons.set(id, input.value));
  return input;
}
