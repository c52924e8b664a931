import { setTimeout as wait } from 'node:timers/promises';
import { carriesCredentials, withoutCredentials } from '../redact-credentials.js';

/**
 * HTTP for the club's WordPress: a timeout per attempt (headers and body), retries with exponential
 * backoff on network errors, timeouts, 429 and 5xx (honouring Retry-After), a size cap on every
 * answer and on a whole pull, enforced while the bodies stream in, and redirects followed only
 * where the caller allows (within the same origin unless it says otherwise).
 */
export interface HttpOptions {
  timeoutMs: number;
  /** Retries after the first attempt; the first backoff doubles with each. */
  retries: number;
  backoffMs: number;
  /** The largest body accepted (a request may ask for less). */
  maxBodyBytes: number;
  /** The backoff, cut short (rejected) once `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The build report's WordPress traffic: every attempt, the bytes of every body. */
  traffic?: Traffic;
  /** Aborted once the work these requests serve has failed: no request starts after it, those in flight stop. */
  signal?: AbortSignal;
  /** The bytes every answer of one pull may hold together; counted in `held`, shared by the pull's requests. */
  maxPullBytes: number;
  held?: { bytes: number };
}

export type Traffic = { requests: number; bytes: number };

/** The cap on one answer: room for posts thirty times longer than ours, not for a hostile server (figures: README, "Live pull"). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The cap on a whole pull, every body together: pages under the cap each can still add up to gigabytes (README, "Live pull"). */
export const MAX_PULL_BYTES = 256 * 1024 * 1024;

export const DEFAULT_HTTP: HttpOptions = {
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 500,
  maxBodyBytes: MAX_RESPONSE_BYTES,
  maxPullBytes: MAX_PULL_BYTES,
  sleep: (ms, signal) => wait(ms, undefined, { signal }),
};

/** `status`: the last HTTP status WordPress answered, when it answered one. */
export class WordPressError extends Error {
  override name = 'WordPressError';
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

/** Refused without retrying: a body over a size limit (one answer's or the pull's), a redirect the caller does not allow. */
export class ResponseRefusedError extends WordPressError {
  override name = 'ResponseRefusedError';
  constructor(message: string, readonly reason: 'too-large' | 'redirect') {
    super(message);
  }
}

interface RequestOptions {
  /** Sent as they are: conditional requests use If-None-Match / If-Modified-Since. */
  headers?: Record<string, string>;
  maxBodyBytes?: number;
  /**
   * Each redirect's target is first shown to this check: it answers why the target is refused, or
   * undefined to follow. Without it, only redirects within the requested URL's origin are followed:
   * a WordPress (or a proxy, a hijacked DNS name) sending the pull to another host must not have
   * that host's answers published as the club's content.
   */
  checkRedirect?: (target: string) => string | undefined | Promise<string | undefined>;
}

const MAX_REDIRECTS = 5;
/** The longest wait accepted from a Retry-After header. */
const MAX_RETRY_AFTER_MS = 30_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GET with retries; resolves with a 2xx (or a 304 with an empty body, to a conditional request) read
 * to the end within the timeout, so a stalled body is retried too, and where it came from after
 * redirects; rejects with a WordPressError that says why on one line.
 */
export async function getWithRetry(
  url: string,
  options: HttpOptions = DEFAULT_HTTP,
  request: RequestOptions = {},
): Promise<{ status: number; headers: Headers; body: Uint8Array; url: string }> {
  let lastReason = '';
  let lastStatus: number | undefined;
  const maxBodyBytes = Math.min(request.maxBodyBytes ?? options.maxBodyBytes, options.maxBodyBytes);
  const conditional = Object.keys(request.headers ?? {}).some((name) => /^if-/i.test(name));
  const pull = options.held && { held: options.held, maxBytes: options.maxPullBytes };
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    let waitMs = options.backoffMs * 2 ** attempt;
    options.signal?.throwIfAborted();
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
      const { response, finalUrl } = await fetchFollowing(url, request, signal);
      if (response.status === 304 && conditional) {
        await response.body?.cancel();
        return { status: 304, headers: response.headers, body: new Uint8Array(), url: finalUrl };
      }
      // An error page is only read for its WordPress error code: never more than the limit, not held.
      const body = response.ok ? await readBody(response, maxBodyBytes, finalUrl, pull) : await readBody(response, maxBodyBytes, finalUrl).catch(() => new Uint8Array());
      if (options.traffic) {
        options.traffic.requests += 1;
        options.traffic.bytes += body.byteLength;
      }
      if (response.ok) return { status: response.status, headers: response.headers, body, url: finalUrl };
      lastStatus = response.status;
      lastReason = `HTTP ${response.status}${describeWordPressError(body)}`;
      if (response.status !== 429 && response.status < 500) throw new WordPressError(`${url} answered ${lastReason}`, response.status);
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      if (retryAfter !== undefined) waitMs = Math.min(retryAfter, MAX_RETRY_AFTER_MS);
    } catch (error) {
      if (error instanceof WordPressError) throw error;
      options.signal?.throwIfAborted();
      lastStatus = undefined;
      lastReason = describeNetworkError(error, options.timeoutMs);
    }
    if (attempt < options.retries) {
      await options.sleep(waitMs, options.signal).catch(() => {});
      options.signal?.throwIfAborted();
    }
  }
  throw new WordPressError(`${url}: gave up after ${options.retries + 1} attempts (${lastReason})`, lastStatus);
}

