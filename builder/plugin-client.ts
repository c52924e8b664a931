import { readBody, ResponseRefusedError } from '../build/wordpress/http.js';
import { signHook } from './signature.js';

/** The plugin's routes answer a post with its images and terms (a few hundred KB) or a few lines. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

export interface PluginAnswer {
  status: number;
  body: unknown;
  url: string;
}

/** Why the plugin could not be asked: WordPress did not answer, or its answer was refused. */
export class PluginUnreachable extends Error {
  override name = 'PluginUnreachable';
}

/** The REST root (…/wp-json) of the REST base the build reads (…/wp-json/wp/v2). */
export const restRoot = (apiUrl: string): string => apiUrl.replace(/\/+$/, '').replace(/\/wp\/v2$/, '');

/**
 * POSTs a JSON body to a route of wordpress/sqbb-builder.php (`sqbb-builder/v1/<route>`), signed as
 * notifications are (HMAC-SHA256 of "<timestamp>.<body>" with the shared secret): the plugin answers
 * only the builder. No redirect is followed and no retry made (an editor may be waiting).
 */
export async function askPlugin(apiUrl: string, secret: string, route: string, payload: unknown, fetcher: typeof fetch = fetch): Promise<PluginAnswer> {
  const url = `${restRoot(apiUrl)}/sqbb-builder/v1/${route}`;
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-sqbb-timestamp': timestamp, 'x-sqbb-signature': signHook(secret, timestamp, body) },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new PluginUnreachable(`WordPress did not answer ${url} (${cause})`);
  }
  let text: string;
  try {
    text = Buffer.from(await readBody(response, MAX_ANSWER_BYTES, url)).toString('utf8');
  } catch (error) {
    if (error instanceof ResponseRefusedError) throw new PluginUnreachable(`${url}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    throw error;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, body: parsed, url };
}

/** The REST error code WordPress or the plugin answered with ('rest_forbidden', 'rest_no_route'…), or ''. */
export function errorCode(answer: PluginAnswer): string {
  const code = (answer.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
