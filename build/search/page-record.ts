import { encodeRecord, indexRecordOf } from './doc-terms.js';
import { extractRecord } from './extract.js';
import { searchedRoute } from './searchable.js';

/**
 * A rendered page's search record, made where the page is rendered (any render thread) from its
 * HTML still in memory: '' when the page must not be found (noindex), undefined when its route is
 * not searched at all.
 */
export function searchRecordOf(routeId: string, file: string, html: string): string | undefined {
  const route = searchedRoute(routeId);
  if (!route) return undefined;
  const extracted = extractRecord(html, file.replace(/index\.html$/, ''), route.section);
  return extracted ? encodeRecord(indexRecordOf(extracted)) : '';
}
