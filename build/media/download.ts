import { createLimiter, DEFAULT_HTTP, getWithRetry, ResponseRefusedError, WordPressError, type HttpOptions } from '../wordpress/http.js';
import { MediaProblem } from './problem.js';
import { createUrlPolicy, type DeclaredAddresses, type UrlVerdict } from './url-policy.js';

/** A news picture is a few hundred KB; 25 MB is a camera original or something that is not a picture. */
export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;
/** The REST pull's politeness applies to media too: WordPress sees at most this many requests at once. */
const IN_FLIGHT = 3;

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Download =
  | { kind: 'fetched'; bytes: Uint8Array; contentType?: string; etag?: string; lastModified?: string }
  | { kind: 'not-modified' };

export interface MediaDownloader {
  /** Whether `url` may be fetched at all, without fetching it (WordPress's REST index may be asked, once). */
  check: (url: string) => Promise<UrlVerdict>;
  /**
   * GET through the polite client; with validators, a conditional GET that may answer not-modified.
   * Rejects with a MediaProblem: a refused URL never reaches the network.
   */
  download: (url: string, validators?: Validators) => Promise<Download>;
}

export interface DownloaderOptions {
  /** The REST base the build was pointed at (see createUrlPolicy for the addresses media may come from). */
  apiUrl: string;
  /** Media URLs the REST API returned (featured images): allowed even outside the uploads folder. */
  vouchedFor?: Iterable<string>;
  /** Origins or URL prefixes the operator named (`--media-origin`). */
  mediaOrigins?: readonly string[];
  /** WordPress's declared addresses; by default its REST index is asked, when first needed. */
  declaredAddresses?: () => Promise<DeclaredAddresses>;
  http?: Partial<HttpOptions>;
  maxBytes?: number;
}

export function createMediaDownloader(options: DownloaderOptions): MediaDownloader {
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http };
  const check = createUrlPolicy({
    apiUrl: options.apiUrl,
    vouchedFor: options.vouchedFor ?? [],
    mediaOrigins: options.mediaOrigins ?? [],
    // Asked only when an image's address needs it; its schema library loads then, not on every run.
    declaredAddresses: options.declaredAddresses ?? (async () => (await import('../wordpress/rest-index.js')).fetchDeclaredAddresses(options.apiUrl, http)),
  });
  const maxBodyBytes = options.maxBytes ?? MAX_MEDIA_BYTES;
  const limit = createLimiter(IN_FLIGHT);

  const download = async (url: string, validators: Validators = {}): Promise<Download> => {
    const verdict = await check(url);
    if (!verdict.ok) throw refusal(verdict);
    const headers: Record<string, string> = { accept: 'image/avif, image/webp, image/*;q=0.9, */*;q=0.1' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const checkRedirect = async (target: string) => {
      const next = await check(target);
      return next.ok ? undefined : next.reason;
    };
    try {
      const response = await limit(() => getWithRetry(verdict.url, http, { headers, maxBodyBytes, checkRedirect }));
      if (response.status === 304) return { kind: 'not-modified' };
      return {
        kind: 'fetched',
        bytes: response.body,
        ...optional('contentType', response.headers.get('content-type')),
        ...optional('etag', response.headers.get('etag')),
        ...optional('lastModified', response.headers.get('last-modified')),
      };
    } catch (error) {
      throw asProblem(error, url);
    }
  };
  return { check, download };
}

/** A refusal that may pass (WordPress's addresses unreadable this time) is not remembered as lasting. */
export function refusal(verdict: Extract<UrlVerdict, { ok: false }>): MediaProblem {
  return new MediaProblem(verdict.passing ? 'unreachable' : 'refused', verdict.reason);
}

function asProblem(error: unknown, url: string): MediaProblem {
  if (error instanceof ResponseRefusedError) return new MediaProblem(error.reason === 'too-large' ? 'too-large' : 'refused', error.message);
  if (error instanceof WordPressError) return new MediaProblem(error.status !== undefined ? 'http' : 'unreachable', error.message);
  return new MediaProblem('unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
