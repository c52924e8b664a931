import { uploadsPrefixOf } from '../wordpress/snapshot.js';

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Which URLs the build may fetch media from: only the WordPress it was pointed at (same scheme, host
 * and port as the REST base), and there only its uploads folder or a URL the caller vouches for
 * (the featured media `source_url`s the REST API itself returned). Post contents are written by
 * editors and could name anything: `http://169.254.169.254/…` (a cloud's metadata service),
 * `file:///etc/passwd`, a router on the private network. Those are refused before any request, and
 * the same check runs on every redirect target.
 */
export function createUrlPolicy(apiUrl: string, vouchedFor: Iterable<string> = []): (url: string) => UrlVerdict {
  const uploads = new URL(uploadsPrefixOf(apiUrl));
  const origin = uploads.origin;
  const vouched = new Set<string>();
  for (const url of vouchedFor) {
    const parsed = parse(url);
    if (parsed && parsed.origin === origin) vouched.add(parsed.href);
  }
  return (raw) => {
    const url = parse(raw);
    if (!url) return { ok: false, reason: `${JSON.stringify(raw)} is not an absolute URL` };
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `${url.protocol} URLs are never fetched (${short(raw)})` };
    if (url.username || url.password) return { ok: false, reason: `${short(raw)} carries credentials` };
    // Old posts of a site moved to HTTPS still say http://: the same host, asked over HTTPS.
    if (url.protocol === 'http:' && uploads.protocol === 'https:' && url.host === uploads.host) url.protocol = 'https:';
    if (url.origin !== origin) return { ok: false, reason: `${url.host} is not the WordPress host (${uploads.host}): ${short(raw)}` };
    // The URL parser has already resolved '..', '%2e%2e' and backslashes: the prefix test sees the real path.
    if (url.pathname.startsWith(uploads.pathname) || vouched.has(url.href)) return { ok: true, url: url.href };
    return { ok: false, reason: `${url.pathname} is outside WordPress's uploads folder (${uploads.pathname})` };
  };
}

/** Absolute http(s)-looking URL without its fragment, or undefined. */
function parse(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    url.hash = '';
    return url;
  } catch {
    return undefined;
  }
}

/** data: URLs can be megabytes long; a log line needs their start. */
function short(raw: string): string {
  return raw.length > 120 ? `${raw.slice(0, 117)}…` : raw;
}
