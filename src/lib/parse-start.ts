import type { Parser } from 'htmlparser2';

/** Markup given to the parser at a time when only the start of a text is needed. */
const STEP = 512;

/**
 * Feeds `html` to `parser` and ends it. With `enough`, a step at a time until it says so: a caller
 * that needs the first few hundred characters of a text does not parse a whole article.
 */
export function parseStart(parser: Parser, html: string, enough?: () => boolean): void {
  if (!enough) return parser.end(html);
  for (let at = 0; at < html.length && !enough(); at += STEP) parser.write(html.slice(at, at + STEP));
  parser.end();
}
