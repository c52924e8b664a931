/**
 * French typography (issue 33): the non-breaking spaces French requires, so that a line never
 * starts with '; l'âge' or '» ' and '15 / euros' never breaks across two lines. Only ordinary
 * spaces (U+0020) that are already there become non-breaking: nothing is inserted, a space that
 * is already non-breaking stays as it is, and a letter never changes. Idempotent.
 *
 * - narrow no-break space (U+202F) before `;` `!` `?`, after `«` and before `»`, and between the
 *   groups of a number ('3 500' → '3 500', as Intl's fr-FR writes it);
 * - no-break space (U+00A0) before `:`, between a number and its unit, currency or counted noun
 *   ('15 euros', '3500 personnes', '27 septembre'), and after 'n°'.
 *
 * In WordPress's texts (frenchText, frenchHtml) one more character may change: the hyphen between
 * two numbers ('88-80', '8-15 ans') becomes the non-breaking hyphen U+2011, which looks the same,
 * so a score never ends a line on '88-' with '80' on the next (a 320 px phone did). Dates
 * ('2025-09-27') are left alone, and so are the club's data files (frenchData).
 *
 * Times ('18:30'), URLs and e-mail addresses hold no space, so they are never touched.
 * `frenchHtml` works on text between tags only: tags, attributes and the text of `pre`, `code`,
 * `script`, `style` and `textarea` are left byte for byte.
 *
 * Applied once per string where text enters the site (build/wordpress/normalize.ts for WordPress,
 * build/static-data-derive.ts for the club's data, the spec's strings in the components' source),
 * never on whole pages at render time.
 */

export const NBSP = '\u00a0';
export const NARROW_NBSP = '\u202f';
export const NB_HYPHEN = '\u2011';

/** Words a number is kept with: units, currencies, months, and what the club's pages count. */
const UNITS = [
  'euros?', '€', '%', 'ans?', 'mois', 'jours?', 'semaines?', 'heures?', 'h', 'min', 'minutes?', 'secondes?', 's',
  'km', 'm', 'cm', 'mm', 'kg', 'g', 'm²', 'mètres?', 'kilomètres?', 'places?', 'personnes?', 'spectateurs?', 'supporters?',
  'points?', 'pts', 'rebonds?', 'passes?', 'paniers?', 'matchs?', 'rencontres?', 'joueurs?', 'joueuses?', 'équipes?',
  'clubs?', 'titres?', 'victoires?', 'défaites?', 'saisons?', 'articles?', 'bénévoles?', 'licenciés?', 'licenciées?',
  'abonnés?', 'enfants?', 'jeunes', 'fois', 'étapes?', 'questions?', 'tribunes?', 'sièges?', 'entrées?',
  'janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
  'Mds?', 'M€', 'k€',
];

/**
 * Plain text, or the text between two tags of HTML (where `&euro;`, `&laquo;`… may stand for the
 * character). Each rule has a quick test: most text nodes need none of them.
 */
const RULES: [when: RegExp, pattern: RegExp, replacement: string][] = [
  // Before ; ! ? and : (a text node may start with the space: '<strong>Nouveauté</strong> : le paiement').
  [/ [;!?]/, / +(?=[;!?])/g, NARROW_NBSP],
  [/ :/, / +(?=:)/g, NBSP],
  // Inside guillemets.
  [/[«&]/, /(«|&laquo;|&#171;|&#xab;) +/gi, `$1${NARROW_NBSP}`],
  [/[»&]/, / +(?=»|&raquo;|&#187;|&#xbb;)/gi, NARROW_NBSP],
  // Groups of a number: 3 500, 1 000 000 (not a year after a number: '2019 200').
  [/\d \d/, /(?<![\d.,])(\d{1,3}) (?=\d{3}(?!\d))/g, `$1${NARROW_NBSP}`],
  // A number and its unit, currency or counted noun; 'n° 5'.
  [/\d /, new RegExp(String.raw`(\d) +(?=(?:${UNITS.join('|')}|&euro;)(?![\p{L}\p{N}]))`, 'gu'), `$1${NBSP}`],
  [/°/, /(?<=\b[nN]°) +(?=\d)/g, NBSP],
];

/** A score or a range of numbers on one line: one hyphen between two numbers, not a date's two. */
const SCORE_RULE: (typeof RULES)[number] = [/\d-\d/, /(?<![\d-])(\d{1,4})-(?=\d{1,4}(?![\d-]))/g, `$1${NB_HYPHEN}`];
const PROSE_RULES = [...RULES, SCORE_RULE];

/** Quick test: a string without an ordinary space or a hyphen between digits has nothing to change. */
const HAS_SPACE = / |\d-\d/;

/** Plain text with French non-breaking spaces (and hyphens). */
export function frenchText(text: string): string {
  return typeset(text, PROSE_RULES);
}

function typeset(text: string, rules: typeof RULES): string {
  if (!HAS_SPACE.test(text)) return text;
  let result = text;
  for (const [when, pattern, replacement] of rules) if (when.test(result)) result = result.replace(pattern, replacement);
  return result;
}

/** Tags, comments and the elements whose text is not prose. */
const TOKEN = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const VERBATIM = new Set(['pre', 'code', 'script', 'style', 'textarea', 'kbd', 'samp']);

/** HTML with French non-breaking spaces in its text; tags, attributes and code are left as they are. */
export function frenchHtml(html: string): string {
  if (!HAS_SPACE.test(html)) return html;
  let result = '';
  let last = 0;
  let verbatim = 0;
  for (const match of html.matchAll(TOKEN)) {
    const text = html.slice(last, match.index);
    result += verbatim > 0 ? text : frenchText(text);
    result += match[0];
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (name && VERBATIM.has(name) && !match[0].endsWith('/>')) verbatim = Math.max(0, verbatim + (match[0].startsWith('</') ? -1 : 1));
  }
  const rest = html.slice(last);
  return result + (verbatim > 0 ? rest : frenchText(rest));
}

/**
 * Every string of a JSON-like value set in French typography (the club's data files): objects and
 * arrays are copied, other values kept. Strings without a space (ids, URLs, dates) come back as they are.
 */
export function frenchData<T>(value: T): T {
  // Spaces only: the club's labels keep the spec's letters ('Saison 25-26'); ids, URLs and dates
  // hold no space and come back as they are.
  if (typeof value === 'string') return typeset(value, RULES) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => frenchData(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = frenchData(item);
    return copy as T;
  }
  return value;
}

/** The same text with its non-breaking spaces and hyphens as ordinary ones: for comparing letters (tests, search). */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2011/g, '-');
}
