/**
 * A minimal browser for HTTP tests: keeps cookies per path, follows nothing by itself, so
 * a test can walk a redirect flow step by step.
 */
export class HttpSession {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly origin: string) {}

  private cookieHeader(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  /** Follows redirects within this origin until a response that is not a redirect, or until `stop` says so. */
  async follow(
    url: string,
    stop: (location: URL) => boolean = () => false,
  ): Promise<{ response: Response; url: URL }> {
    let current = new URL(url, this.origin);
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.request(current.href);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { response, url: current };
      current = new URL(location, current);
      if (stop(current)) return { response, url: current };
    }
    throw new Error('Too many redirects');
  }

  /** The same cookies, sent to another origin (another instance of the same store). */
  sameCookiesAt(origin: string): HttpSession {
    const copy = new HttpSession(origin);
    for (const [name, cookie] of this.cookies) copy.cookies.set(name, { ...cookie });
    return copy;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}
