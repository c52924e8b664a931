import { stemmer } from '@orama/stemmers/french';

/**
 * How French text becomes search terms, the same in the build (the index) and in the browser
 * (the query): lower case, accents folded, elisions split ("l'équipe" → "equipe"), common words
 * dropped, then Snowball's French stemmer ("victoires" and "victoire" → "victoir").
 * Accents are folded before stemming, on both sides: a fan typing "equipe" on a phone gets the
 * stem of "Équipe", which stemming the accented word first would not always give.
 */

/** Words too common to tell pages apart: dropped from the index and from queries. */
const STOP_WORDS = new Set(
  (
    'au aux avec ce ces cet cette dans de des du elle en est et il ils je la le les leur leurs lui mais me meme mes ' +
    'moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous ' +
    'y a c d j l m n s t ete etre sont ont avait'
  ).split(' '),
);

/** Letters and digits, accents folded: 'É' → 'e', 'œ' stays a letter of its own word. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a text, folded, in order (elisions and hyphenated words split). */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The index term of one folded word, or undefined for a word too common or too short to search. */
export function termOf(word: string): string | undefined {
  if (STOP_WORDS.has(word)) return undefined;
  if (word.length < 2 && !/\d/.test(word)) return undefined;
  if (/^\d+$/.test(word)) return word;
  // A site's vocabulary is some tens of thousands of words, each met hundreds of times: the
  // stemmer runs once per word.
  let term = stems.get(word);
  if (term === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    term = stemmer(word);
    stems.set(word, term);
  }
  return term;
}

const stems = new Map<string, string>();
const MAX_STEMS = 200_000;

/** The terms of a text, in order, repeated as they occur. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(text)) {
    const term = termOf(word);
    if (term) terms.push(term);
  }
  return terms;
}

/** A query word: its term, and for the word being typed (the last one) the prefix it may complete. */
export interface QueryWord {
  word: string;
  term: string;
  /** The folded word itself, to match longer terms while the fan is still typing it. */
  prefix?: string;
  /** The terms the search took a word for when it found nothing as typed ("equippe" → ['equip']). */
  typos?: string[];
}

/** Typed prefixes shorter than this match whole terms only: "v" would match half the index. */
export const MIN_PREFIX = 3;

/**
 * The words of a query. The last one may be unfinished unless the query ends with a space: it
 * also matches the terms it begins ("boula" → "boulazac"); shorter than MIN_PREFIX, it is not a
 * word yet ("victoire bo" searches "victoire" while the fan types on).
 */
export function parseQuery(query: string): QueryWord[] {
  const words = wordsOf(query);
  const typing = !/\s$/.test(query);
  const parsed: QueryWord[] = [];
  words.forEach((word, index) => {
    const term = termOf(word);
    if (!term) return;
    const last = index === words.length - 1;
    if (last && typing && word.length < MIN_PREFIX && index > 0) return;
    parsed.push(last && typing && word.length >= MIN_PREFIX ? { word, term, prefix: word } : { word, term });
  });
  return parsed;
}

/**
 * How many letters a word that finds nothing may differ by from the terms it is taken for: none
 * under 4 letters or with a digit (a score, a year), 1 up to 7, 2 from 8 (MiniSearch's `fuzzy:
 * 0.2` gives about the same).
 */
export function maxTypos(word: QueryWord): number {
  if (/\d/.test(word.word) || word.word.length < 4) return 0;
  return word.word.length < 8 ? 1 : 2;
}

/**
 * Letters to insert, delete, replace or swap with their neighbour to turn `a` into `b` (optimal
 * string alignment), or `max` + 1 as soon as it is known to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let lowest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      lowest = Math.min(lowest, value);
    }
    if (lowest > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}
