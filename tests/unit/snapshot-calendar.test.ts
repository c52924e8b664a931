import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStaticData } from '../../build/static-data.js';
import { toPlainText } from '../../src/lib/sanitize.js';
import type { Match } from '../../src/schemas/season.js';
import type { TeamData } from '../../src/schemas/team.js';

/**
 * The embedded snapshot is the first thing a newcomer reads: its articles about the season must agree
 * with the club's calendar (data/season), the source of truth. A heuristic reading of the French text:
 * the teams an article names, its scores 'NN-NN', its dated mentions ('samedi 20 décembre') and its
 * derbies are checked against the matches. Articles dated before the calendar's season tell of an
 * earlier season, which the calendar does not hold: they are left out.
 */

interface Article {
  /** 'posts.json #54' or 'seed "title"', for the failure message. */
  name: string;
  /** 'YYYY-MM-DD', the site's local date. */
  day: string;
  text: string;
}

/** How articles name each team of data/team (every key must be a team name there). */
const TEAM_NAMES_IN_TEXT: Record<string, string[]> = {
  'Paris Basketball': ['Paris'],
  'AS Monaco': ['Monaco'],
  'LDLC ASVEL': ['ASVEL', 'Villeurbanne'],
  'JL Bourg': ['Bourg'],
  'Cholet Basket': ['Cholet'],
  'Nanterre 92': ['Nanterre'],
  'Le Mans Sarthe Basket': ['Mans'],
  'SIG Strasbourg': ['Strasbourg', 'SIG'],
  'BCM Gravelines-Dunkerque': ['Gravelines', 'Dunkerque'],
  'Limoges CSP': ['Limoges'],
  'JDA Dijon': ['Dijon'],
  'Élan Béarnais Pau-Lacq-Orthez': ['Pau', 'Élan Béarnais'],
  'ESSM Le Portel': ['Portel'],
  'Élan Chalon': ['Chalon'],
  'Boulazac Basket Dordogne': ['Boulazac'],
  'SLUC Nancy': ['Nancy'],
  'ADA Blois': ['Blois'],
  'Fos Provence Basket': ['Fos'],
  'Champagne Basket': ['Champagne Basket', 'Châlons', 'Reims'],
  'Orléans Loiret Basket': ['Orléans'],
  'Rouen Métropole Basket': ['Rouen'],
  'Aix Maurienne Savoie Basket': ['Aix Maurienne'],
  'Sharks d’Antibes': ['Antibes'],
  'Caen Basket Calvados': ['Caen'],
  'JA Vichy-Clermont': ['Vichy'],
  'ALM Évreux Basket': ['Évreux'],
};

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const DATED = new RegExp(`\\b(${WEEKDAYS.join('|')})\\s+(\\d{1,2})(?:er)?\\s+(${MONTHS.join('|')})`, 'giu');
const SCORE = /(?<![\d-])(\d{2,3})-(\d{2,3})(?![\d-])/g;
const CLAIMS_DEFEAT = /défaite|s['’]est incliné|se sont inclinés|perdu|battu par/i;
const CLAIMS_WIN = /victoire|vainqueur|battu|s['’]impose|emport/i;
/** A team named without a date or a score is the last or next opponent: its match is this close to the article. */
const NEARBY_DAYS = 14;

const days = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayOf = (match: Match) => match.fullDate.slice(0, 10);
const clubWon = (match: Match) => {
  if (!match.score) return false;
  const [club, opponent] = match.isHome ? [match.score.home, match.score.away] : [match.score.away, match.score.home];
  return club > opponent;
};

function teamMatchers(team: TeamData) {
  return Object.entries(TEAM_NAMES_IN_TEXT).map(([name, words]) => {
    const found = team.teams.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`TEAM_NAMES_IN_TEXT names "${name}", which data/teams.json does not have`);
    const pattern = new RegExp(`(?<![\\p{L}-])(${words.join('|')})(?![\\p{L}])`, 'u');
    return { id: found.id, pattern };
  });
}

/** Every disagreement between the articles of the calendar's season and the calendar. */
function calendarProblems(articles: readonly Article[], team: TeamData): string[] {
  const matchers = teamMatchers(team);
  const firstDay = team.matches.map(dayOf).sort()[0] ?? '';
  const seasonYear = Number(firstDay.slice(0, 4)) - (Number(firstDay.slice(5, 7)) < 7 ? 1 : 0);
  const seasonStart = `${seasonYear}-07-01`;
  const named = (text: string) => new Set(matchers.filter((matcher) => matcher.pattern.test(text)).map((matcher) => matcher.id));
  const problems: string[] = [];

  for (const article of articles.filter((candidate) => candidate.day >= seasonStart)) {
    const problem = (message: string) => problems.push(`${article.name} (${article.day}): ${message}`);
    const teams = named(article.text);
    const accounted = new Set<number>();

    for (const [mention, weekday = '', day = '', month = ''] of article.text.matchAll(DATED)) {
      const monthIndex = MONTHS.indexOf(month.toLowerCase());
      const year = monthIndex >= 6 ? seasonYear : seasonYear + 1;
      const date = `${year}-${String(monthIndex + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
      if (WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] !== weekday.toLowerCase()) problem(`"${mention}": ${date} is not a ${weekday}`);
      if (teams.size === 0) continue;
      const match = team.matches.find((candidate) => dayOf(candidate) === date && teams.has(candidate.opponentId));
      if (match) accounted.add(match.opponentId);
      else problem(`"${mention}": the calendar has no match that day against a team the article names`);
    }

    for (const sentence of article.text.split(/(?<=[.!?])\s+/)) {
      for (const [score, first, second] of sentence.matchAll(SCORE)) {
        const against = named(sentence).size > 0 ? named(sentence) : teams;
        const match = team.matches.find(
          (candidate) =>
            against.has(candidate.opponentId) &&
            dayOf(candidate) <= article.day &&
            candidate.score !== undefined &&
            [String(candidate.score.home), String(candidate.score.away)].sort().join() === [first, second].sort().join(),
        );
        if (!match) {
          problem(`score ${score}: no played match against a team the article names ended so`);
          continue;
        }
        accounted.add(match.opponentId);
        const claim = CLAIMS_DEFEAT.test(sentence) ? 'defeat' : CLAIMS_WIN.test(sentence) ? 'win' : undefined;
        if (claim && (claim === 'win') !== clubWon(match)) problem(`score ${score}: the article tells a ${claim}, the calendar the opposite`);
      }
    }

    for (const id of teams) {
      if (accounted.has(id)) continue;
      const near = team.matches.some((match) => match.opponentId === id && Math.abs(days(dayOf(match)) - days(article.day)) <= NEARBY_DAYS);
      if (!near) problem(`names ${team.teams.find((candidate) => candidate.id === id)?.name}, which the calendar does not meet within ${NEARBY_DAYS} days`);
    }

    if (/\bderby\b/i.test(article.text)) {
      const league = team.matches.some((match) => match.competition === 'Betclic Elite' && teams.has(match.opponentId));
      if (!league) problem('a derby against no team of the league');
    }
  }
  // An excerpt repeats its content: one line per disagreement.
  return [...new Set(problems)];
}

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface SnapshotPost {
  id: number;
  date: string;
  title: { rendered: string };
  excerpt: { rendered: string };
  content: { rendered: string };
}
interface SeedPost {
  title: string;
  date: string;
  paragraphs?: string[];
}

function snapshotArticles(): Article[] {
  return (readJson('data/wordpress/posts.json') as SnapshotPost[]).map((post) => ({
    name: `posts.json #${post.id}`,
    day: post.date.slice(0, 10),
    text: [post.title.rendered, post.excerpt.rendered, post.content.rendered].map((html) => toPlainText(html)).join('\n'),
  }));
}

