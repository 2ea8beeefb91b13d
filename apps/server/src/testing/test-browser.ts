import { TEST_PLATFORM_HOST } from './constants.ts';
import type { TestApp } from './test-app.ts';

/** One answer as a browser sees it. */
export type BrowserResponse = { url: string; status: number; location: string | null; body: string };

type StoredCookie = { name: string; value: string; path: string };

/**
 * A minimal browser for tests that cross hosts: requests to the app's hosts (the platform host and
 * `*.<platform host>`) go through `app.inject`, all others over the network. It keeps cookies per
 * host name (as browsers do, whatever the port), honours their Path and Max-Age=0, and follows
 * redirects only when asked.
 */
export class TestBrowser {
  private readonly jar = new Map<string, StoredCookie[]>();
  private readonly t: TestApp;

  constructor(t: TestApp) {
    this.t = t;
  }

  /** The cookies this browser would send to `url`, as a Cookie header. */
  cookieHeader(url: string): string {
    const u = new URL(url);
    return (this.jar.get(u.hostname) ?? [])
      .filter((c) => u.pathname === c.path || u.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Forgets every cookie of `hostname`. */
  clearCookies(hostname: string): void {
    this.jar.delete(hostname);
  }

  private store(url: string, setCookies: string[]) {
    const u = new URL(url);
    const list = this.jar.get(u.hostname) ?? [];
    for (const header of setCookies) {
      const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1) ?? null;
      const path = attr('path') ?? '/';
      const expired = attr('max-age') === '0' || /1970/.test(attr('expires') ?? '');
      const kept = list.filter((c) => !(c.name === name && c.path === path));
      if (!expired) kept.push({ name, value, path });
      list.splice(0, list.length, ...kept);
    }
    this.jar.set(u.hostname, list);
  }

  /** One request; redirects are not followed. */
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<BrowserResponse> {
    const u = new URL(url);
    const cookie = this.cookieHeader(url);
    const ours = u.host === TEST_PLATFORM_HOST || u.host.endsWith(`.${TEST_PLATFORM_HOST}`);
    let status: number;
    let location: string | null;
    let body: string;
    let setCookies: string[];
    if (ours) {
      const res = await this.t.request(u.host, {
        method,
        url: u.pathname + u.search,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      status = res.statusCode;
      location = (res.headers.location as string | undefined) ?? null;
      body = res.body;
      const sc = res.headers['set-cookie'];
      setCookies = sc === undefined ? [] : Array.isArray(sc) ? sc : [sc];
    } else {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      status = res.status;
      location = res.headers.get('location');
      body = await res.text();
      setCookies = res.headers.getSetCookie();
    }
    this.store(url, setCookies);
    return { url, status, location: location ? new URL(location, url).href : null, body };
  }

  /** GETs `url` and follows redirects until an answer is not a redirect, or `stopAt` says stop before a URL. */
  async follow(url: string, stopAt: (next: string) => boolean = () => false): Promise<BrowserResponse> {
    let res = await this.request('GET', url);
    for (let hops = 0; res.location && res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error(`too many redirects from ${url}`);
      if (stopAt(res.location)) return res;
      res = await this.request('GET', res.location);
    }
    return res;
  }
}
