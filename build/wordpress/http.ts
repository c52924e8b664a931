/**
 * HTTP for the club's WordPress: a timeout per request, retries with exponential backoff on network
 * errors, timeouts, 429 and 5xx (honouring Retry-After), and a limit on requests in flight.
 */
export interface HttpOptions {
  /** Per attempt, headers and body included. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff; doubles with each retry. */
  backoffMs: number;
  /** Longest wait we accept from a Retry-After header. */
  maxRetryAfterMs: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Counts every attempt and the bytes of every body received (the build report's WordPress traffic). */
  traffic?: Traffic;
}

export interface Traffic {
  requests: number;
  bytes: number;
}

export const DEFAULT_HTTP: HttpOptions = {
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  fetch: (input, init) => fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class WordPressError extends Error {
  override name = 'WordPressError';
}

/** A response read to the end: the body is taken inside the timeout, so a stalled body is retried too. */
export interface FetchedBody {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** GET with retries; resolves with a 2xx, rejects with a WordPressError that says why on one line. */
export async function getWithRetry(url: string, options: HttpOptions = DEFAULT_HTTP): Promise<FetchedBody> {
  let lastReason = '';
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    let waitMs = options.backoffMs * 2 ** attempt;
    try {
      const response = await options.fetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json, image/*;q=0.9, */*;q=0.5' },
        redirect: 'follow',
      });
      const body = new Uint8Array(await response.arrayBuffer());
      if (options.traffic) {
        options.traffic.requests += 1;
        options.traffic.bytes += body.byteLength;
      }
      if (response.ok) return { status: response.status, headers: response.headers, body };
      lastReason = `HTTP ${response.status}${describeWordPressError(body)}`;
      if (response.status !== 429 && response.status < 500) throw new WordPressError(`${url} answered ${lastReason}`);
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      if (retryAfter !== undefined) waitMs = Math.min(retryAfter, options.maxRetryAfterMs);
    } catch (error) {
      if (error instanceof WordPressError) throw error;
      lastReason = describeNetworkError(error, options.timeoutMs);
    }
    if (attempt < options.retries) await options.sleep(waitMs);
  }
  throw new WordPressError(`${url}: gave up after ${options.retries + 1} attempts (${lastReason})`);
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

/** Runs at most `limit` tasks at once, in the order they were queued. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start) start();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        active += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
}
