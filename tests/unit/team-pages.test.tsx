import { describe, expect, it } from 'vitest';
import { expandRoutes } from '../../src/routes.js';
import { expectSoundImages, renderPath, texts } from './render-page.js';
import { makeSite } from './site-fixture.js';

const render = renderPath;



describe('players list', () => {
  it("shows 'Nos joueurs' and a card per player with photo, names and a link to the detail page", () => {
    const { $ } = render('/equipe/pro/joueurs');
    expect(texts($, 'h1')).toEqual(['Nos joueurs']);
    expect($('.player-card')).toHaveLength(11);
    const lemaire = $('.player-card').filter((_, card) => $(card).text().includes('Lemaire'));
    expect(lemaire.find('.player-card-first').text()).toBe('Hugo');
    expect(lemaire.find('.player-card-last').text()).toBe('Lemaire');
    expect(lemaire.find('a').attr('href')).toBe('/equipe/pro/joueurs/details/1/');
    expect(lemaire.find('img').attr('alt')).toBe('Portrait de Hugo Lemaire');
    expectSoundImages($);
  });

  it('orders the cards by shirt number', () => {
    const { $ } = render('/equipe/pro/joueurs');
    const numbers = texts($, '.player-card-role').map((text) => Number(/n° (\d+)/.exec(text)?.[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('makes /equipe/pro/joueurs/detail a working page listing the players, canonical to the list', () => {
    const { $, aliasOf } = render('/equipe/pro/joueurs/detail');
    expect(aliasOf).toBe('players');
    expect($('a[href^="/equipe/pro/joueurs/details/"]')).toHaveLength(11);
  });
});

describe('player detail', () => {
  it('has a page for every player and none for an unknown id', () => {
    const paths = expandRoutes(makeSite()).map((instance) => instance.path).filter((path) => path.startsWith('/equipe/pro/joueurs/details/'));
    expect(paths).toHaveLength(11);
    expect(paths).not.toContain('/equipe/pro/joueurs/details/99');
  });

  it('shows the header, the tabs, the Photos link and the Retour link', () => {
    const { $, head } = render('/equipe/pro/joueurs/details/2');
    expect(texts($, 'h1')).toEqual(['Malik Diarra']);
    expect($('.player-header-position').text()).toBe('Arrière');
    expect(texts($, '.player-tabs .player-tab')).toEqual(['Résumé', 'A propos', 'Carrière', 'Photos (nouvel onglet)']);
    expect($('.player-tab-photos').attr('target')).toBe('_blank');
    expect($('a.player-back').text()).toBe('Retour');
    expect($('a.player-back').attr('href')).toBe('/equipe/pro/joueurs/');
    expect(head.title).toBe('Malik Diarra');
    expectSoundImages($);
  });

  it('shares a 1200×630 PNG card of the player, not the SVG portrait networks do not show', () => {
    const { head } = render('/equipe/pro/joueurs/details/2');
    expect(head.image).toEqual({ src: '/images/partage/joueur-2.png', width: 1200, height: 630, alt: 'Malik Diarra, arrière du SQBB, n°\u00a07' });
  });

  it('renders every section visible before any script runs', () => {
    const { $ } = render('/equipe/pro/joueurs/details/2');
    expect($('#joueur-a-propos').attr('hidden')).toBeUndefined();
    expect($('#joueur-carriere').attr('hidden')).toBeUndefined();
    expect($('[role="tabpanel"]')).toHaveLength(0);
  });

  it('lists the about facts in the order of the spec', () => {
    const { $ } = render('/equipe/pro/joueurs/details/2');
    expect(texts($, '.player-facts dt')).toEqual([
      'Date de naissance', 'Nationalité', 'Numéro', 'Lieu de naissance', 'Taille', 'Poste', "Dans l’équipe depuis",
    ]);
    expect(texts($, '.player-facts dd')).toEqual(['22 juillet 2000 (25 ans)', 'France', '7', 'Créteil', '1,93 m', 'Arrière', '2024']);
  });

  it('shows career entries and honours when there are some', () => {
    const { $ } = render('/equipe/pro/joueurs/details/2');
    const career = $('#joueur-carriere');
    expect(career.find('.player-career-list').first().text()).toContain('2019–2022 Nanterre 92 (Betclic Elite)');
    expect(career.text()).toContain('Médaille d’argent');
    expect(career.find('.player-fallback')).toHaveLength(0);
  });

  it('shows the exact fallback texts for an empty career', () => {
    const { $ } = render('/equipe/pro/joueurs/details/8');
    expect(texts($, '#joueur-carriere .player-fallback')).toEqual([
      'Aucune information de carrière professionnelle disponible.',
      'Aucune information de carrière amateur disponible.',
      'Aucune information sur le palmarès disponible.',
    ]);
  });

  it('shows social links only when set', () => {
    expect(texts(render('/equipe/pro/joueurs/details/2').$, '.player-social a')).toEqual(['Instagram (nouvel onglet)', 'X (Twitter) (nouvel onglet)']);
    expect(render('/equipe/pro/joueurs/details/8').$('.player-social')).toHaveLength(0);
  });

  it('offers the portfolio filter TOUTES / équipe DE FRANCE / Champion, or says there is no photo', () => {
    const { $ } = render('/equipe/pro/joueurs/details/2');
    expect(texts($, '.portfolio-filter button')).toEqual(['TOUTES', 'équipe DE FRANCE', 'Champion']);
    expect($('.portfolio-grid li')).toHaveLength(3);
    const empty = render('/equipe/pro/joueurs/details/8').$;
    expect(empty('.portfolio-filter')).toHaveLength(0);
    expect(empty('.player-portfolio').text()).toContain('Aucune photo disponible pour le moment.');
  });
});

describe('staff', () => {
  it('shows head coach, assistant coaches, physical trainer and galleries', () => {
    const { $ } = render('/equipe/pro/staff');
    expect(texts($, 'h1')).toEqual(['Le staff']);
    expect(texts($, 'h2')).toEqual(['Entraîneur principal', 'Entraîneurs adjoints', 'Préparation physique', 'Galeries photos']);
    expect($('.staff-card')).toHaveLength(4);
    expect($('.staff-gallery img').length).toBeGreaterThan(0);
    expectSoundImages($);
  });
});

describe('calendar', () => {
  it("offers 'Tous les matchs' then the months Septembre to Mai, and month sections in that order", () => {
    const { $ } = render('/equipe/match/calendrier');
    const months = ['Septembre', 'Octobre', 'Novembre', 'Décembre', 'Janvier', 'Février', 'Mars', 'Avril', 'Mai'];
    expect(texts($, '.calendar-filter-choice')).toEqual(['Tous les matchs', ...months]);
    expect(texts($, '.calendar-month h2')).toEqual(months);
    expect($('.match-card')).toHaveLength(32);
  });

  it('sorts the cards ascending by full date', () => {
    const { $ } = render('/equipe/match/calendrier');
    const dates = $('.match-card time').map((_, element) => Date.parse($(element).attr('datetime') ?? '')).get();
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('shows both teams, scores, date, hours, competition, place and the match sheet', () => {
    const { $ } = render('/equipe/match/calendrier');
    const card = $('.match-card').first();
    expect(card.find('.match-team-home .match-team-name').text()).toBe('Saint-Quentin Basket-Ball');
    expect(card.find('.match-team-away .match-team-name').text()).toBe('Paris Basketball');
    expect(card.find('.match-team-home .match-score').text()).toBe('80');
    expect(card.find('.match-team-away .match-score').text()).toBe('92');
    // Weekday and month in lower case inside a date (issue 33): 'samedi 27 septembre 2025'.
    expect(card.find('.match-date').text()).toBe('samedi 27');
    expect(card.find('.match-month').text()).toBe('septembre');
    expect(card.find('time').text()).toBe('samedi 27 septembre 2025');
    expect(card.find('.match-hours').text()).toBe('21:00');
    expect(card.find('.match-competition').text()).toBe('Betclic Elite');
    expect(card.find('.match-competition img').attr('src')).toBe('/images/team/competitions/betclic-elite.svg');
    expect(card.find('.match-place').text()).toBe('Palais des Sports Pierre-Ratte');
    expect(card.find('a.match-sheet').text()).toBe('Feuille de match');
  });

  it('puts the higher score in gold, and the away arena for away matches', () => {
    const { $ } = render('/equipe/match/calendrier');
    const first = $('.match-card').eq(0);
    expect(first.find('.match-score-winner').text()).toBe('92');
    expect(first.find('.match-score-winner').closest('.match-team').hasClass('match-team-away')).toBe(true);
    const cholet = $('.match-card').eq(1);
    expect(cholet.find('.match-team-home .match-team-name').text()).toBe('Cholet Basket');
    expect(cholet.find('.match-place').text()).toBe('La Meilleraie');
  });

  it('gives cup matches the cup logo and no sheet link when there is none', () => {
    const { $ } = render('/equipe/match/calendrier');
    const cup = $('.match-card').filter((_, card) => $(card).find('.match-competition').text() === 'Coupe de France').first();
    expect(cup.find('.match-competition img').attr('src')).toBe('/images/team/competitions/coupe.svg');
    expect(cup.find('a.match-sheet')).toHaveLength(0);
  });

  it('hides scores of unplayed matches and hours that are not fixed', () => {
    const site = makeSite();
    const [first, ...rest] = site.team.matches;
    const { score: _played, ...withoutScore } = first!;
    const unplayed = { ...withoutScore, hours: '', fullDate: '2025-09-27T00:00:00+02:00' };
    const { $ } = render('/equipe/match/calendrier', { ...site, team: { ...site.team, matches: [unplayed, ...rest] } });
    const card = $('.match-card').first();
    expect(card.find('.match-score')).toHaveLength(0);
    expect(card.find('.match-hours')).toHaveLength(0);
  });

  it("links 'Ajouter à mon agenda' to the iCalendar feed and the league matches to the streaming service", () => {
    const { $ } = render('/equipe/match/calendrier');
    expect($('a[href="/calendrier.ics"]').text()).toBe('Ajouter à mon agenda');
    expect($('a[href^="https://www.dazn.com/"]').text()).toContain('Betclic Elite');
  });

  it('describes every match as a schema.org SportsEvent', () => {
    const { head } = render('/equipe/match/calendrier');
    const events = (head.jsonLd ?? []) as { '@type': string; startDate: string; location: { name: string } }[];
    expect(events).toHaveLength(32);
    expect(events.every((event) => event['@type'] === 'SportsEvent')).toBe(true);
    expect(events[0]?.startDate).toBe('2025-09-27T21:00:00+02:00');
    expect(events[0]?.location.name).toBe('Palais des Sports Pierre-Ratte');
  });
});

describe("home 'Les matchs'", () => {
  it('shows only matches after the build time, soonest first, without scores', () => {
    const site = makeSite({ builtAt: new Date('2026-04-20T12:00:00Z') });
    const { $ } = render('/', site);
    const section = $('.home-matches');
    const dates = section.find('.match-card time').map((_, element) => $(element).attr('datetime')).get();
    const expected = site.team.matches.map((match) => match.fullDate).filter((date) => Date.parse(date) > site.builtAt.getTime()).sort();
    expect(dates).toEqual(expected);
    expect(dates.length).toBeGreaterThan(0);
    expect(section.find('.match-score')).toHaveLength(0);
    expect(section.find('a.btn').text()).toBe('Voir le calendrier');
    expect(section.find('a.btn').attr('href')).toBe('/equipe/match/calendrier/');
  });

  it('says there is no upcoming match once the season is over, and still links the calendar', () => {
    const { $ } = render('/', makeSite({ builtAt: new Date('2026-11-22T12:00:00Z') }));
    const section = $('.home-matches');
    expect(section.find('h2').text()).toBe('Les matchs');
    expect(section.find('.matches-empty').text()).toBe('Aucun match à venir pour le moment.');
    expect(section.find('.match-card')).toHaveLength(0);
    expect(section.find('[data-island]')).toHaveLength(0);
    expect(section.find('a.btn').text()).toBe('Voir le calendrier');
  });
});