async function fetchFollowing(url: string, request: RequestOptions, signal: AbortSignal): Promise<{ response: Response; finalUrl: string }> {
  const init: RequestInit = {
    signal,
    headers: { accept: 'application/json, image/*;q=0.9, */*;q=0.5', ...request.headers },
    redirect: 'manual',
  };
  const { origin } = new URL(url);
  const sameOrigin = (target: string) => (new URL(target).origin === origin ? undefined : `another origin than ${origin} (only redirects within it are followed: point the build at the address WordPress answers at)`);
  const checkRedirect = request.checkRedirect ?? sameOrigin;
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, init);
    if (!REDIRECT_STATUSES.has(response.status)) return { response, finalUrl: response.url || current };
    await response.body?.cancel();
    const location = response.headers.get('location');
    const target = location ? URL.parse(location, current)?.href : undefined;
    // fetch refuses a URL with credentials, printing it: refused here first, and never shown.
    const refused = !target
      ? 'no usable Location header'
      : hop >= MAX_REDIRECTS
        ? `more than ${MAX_REDIRECTS} redirects`
        : carriesCredentials(target)
          ? 'the target carries a user name or password'
          : await checkRedirect(target);
    if (refused) throw new ResponseRefusedError(withoutCredentials(`${url} redirects to ${target ?? JSON.stringify(location)}: ${refused}`), 'redirect');
    current = target as string;
  }
}

/**
 * The body, read chunk by chunk: never more than `maxBytes` held, whatever the server sends or declares.
 * With `pull`, each chunk also counts toward the whole pull's bytes (`held`), stopping the pull as soon
 * as they pass its cap; a body that fails gives its bytes back (a retry reads it again).
 */
export async function readBody(response: Response, maxBytes: number, url: string, pull?: { held: { bytes: number }; maxBytes: number }): Promise<Uint8Array> {
  // Refuses a body of `size` bytes when it, or the pull then holding `pulled`, is over its limit.
  const check = (size: number, pulled: number) => {
    if (size > maxBytes) throw new ResponseRefusedError(`${url} is larger than ${maxBytes} bytes (${formatMegabytes(maxBytes)}, the limit for one answer)`, 'too-large');
    if (pull && pulled > pull.maxBytes) {
      throw new ResponseRefusedError(`${url}: the pull holds more than ${pull.maxBytes} bytes with it (${formatMegabytes(pull.maxBytes)}, the limit for a whole pull: MAX_PULL_BYTES in build/wordpress/http.ts)`, 'too-large');
    }
  };
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared)) check(declared, (pull?.held.bytes ?? 0) + declared);
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (pull) pull.held.bytes += value.byteLength;
      check(total, pull?.held.bytes ?? 0);
      chunks.push(value);
    }
  } catch (error) {
    if (pull) pull.held.bytes -= total;
    await reader?.cancel().catch(() => {});
    throw error;
  }
  return Buffer.concat(chunks, total);
}

function formatMegabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

/** Retry-After is seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

/** WordPress errors are JSON { code, message }; the code is the useful part in a log line. */
function describeWordPressError(body: Uint8Array): string {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { code?: unknown };
    return typeof parsed.code === 'string' ? ` ${parsed.code}` : '';
  } catch {
    return '';
  }
}

/** Runs at most `limit` tasks at once, in the order they were queued: a task ending hands its place to the next. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
