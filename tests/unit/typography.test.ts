import { describe, expect, it } from 'vitest';
import { frenchData, frenchHtml, frenchText, plainSpaces } from '../../src/lib/typography.js';

const NB = '\u00a0';
const NN = '\u202f';

describe('frenchText: the non-breaking spaces French requires', () => {
  it('before ; ! ? (narrow) and : (no-break), so a line never starts with the mark', () => {
    expect(frenchText("Les enfants de 5 ans et moins entrent gratuitement ; l'âge doit pouvoir être justifié.")).toBe(
      `Les enfants de 5${NB}ans et moins entrent gratuitement${NN}; l'âge doit pouvoir être justifié.`,
    );
    expect(frenchText('Comment devenir partenaire ?')).toBe(`Comment devenir partenaire${NN}?`);
    expect(frenchText('Merci aux 400 spectateurs du week-end !')).toBe(`Merci aux 400${NB}spectateurs du week-end${NN}!`);
    expect(frenchText('Nouveauté : le paiement en trois fois')).toBe(`Nouveauté${NB}: le paiement en trois fois`);
  });

  it('inside « » (narrow)', () => {
    expect(frenchText('« On a montré du caractère »')).toBe(`«${NN}On a montré du caractère${NN}»`);
  });

  it('between a number and its unit or currency, and between the groups of a number', () => {
    expect(frenchText('Tribune centrale 15 euros (12 en tarif réduit)')).toBe(`Tribune centrale 15${NB}euros (12 en tarif réduit)`);
    expect(frenchText('La salle accueille 3500 personnes, dont 3000 assises.')).toBe(`La salle accueille 3500${NB}personnes, dont 3000 assises.`);
    expect(frenchText('une capacité de 3 800 places')).toBe(`une capacité de 3${NN}800${NB}places`);
    expect(frenchText('Un pivot de 2,11 m, 110 kg')).toBe(`Un pivot de 2,11${NB}m, 110${NB}kg`);
    expect(frenchText('Le 27 septembre 2025, 12 € la place')).toBe(`Le 27${NB}septembre 2025, 12${NB}€ la place`);
    expect(frenchText('Maillot n° 7')).toBe(`Maillot n°${NB}7`);
  });

  it('never touches times, scores, years, URLs, e-mail addresses or words after a number that are not units', () => {
    for (const text of [
      'Coup d’envoi à 18:30, ouverture des portes à 17h30',
      'Victoire en 2019 200 autres',
      'Le match du 2025-09-27 à 20:00',
      'https://www.sqbb.fr/actualites/?page=2 et contact@sqbb.fr',
      'Les U15 grandissent',
      '5 grands moments',
    ]) {
      expect(frenchText(text)).toBe(text);
    }
  });

  it('keeps a score or a range of numbers on one line with a non-breaking hyphen, never a date', () => {
    expect(frenchText('Nos joueurs se sont inclinés 88-80 sur le parquet')).toBe('Nos joueurs se sont inclinés 88\u201180 sur le parquet');
    expect(frenchText('Le stage des 8-15 ans, saison 2025-2026')).toBe(`Le stage des 8\u201115${NB}ans, saison 2025\u20112026`);
    expect(frenchText('88-80')).toBe('88\u201180');
    expect(frenchHtml('<p><strong>88-80</strong> le 2025-09-27</p>')).toBe('<p><strong>88\u201180</strong> le 2025-09-27</p>');
    expect(plainSpaces(frenchText('Victoire 84-79 !'))).toBe('Victoire 84-79 !');
  });

  it('leaves non-breaking spaces already there alone, and gives the same text when run twice', () => {
    const typeset = `Bravo${NN}! Le prix${NB}: 15${NB}euros`;
    expect(frenchText(typeset)).toBe(typeset);
    const once = frenchText('« Allez ! » : 3 500 personnes ; 15 euros ?');
    expect(frenchText(once)).toBe(once);
  });

  it('changes no letter: with ordinary spaces back it is the text it was given', () => {
    const text = "Billets : tribune centrale 15 euros ; enfants de 6 à 12 ans : 5 euros. « Allez SQBB ! » Pourquoi ?";
    expect(plainSpaces(frenchText(text))).toBe(text);
  });
});

describe('frenchHtml: text between tags only', () => {
  it('typesets the text of an article and its entities', () => {
    expect(frenchHtml('<p><strong>Nouveauté</strong> : le paiement &laquo; sans frais &raquo; !</p>')).toBe(
      `<p><strong>Nouveauté</strong>${NB}: le paiement &laquo;${NN}sans frais${NN}&raquo;${NN}!</p>`,
    );
    expect(frenchHtml('<td>15 &euro;</td>')).toBe(`<td>15${NB}&euro;</td>`);
  });

  it('never touches tags, attributes, URLs or code', () => {
    const html = '<a href="/recherche/?q=15 euros ; test" title="Pourquoi ? 15 euros" data-props=\'{"a":"b : c"}\'>Le lien</a>'
      + '<pre>a ; b : c ?</pre><code>x ? y : z</code><script type="application/ld+json">{"name":"A : B"}</script><style>a { color: red !important; }</style>';
    expect(frenchHtml(html)).toBe(html);
    expect(frenchHtml('<img alt="Score : 84 points" src="/media/a b.jpg"> Fin !')).toBe(`<img alt="Score : 84 points" src="/media/a b.jpg"> Fin${NN}!`);
  });

  it('leaves &nbsp; and non-breaking characters already there', () => {
    const html = `<p>Le coach&nbsp;: «&nbsp;On y croit&nbsp;» ; 15${NB}euros</p>`;
    expect(frenchHtml(html)).toBe(`<p>Le coach&nbsp;: «&nbsp;On y croit&nbsp;»${NN}; 15${NB}euros</p>`);
  });
});

describe('frenchData', () => {
  it('typesets every string of a data file and keeps everything else', () => {
    const data = { title: 'Tarifs : 15 euros', href: 'https://example.org/a?b=c', count: 3, list: ['Pourquoi ?', null, true], nested: { id: 'billets-2025', season: '2025-26', label: 'Saison 25-26' } };
    expect(frenchData(data)).toEqual({ title: `Tarifs${NB}: 15${NB}euros`, href: 'https://example.org/a?b=c', count: 3, list: [`Pourquoi${NN}?`, null, true], nested: { id: 'billets-2025', season: '2025-26', label: 'Saison 25-26' } });
  });
});
