import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { uploadsPrefixOf } from '../wordpress/snapshot.js';

export type UrlVerdict =
  | { ok: true; url: string }
  /** `passing`: refused only because WordPress's declared addresses could not be read this time (asked again next build). */
  | { ok: false; reason: string; passing?: true };

export interface UrlPolicyInput {
  /** The REST base the build was pointed at (it may be an internal address of WordPress). */
  apiUrl: string;
  /** Media URLs the REST API returned (featured `source_url`s and their sizes): allowed as they are. */
  vouchedFor?: Iterable<string>;
  /** Origins or URL prefixes the operator named (`--media-origin`: a CDN, an offload plugin's bucket). */
  mediaOrigins?: readonly string[];
  /** WordPress's addresses as it declares them (REST index `url`, `home`): asked once, when a URL is on no address known without them. */
  declaredAddresses?: () => Promise<DeclaredAddresses>;
  /** Host name → its addresses (DNS), for a vouched URL on a host that is not WordPress's. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface DeclaredAddresses {
  addresses: readonly string[];
  /** Why they could not be read (WordPress down, no REST index): refusals then pass. */
  failure?: string;
}

/**
 * Which URLs the build may fetch media from (README.md, "Decisions"): post contents could name
 * anything (`http://169.254.169.254/…`, `file:///etc/passwd`, a router). Allowed are WordPress's
 * uploads at the REST base's address and at the addresses WordPress declares, the `--media-origin`
 * prefixes, and a URL the REST API returned as media unless on a private address not WordPress's.
 * The same check runs on every redirect target.
 */
export function createUrlPolicy(input: UrlPolicyInput): (url: string) => Promise<UrlVerdict> {
  // Each place images may come from is a URL: its origin and the path prefix under it.
  const api = new URL(uploadsPrefixOf(input.apiUrl));
  const configured = (input.mediaOrigins ?? []).map(asPrefix);
  const vouched = new Set([...(input.vouchedFor ?? [])].flatMap((url) => parse(url)?.href ?? []));
  const resolve = input.resolve ?? (async (host: string) => (await lookup(host, { all: true })).map((entry) => entry.address));
  let declared: Promise<{ sources: URL[]; failure?: string }> | undefined;
  const wordpressOwn = () =>
    (declared ??= (input.declaredAddresses?.() ?? Promise.resolve<DeclaredAddresses>({ addresses: [] })).then(
      ({ addresses, failure }) => ({
        sources: addresses.flatMap((address) => (parse(address) ? [new URL(`${address.replace(/\/+$/, '')}/wp-content/uploads/`)] : [])),
        ...(failure ? { failure } : {}),
      }),
      (error: unknown) => ({ sources: [], failure: error instanceof Error ? error.message : String(error) }),
    ));

  return async (raw) => {
    const url = parse(raw);
    if (!url) return { ok: false, reason: `${JSON.stringify(raw)} is not an absolute URL` };
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `${url.protocol} URLs are never fetched (${short(raw)})` };
    if (url.username || url.password) return { ok: false, reason: `${short(raw)} carries credentials` };
    const known = [api, ...configured];
    const found = within(url, known) ?? (vouched.has(url.href) && onOrigin(url, known) ? url : undefined);
    if (found) return { ok: true, url: found.href };
    const own = await wordpressOwn();
    const inUploads = within(url, own.sources);
    if (inUploads) return { ok: true, url: inUploads.href };
    const everyOwn = [...known, ...own.sources];
    if (vouched.has(url.href)) {
      const upgraded = onOrigin(url, everyOwn);
      if (upgraded) return { ok: true, url: upgraded.href };
      const privateAddress = await privateAddressOf(url.hostname, resolve);
      if (privateAddress) return { ok: false, reason: `${url.host} is a loopback or private address (${privateAddress}) and not WordPress's own: ${short(raw)}` };
      return { ok: true, url: url.href };
    }
    const sameHost = everyOwn.find((source) => onOrigin(url, [source]));
    if (sameHost) return { ok: false, reason: `${url.pathname} is outside WordPress's uploads folder (${sameHost.pathname})` };
    const hosts = [...new Set(everyOwn.map((source) => source.host))].join(', ');
    const reason = `${url.host} is not the WordPress host (${hosts}) nor a configured media origin: ${short(raw)}`;
    return own.failure ? { ok: false, reason: `${reason} (WordPress's declared addresses could not be read: ${own.failure})`, passing: true } : { ok: false, reason };
  };
}

/** The URL (upgraded to HTTPS where the source is its host's HTTPS) when it lies under one of the sources' prefixes. */
function within(url: URL, sources: readonly URL[]): URL | undefined {
  // The URL parser has already resolved '..', '%2e%2e' and backslashes: the prefix test sees the real path.
  return onOrigin(url, sources.filter((source) => url.pathname.startsWith(source.pathname)));
}

/** The URL (upgraded to HTTPS when needed) if it is on one of the sources' origins. */
function onOrigin(url: URL, sources: readonly URL[]): URL | undefined {
  for (const source of sources) {
    if (url.origin === source.origin) return url;
    // Old posts of a site moved to HTTPS still say http://: the same host, asked over HTTPS.
    if (url.protocol === 'http:' && source.protocol === 'https:' && url.host === source.host) {
      const upgraded = new URL(url.href);
      upgraded.protocol = 'https:';
      return upgraded;
    }
  }
  return undefined;
}

/** `https://cdn.example` or `https://cdn.example/sqbb/` → a prefix ending in '/'. */
function asPrefix(origin: string): URL {
  const url = new URL(origin);
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url;
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified, unique-local and IPv4-mapped forms of them. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1] as string, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

/** The first loopback or private address a host is or resolves to; undefined for a public host. */
async function privateAddressOf(hostname: string, resolve: (host: string) => Promise<string[]>): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (isIP(host)) return isPrivateAddress(host) ? host : undefined;
  // A host that does not resolve cannot be fetched either: the download says so.
  const addresses = await resolve(host).catch(() => []);
  return addresses.find(isPrivateAddress);
}

/** An absolute URL without its fragment, or undefined. */
function parse(raw: string): URL | undefined {
  const url = URL.parse(raw);
  if (url) url.hash = '';
  return url ?? undefined;
}

/** data: URLs can be megabytes long; a log line needs their start. */
function short(raw: string): string {
  return raw.length > 120 ? `${raw.slice(0, 117)}…` : raw;
}
