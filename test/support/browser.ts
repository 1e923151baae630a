/**
 * A minimal browser for redirect flows over real HTTP: it keeps cookies per origin (name -> value; paths and expiry
 * ignored except Max-Age=0, which deletes) and never follows redirects by itself, so a test sees every hop.
 */
export type Hop = { status: number; location: string | undefined; url: string; text: string; headers: Headers };

export class TestBrowser {
  readonly jar = new Map<string, Map<string, string>>();

  private cookiesFor(url: string) {
    const origin = new URL(url).origin;
    let j = this.jar.get(origin);
    if (!j) this.jar.set(origin, (j = new Map()));
    return j;
  }

  private store(url: string, headers: Headers) {
    const j = this.cookiesFor(url);
    for (const c of headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '') j.delete(name);
      else j.set(name, value);
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, json?: unknown): Promise<Hop> {
    const cookie = [...this.cookiesFor(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (form) {
      body = new URLSearchParams(form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (json !== undefined) {
      body = JSON.stringify(json);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.store(url, res.headers);
    const location = res.headers.get('location') ?? undefined;
    return {
      status: res.status,
      location: location ? new URL(location, url).toString() : undefined,
      url,
      text: await res.text(),
      headers: res.headers,
    };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  /** A same-origin `fetch` of a page with a JSON body (this browser's cookies go with it). */
  postJson(url: string, body: unknown) {
    return this.request('POST', url, undefined, body);
  }

  /** Follows redirects until `stop(url)` says the next URL is to be left to the test (or a non-redirect answer). */
  async follow(url: string, stop: (next: string) => boolean): Promise<{ last: Hop; next: string | undefined }> {
    let hop = await this.get(url);
    for (let i = 0; i < 20 && hop.location && hop.status >= 300 && hop.status < 400; i++) {
      if (stop(hop.location)) return { last: hop, next: hop.location };
      hop = await this.get(hop.location);
    }
    return { last: hop, next: undefined };
  }
}
