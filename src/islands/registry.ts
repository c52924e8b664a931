/**
 * Every island the server HTML may mark, mapped to its browser entry (one esbuild entry each).
 * A page gets the <script type="module"> of an island only if it contains it; an unknown name
 * fails the build.
 */
export const ISLANDS = {
  nav: 'src/islands/nav/nav.client.ts',
  partners: 'src/islands/partners/partners.client.ts',
  calendar: 'src/islands/calendar/calendar.client.ts',
  matches: 'src/islands/matches/matches.client.ts',
  players: 'src/islands/players/players.client.ts',
  'player-detail': 'src/islands/player-detail/player-detail.client.ts',
  'player-portfolio': 'src/islands/player-detail/player-portfolio.client.ts',
  'load-more': 'src/islands/load-more/load-more.client.ts',
  'news-slider': 'src/islands/news-slider/news-slider.client.ts',
  embed: 'src/islands/embed/embed.client.ts',
  'recent-posts': 'src/islands/recent-posts/recent-posts.client.ts',
  search: 'src/islands/search/search.client.ts',
} as const;

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(name: string): name is IslandName {
  return Object.prototype.hasOwnProperty.call(ISLANDS, name);
}
