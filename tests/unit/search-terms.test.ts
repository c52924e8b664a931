import { describe, expect, it } from 'vitest';
import { createRandom } from '../../bench/prng.js';
import { forEachTerm } from '../../build/search/doc-terms.js';
import { foldText, termsOf } from '../../src/islands/search/search-text.js';

const pageTerms = (text: string) => {
  const terms: string[] = [];
  forEachTerm(text, (term) => terms.push(term));
  return terms;
};

/**
 * The build reads a page's terms word by word (build/search/doc-terms.ts), the browser a query's
 * by termsOf: both must give the same terms, or a page is not found by its own words.
 */
describe('a page’s terms read word by word', () => {
  it('rest on folding: no letter or digit made of anything else, no separator emptied or made a letter', () => {
    const wordChar = /^[\p{L}\p{N}\p{M}]$/u;
    const letterOrDigit = /[\p{L}\p{N}]/u;
    const other = /[^\p{L}\p{N}]/u;
    const broken: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      const folded = foldText(char);
      if (wordChar.test(char) ? other.test(folded) : folded === '' || letterOrDigit.test(folded)) broken.push(code.toString(16));
    }
    expect(broken).toEqual([]);
  });

  it('are the terms of the whole text, in French and in any script, cases, accents and marks', () => {
    expect(pageTerms('L’Équipe pro gagne 87-79 à Boulazac, ŒUVRE collective !')).toEqual(termsOf('L’Équipe pro gagne 87-79 à Boulazac, ŒUVRE collective !'));
    // Decomposed accents, a final sigma, letters outside the BMP, lone surrogates, a soft hyphen.
    for (const text of ['e\u0301quipe E\u0301QUIPE', 'ΟΔΥΣΣΕΥΣ ΣΑΣ ΑΣ\'Α', '𝐀𝐁𝐂 𠀀𠀁 x', 'a\ud800b \udc00c', 'inter\u00adnational', 'İstanbul ǅemal ß ﬁn']) {
      expect(pageTerms(text), text).toEqual(termsOf(text));
    }
    const random = createRandom(7);
    const pieces = ['équipe', 'Victoires', 'l’', "d'", ' ', ' ', '-', '\u00a0', '.', 'À', 'ç', 'œ', '2025', 'e\u0301', '\u0301', 'Ǆ', 'ﬀ', 'Å', 'Å', 'ῼ', 'ß', '中文', '😀', '𝔸', '\ud83d', 'Σ', 'ς', 'ⅷ', '²', '٣', 'x'];
    for (let round = 0; round < 2000; round += 1) {
      const text = [...Array(random.int(1, 12))].map(() => random.pick(pieces)).join('');
      expect(pageTerms(text), JSON.stringify(text)).toEqual(termsOf(text));
    }
  });
});
