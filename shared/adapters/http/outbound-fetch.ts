import type { OutboundClient } from './outbound-client.js';

/**
 * A Fetch API function over the one outbound client, for libraries that take a custom `fetch` (openid-client): the
 * SSRF rules, the timeout and the size limit of outbound-client.ts hold for their calls too. Failures reject with the
 * client's `OutboundRequestError`; redirects are not followed.
 */
export type FetchLike = (
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string> | Headers;
    body?: unknown;
    redirect?: string;
    signal?: AbortSignal;
  },
) => Promise<Response>;

export function outboundFetch(
  client: OutboundClient,
  opts: { timeoutMs?: number; maxResponseBytes?: number } = {},
): FetchLike {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).forEach((v, k) => (headers[k] = v));
    let body: string | Uint8Array | undefined;
    if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof init.body === 'string' || init.body instanceof Uint8Array) body = init.body;
    else if (init.body instanceof ArrayBuffer) body = new Uint8Array(init.body);
    else if (init.body !== undefined && init.body !== null) throw new TypeError('outboundFetch: unsupported body type');
    const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const res = await client.request({
      method,
      url,
      headers,
      body,
      timeoutMs: opts.timeoutMs,
      maxResponseBytes: opts.maxResponseBytes,
    });
    if (res.truncated) throw new TypeError(`answer of ${new URL(url).host} exceeds the size limit`);
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
      else if (v !== undefined) out.set(k, String(v));
    }
    const nullBody = res.status === 204 || res.status === 304 || method === ('HEAD' as string);
    return new Response(nullBody ? null : new Uint8Array(res.body), { status: res.status, headers: out });
  };
}
