/**
 * A URL's user and password (`https://user:secret@host/`) never reach a log line, the build report,
 * `/healthz` or the cache. The build refuses them in its own options (build/options.ts); this
 * masks those that come from elsewhere: a post's contents, a redirect's Location header.
 */

// Scheme, then the userinfo: everything up to the last '@' before the host's end (as the URL parser reads it).
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*(?:@[^\s/?#@]*)*@/gi;

/** `text` with every URL's user and password replaced by `***`. */
export function withoutCredentials(text: string): string {
  return text.replace(USERINFO, '$1***@');
}

/** True when `url` is a URL carrying a user name or a password. */
export function carriesCredentials(url: string): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && (parsed.username !== '' || parsed.password !== '');
}
