import { Island } from '../../components/Island.js';
import { PageBanner } from '../../components/PageBanner.js';
import { PlayersCarousel, type PlayerCardData } from '../../islands/players/PlayersCarousel.js';
import { href } from '../../routes/route-paths.js';
import type { SiteData } from '../../site-data.js';

export interface PlayersPageProps {
  players: PlayerCardData[];
}

/** Squad order: by shirt number, as on a match sheet. */
export function loadPlayersPage(site: SiteData): PlayersPageProps {
  const players = [...site.team.players]
    .sort((a, b) => a.number - b.number)
    .map(({ id, firstName, lastName, position, number, profilImg }) => ({ id, firstName, lastName, position, number, profilImg, href: href('player-detail', { id }) }));
  return { players };
}

/** Spec 2.8: 'Nos joueurs', a coverflow carousel of player cards linking to their detail page. */
export function PlayersPage({ players }: PlayersPageProps) {
  return (
    <>
      <PageBanner title="Nos joueurs" subtitle="Saison 2025-2026" />
      <div className="container section">
        <Island name="players" component={PlayersCarousel} props={{ players }} />
      </div>
    </>
  );
}
