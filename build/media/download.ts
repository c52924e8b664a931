import { createLimiter, DEFAULT_HTTP, getWithRetry, ResponseRefusedError, WordPressError, type HttpOptions } from '../wordpress/http.js';
import { MediaProblem } from './problem.js';
import { createUrlPolicy, type UrlVerdict } from './url-policy.js';

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
  /** Whether `url` may be fetched at all, without fetching it. */
  check: (url: string) => UrlVerdict;
  /**
   * GET through the polite client; with validators, a conditional GET that may answer not-modified.
   * Rejects with a MediaProblem: a refused URL never reaches the network.
   */
  download: (url: string, validators?: Validators) => Promise<Download>;
}

export interface DownloaderOptions {
  /** The REST base the build was pointed at; media come from the same origin only. */
  apiUrl: string;
  /** Media URLs the REST API returned (featured images): allowed even outside the uploads folder. */
  vouchedFor?: Iterable<string>;
  http?: Partial<HttpOptions>;
  maxBytes?: number;
}

export function createMediaDownloader(options: DownloaderOptions): MediaDownloader {
  const check = createUrlPolicy(options.apiUrl, options.vouchedFor);
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http };
  const maxBodyBytes = options.maxBytes ?? MAX_MEDIA_BYTES;
  const limit = createLimiter(IN_FLIGHT);

  const download = async (url: string, validators: Validators = {}): Promise<Download> => {
    const verdict = check(url);
    if (!verdict.ok) throw new MediaProblem('refused', verdict.reason);
    const headers: Record<string, string> = { accept: 'image/avif, image/webp, image/*;q=0.9, */*;q=0.1' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const checkRedirect = (target: string) => {
      const next = check(target);
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

function asProblem(error: unknown, url: string): MediaProblem {
  if (error instanceof ResponseRefusedError) return new MediaProblem(error.reason === 'too-large' ? 'too-large' : 'refused', error.message);
  if (error instanceof WordPressError) return new MediaProblem(error.status !== undefined ? 'http' : 'unreachable', error.message);
  return new MediaProblem('unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
