import createClient, {
  mergeHeaders,
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { CustodyApiError } from './errors.js';
import { retryingFetch, type FetchLike, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

/**
 * The typed client: openapi-fetch over the types generated from docs/openapi.json, with the bearer credential, an
 * `Idempotency-Key` on every POST and PUT, the interface's retry guidance, errors thrown as `CustodyApiError`, and
 * cursor iteration over lists. `raw` is the openapi-fetch client itself (`{data, error, response}`, no throwing).
 */
export type CustodyClientOptions = {
  /** The service's base URL (`http://localhost:3000`); paths start with `/v1`. */
  baseUrl: string;
  /** `<key_id>:<secret>` (sent as `Authorization: Bearer <key_id>:<secret>`). */
  apiKey: string;
  /** Retry policy (default: the interface's guidance); `false` turns retries off. */
  retry?: RetryOptions | false;
  /** Give every POST and PUT without one a random `Idempotency-Key`, kept across its retries (default true). */
  idempotencyKeys?: boolean;
  /** The transport (default: the global fetch). */
  fetch?: FetchLike;
};

type Method = 'get' | 'post' | 'put' | 'delete';
export type PathsFor<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
// openapi-fetch's FetchResponse takes an operation as Record<string | number, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = Record<string | number, any>;
type Operation<M extends Method, P extends PathsFor<M>> =
  paths[P] extends Record<M, infer Op extends AnyOperation> ? Op : never;
type SuccessData<M extends Method, P extends PathsFor<M>> = Extract<
  FetchResponse<Operation<M, P>, object, `${string}/${string}`>,
  { error?: never }
>['data'];
/** What a call answers on success (`undefined` for a 204). */
export type ResponseData<M extends Method, P extends PathsFor<M>> = [SuccessData<M, P>] extends [undefined]
  ? undefined
  : NonNullable<SuccessData<M, P>>;
/** A call's options (path and query parameters, body, headers), plus the request's own idempotency key. */
export type CallInit<M extends Method, P extends PathsFor<M>> = NonNullable<MaybeOptionalInit<paths[P], M>> & {
  idempotencyKey?: string;
};
type CallArgs<M extends Method, P extends PathsFor<M>> =
  undefined extends MaybeOptionalInit<paths[P], M> ? [init?: CallInit<M, P>] : [init: CallInit<M, P>];

/** GET paths answering a page: `{<items>: [...], next_cursor}`. */
export type ListPath = {
  [P in PathsFor<'get'>]: ResponseData<'get', P> extends { next_cursor: string | null } ? P : never;
}[PathsFor<'get'>];
/** The element type of a list's page. */
export type ListItem<P extends ListPath> = {
  [K in keyof ResponseData<'get', P>]: K extends 'next_cursor'
    ? never
    : ResponseData<'get', P>[K] extends readonly (infer E)[]
      ? E
      : never;
}[keyof ResponseData<'get', P>];

export type CustodyClient = {
  raw: Client<paths>;
  get<P extends PathsFor<'get'>>(path: P, ...init: CallArgs<'get', P>): Promise<ResponseData<'get', P>>;
  post<P extends PathsFor<'post'>>(path: P, ...init: CallArgs<'post', P>): Promise<ResponseData<'post', P>>;
  put<P extends PathsFor<'put'>>(path: P, ...init: CallArgs<'put', P>): Promise<ResponseData<'put', P>>;
  delete<P extends PathsFor<'delete'>>(path: P, ...init: CallArgs<'delete', P>): Promise<ResponseData<'delete', P>>;
  /** Every item of a list, page after page (following `next_cursor` with the same filters). */
  list<P extends ListPath>(path: P, ...init: CallArgs<'get', P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /**
   * A call to a path the generated types do not know (a newer service's route), answering the parsed JSON or
   * throwing `CustodyApiError` like the typed methods.
   */
  request(
    method: string,
    path: string,
    init?: { query?: Record<string, string | number | undefined>; body?: unknown; idempotencyKey?: string },
  ): Promise<unknown>;
};

export function createCustodyClient(opts: CustodyClientOptions): CustodyClient {
  if (!/^[^:\s]+:\S+$/.test(opts.apiKey)) throw new Error('apiKey must be "<key_id>:<secret>"');
  const transport = opts.fetch ?? ((request: Request) => fetch(request));
  const send = opts.retry === false ? transport : retryingFetch(transport, opts.retry);
  const raw = createClient<paths>({
    baseUrl: opts.baseUrl,
    fetch: send,
    headers: { Authorization: `Bearer ${opts.apiKey}` },
  });
  if (opts.idempotencyKeys !== false) {
    raw.use({
      onRequest({ request }) {
        if ((request.method === 'POST' || request.method === 'PUT') && !request.headers.has('idempotency-key')) {
          request.headers.set('Idempotency-Key', crypto.randomUUID());
        }
        return request;
      },
    });
  }

  async function call(
    method: Method,
    path: string,
    init?: { idempotencyKey?: string; headers?: unknown; [k: string]: unknown },
  ): Promise<unknown> {
    const { idempotencyKey, ...rest } = init ?? {};
    const options =
      idempotencyKey === undefined
        ? rest
        : {
            ...rest,
            headers: mergeHeaders(rest.headers as Parameters<typeof mergeHeaders>[0], {
              'Idempotency-Key': idempotencyKey,
            }),
          };
    const { data, error, response } = await raw.request(method, path as never, options as never);
    if (!response.ok) throw new CustodyApiError(response.status, error, response.headers);
    return data;
  }

  return {
    raw,
    get: (path, ...init) => call('get', path, init[0]) as never,
    post: (path, ...init) => call('post', path, init[0]) as never,
    put: (path, ...init) => call('put', path, init[0]) as never,
    delete: (path, ...init) => call('delete', path, init[0]) as never,
    async *list(path, ...init) {
      const first = (init[0] ?? {}) as { params?: { query?: Record<string, unknown> } };
      let cursor: string | null | undefined;
      do {
        const query = { ...first.params?.query, ...(cursor ? { cursor } : {}) };
        const page = (await call('get', path, { ...first, params: { ...first.params, query } })) as Record<
          string,
          unknown
        > & { next_cursor: string | null };
        const items = Object.entries(page).find(([k, v]) => k !== 'next_cursor' && Array.isArray(v))?.[1] as
          unknown[] | undefined;
        for (const item of items ?? []) yield item as never;
        cursor = page.next_cursor;
      } while (cursor);
    },
    async request(method, path, init = {}) {
      const url = new URL(opts.baseUrl.replace(/\/$/, '') + path);
      for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers = new Headers({ Authorization: `Bearer ${opts.apiKey}` });
      const upper = method.toUpperCase();
      if (init.body !== undefined) headers.set('Content-Type', 'application/json');
      if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
      else if (opts.idempotencyKeys !== false && (upper === 'POST' || upper === 'PUT'))
        headers.set('Idempotency-Key', crypto.randomUUID());
      const response = await send(
        new Request(url, {
          method: upper,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      );
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      if (!response.ok) throw new CustodyApiError(response.status, body, response.headers);
      return body;
    },
  };
}