function seedArticles(): Article[] {
  return (readJson('tests/wordpress/seed/club-news.json') as { posts: SeedPost[] }).posts.map((post) => ({
    name: `seed "${post.title}"`,
    day: post.date.slice(0, 10),
    text: [post.title, ...(post.paragraphs ?? [])].map((html) => toPlainText(html)).join('\n'),
  }));
}

describe('the articles of the embedded snapshot and of the WordPress test seed', () => {
  // After the season: every score the calendar holds is shown.
  const team = loadStaticData({ now: new Date('2026-07-01T00:00:00Z') }).team;

  it('agree with the calendar: scores, dates, opponents and derbies', () => {
    const snapshot = snapshotArticles();
    const seed = seedArticles();
    expect(snapshot.length).toBeGreaterThan(20);
    expect(seed.length).toBe(snapshot.length);
    expect(calendarProblems([...snapshot, ...seed], team)).toEqual([]);
  });

  it('find the disagreements the issue reported', () => {
    const article = (day: string, text: string): Article => ({ name: 'example', day, text });
    const problems = calendarProblems(
      [
        article('2025-10-27', 'Victoire de prestige contre Monaco. Exploit au Palais des sports : le SQBB a battu Monaco 82-77.'),
        article('2025-10-27', 'Défaite contre Monaco. Le SQBB a battu Monaco 99-77.'),
        article('2025-10-14', 'Le SQBB recevra Dijon en huitième de finale de Coupe de France. La rencontre est programmée le mercredi 17 décembre à 20h.'),
        article('2025-09-25', 'Derby : la salle affiche complet face à Châlons-Reims.'),
        article('2025-11-08', 'Avant la rencontre face au Mans, le club mettra ses bénévoles à l’honneur.'),
        // Before the calendar's season: not checked.
        article('2025-06-13', 'Défaite frustrante à Nanterre (78-81).'),
      ],
      team,
    );
    expect(problems).toEqual([
      'example (2025-10-27): score 82-77: no played match against a team the article names ended so',
      'example (2025-10-27): score 99-77: the article tells a win, the calendar the opposite',
      'example (2025-10-14): "mercredi 17 décembre": the calendar has no match that day against a team the article names',
      'example (2025-10-14): names JDA Dijon, which the calendar does not meet within 14 days',
      'example (2025-09-25): names Champagne Basket, which the calendar does not meet within 14 days',
      'example (2025-09-25): a derby against no team of the league',
      'example (2025-11-08): names Le Mans Sarthe Basket, which the calendar does not meet within 14 days',
    ]);
  });
});
