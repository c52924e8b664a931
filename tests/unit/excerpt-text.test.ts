import { describe, expect, it } from 'vitest';
import { lettersOf } from '../../src/lib/excerpt-text.js';

describe('lettersOf', () => {
  it('keeps exactly the letters and digits of Unicode, in French text and beyond', () => {
    const reference = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');
    // Every BMP code point alone, then inside French text (the Latin way) and next to a Greek one (the other).
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const unit = String.fromCharCode(code);
      for (const text of [unit, `l’${unit}été…`, `${unit}Σ`]) if (lettersOf(text) !== reference(text)) expect(lettersOf(text), `U+${code.toString(16)}`).toBe(reference(text));
    }
    expect(lettersOf('« Le SQBB s’impose 85 à 78 ! »')).toBe('LeSQBBsimpose85à78');
    expect(lettersOf('𝐀 and 𠀀')).toBe('𝐀and𠀀');
  });
});
