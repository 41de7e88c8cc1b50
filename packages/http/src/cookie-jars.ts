import { AppError, type CookieView } from '@client/core';
import type { Cookie, CookieJar } from 'tough-cookie';

/** tough-cookie and its public-suffix list, read when a project's jar is first needed (a send, the cookie editor). */
type ToughCookie = typeof import('tough-cookie');

type CookieData = ReturnType<Cookie['toJSON']>;

/** When the cookie expires; null for a session cookie, which the jar keeps until it is cleared. */
function expiresText(cookie: Cookie): string | null {
  const time = cookie.expiryTime();
  return time === undefined || !Number.isFinite(time) ? null : new Date(time).toISOString();
}

function toCookieView(cookie: Cookie, defaultDomain = ''): CookieView {
  return {
    name: cookie.key,
    value: cookie.value,
    domain: cookie.domain ?? defaultDomain,
    path: cookie.path ?? '/',
    expires: expiresText(cookie),
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite === undefined || cookie.sameSite === 'none' ? null : cookie.sameSite,
  };
}

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;
// RFC 6265 cookie-octets, plus the space and comma browsers accept: no control character, quote, ; or \.
const COOKIE_VALUE = /^[\x20\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E,]{0,4096}$/;

function readCookieInput(input: CookieView): CookieView {
  if (!COOKIE_NAME.test(input.name)) throw new AppError('VALIDATION', `"${input.name}" is not a cookie name`);
  if (!COOKIE_VALUE.test(input.value)) {
    throw new AppError(
      'VALIDATION',
      `the value of ${input.name} holds a character a cookie cannot (; " \\ or control)`,
    );
  }
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(input.domain) && !/^\[[0-9a-fA-F:.]+\]$/.test(input.domain)) {
    throw new AppError('VALIDATION', `"${input.domain}" is not a domain or an address`);
  }
  if (!input.path.startsWith('/')) throw new AppError('VALIDATION', `the path of ${input.name} must start with /`);
  if (input.expires !== null && Number.isNaN(Date.parse(input.expires))) {
    throw new AppError('VALIDATION', `"${input.expires}" is not a time; give an ISO time or nothing`);
  }
  return input;
}

/** Where jars are kept between sends: the app keeps each project's in its database; a run keeps its own in memory. */
export interface CookieJarStorage {
  /** The jar as `set` was last given it, or undefined for a project without one yet. */
  get(projectId: string): string | undefined;
  set(projectId: string, json: string): void;
}

/** One project's jar: sent on matching requests, filled by what servers set, edited by the person. */
export class ProjectJar {
  /** Whether the jar holds no cookie, so a send need not match its URL against the public suffix list. */
  private empty: boolean;

  constructor(
    private readonly tough: ToughCookie,
    private jar: CookieJar,
    private readonly persist: (json: string) => void,
  ) {
    this.empty = this.data().length === 0;
  }

  /** The Cookie header for a request to `url`, or '' when no cookie matches. */
  headerFor(url: URL): string {
    return this.empty ? '' : this.jar.getCookieStringSync(url.href);
  }

  /** Keeps what a response from `url` set, as a browser would; a cookie the URL may not set is ignored. */
  remember(url: URL, setCookies: readonly string[]): CookieView[] {
    const kept: CookieView[] = [];
    for (const header of setCookies) {
      const cookie = this.jar.setCookieSync(header, url.href, { ignoreError: true });
      if (cookie !== undefined) kept.push(toCookieView(cookie, url.hostname));
    }
    if (kept.length > 0) this.save();
    return kept;
  }

  list(): CookieView[] {
    return this.data().map((data) => toCookieView(this.tough.Cookie.fromJSON(data) ?? new this.tough.Cookie()));
  }

  /** Adds a cookie, or replaces the one of the same domain, path and name. */
  put(input: CookieView): CookieView[] {
    const view = readCookieInput(input);
    const cookie = new this.tough.Cookie({
      key: view.name,
      value: view.value,
      domain: view.domain,
      path: view.path,
      expires: view.expires === null ? 'Infinity' : new Date(view.expires),
      httpOnly: view.httpOnly,
      secure: view.secure,
      hostOnly: true,
      ...(view.sameSite === null ? {} : { sameSite: view.sameSite }),
    });
    this.replace([...this.without(view), cookie.toJSON()]);
    return this.list();
  }

  /** Removes one cookie, or every cookie when `which` is undefined. */
  remove(which?: Pick<CookieView, 'domain' | 'path' | 'name'>): CookieView[] {
    this.replace(which === undefined ? [] : this.without(which));
    return this.list();
  }

  private data(): CookieData[] {
    return this.jar.serializeSync()?.cookies ?? [];
  }

  private without(which: Pick<CookieView, 'domain' | 'path' | 'name'>): CookieData[] {
    return this.data().filter(
      (data) => !(data.key === which.name && data.domain === which.domain && data.path === which.path),
    );
  }

  private replace(cookies: CookieData[]): void {
    // The memory store the jar uses is synchronous, so serializeSync always answers.
    const serialized = this.jar.serializeSync();
    if (serialized === undefined) throw new AppError('INTERNAL', 'the cookie jar could not be read');
    this.jar = this.tough.CookieJar.deserializeSync({ ...serialized, cookies });
    this.save();
  }

  private save(): void {
    const serialized = this.jar.serializeSync();
    this.empty = (serialized?.cookies.length ?? 0) === 0;
    this.persist(JSON.stringify(serialized));
  }
}

/**
 * Every project's cookie jar, read from its storage once and written back after each change. One per app (or per
 * run), so sends that run at once add to the same jar.
 */
export class CookieJars {
  private readonly jars = new Map<string, ProjectJar>();

  constructor(private readonly storage: CookieJarStorage) {}

  async of(projectId: string): Promise<ProjectJar> {
    const tough = await import('tough-cookie');
    let jar = this.jars.get(projectId);
    if (jar === undefined) {
      const saved = this.storage.get(projectId);
      const cookieJar = saved === undefined ? new tough.CookieJar() : tough.CookieJar.deserializeSync(saved);
      jar = new ProjectJar(tough, cookieJar, (json) => this.storage.set(projectId, json));
      this.jars.set(projectId, jar);
    }
    return jar;
  }
}
