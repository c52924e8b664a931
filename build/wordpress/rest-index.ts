import { z } from 'zod';
import type { DeclaredAddresses } from '../media/url-policy.js';
import { getWithRetry, ResponseRefusedError, WordPressError, type HttpOptions } from './http.js';

/** `_fields` keeps the answer to a few hundred bytes; a WordPress that ignores it sends its whole route list (~200 KB). */
const MAX_INDEX_BYTES = 2 * 1024 * 1024;

const RestIndex = z.object({ url: z.string().optional(), home: z.string().optional() });

/**
 * The addresses WordPress declares in its REST index, `url` (its uploads beneath) and `home`: contents
 * name these, whatever address the build reaches it at. Never throws: an answer that is no index (a
 * 404, not JSON) means none; one that may pass (no answer, a 5xx) is said in `failure`.
 */
export async function fetchDeclaredAddresses(apiUrl: string, http: HttpOptions): Promise<DeclaredAddresses> {
  try {
    // …/wp-json/wp/v2 → …/wp-json/, the REST API's index. Redirects within WordPress's origin only (getWithRetry's default).
    const index = `${apiUrl.replace(/\/+$/, '').replace(/\/wp\/v2$/, '')}/`;
    const response = await getWithRetry(`${index}?_fields=url,home`, http, { maxBodyBytes: MAX_INDEX_BYTES });
    const declared = RestIndex.parse(JSON.parse(new TextDecoder().decode(response.body)));
    const addresses = [declared.url, declared.home].filter((address): address is string => typeof address === 'string' && /^https?:\/\//i.test(address));
    return { addresses: [...new Set(addresses)] };
  } catch (error) {
    const passing = error instanceof WordPressError && !(error instanceof ResponseRefusedError) && (error.status === undefined || error.status === 429 || error.status >= 500);
    return passing ? { addresses: [], failure: error.message } : { addresses: [] };
  }
}
