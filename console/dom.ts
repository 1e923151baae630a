/** A tiny element builder: no framework, no innerHTML (text is always text). */
type Attrs = Record<string, string | boolean | undefined | ((e: Event) => void)>;
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, value);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export function replace(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren(
    ...(children.flat().filter((c) => c !== null && c !== undefined && c !== false) as (Node | string)[]),
  );
}
