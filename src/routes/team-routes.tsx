import { CalendarPage, loadCalendarPage, matchesJsonLd } from '../pages/team/CalendarPage.js';
import { loadPlayerDetailPage, PlayerDetailPage } from '../pages/team/PlayerDetailPage.js';
import { loadPlayersPage, PlayersPage } from '../pages/team/PlayersPage.js';
import { StaffPage } from '../pages/team/StaffPage.js';
import { seasonCalendar } from '../lib/matches-ical.js';
import { playerShareImagePath, SHARE_IMAGE } from '../lib/share-image.js';
import { CLUB } from '../site.js';
import type { SiteData } from '../site-data.js';
import { isPositiveIntegerId } from './paths.js';
import { defineFile, definePage, type Route, type RouteParams } from './types.js';

const playersHead = (site: SiteData) => ({ title: 'Nos joueurs', description: `L’effectif professionnel du ${CLUB.acronym}, saison ${site.season.years}.` });

function playerOf(site: SiteData, params: RouteParams) {
  const player = site.team.players.find((candidate) => String(candidate.id) === params.id);
  if (!player) throw new Error(`no player ${params.id}`);
  return player;
}

export const teamRoutes: Route[] = [
  definePage({
    id: 'players',
    pageType: 'text',
    load: (site) => ({ props: loadPlayersPage(site), head: playersHead(site) }),
    Page: PlayersPage,
  }),
  // Spec alias: the same list of players (every card links to a detail page), canonical to the list.
  definePage({
    id: 'player-detail-alias',
    pageType: 'text',
    aliasOf: 'players',
    load: (site) => ({ props: loadPlayersPage(site), head: playersHead(site) }),
    Page: PlayersPage,
  }),
  definePage({
    id: 'player-detail',
    pageType: 'player',
    paths: (site) => site.team.players.filter((player) => isPositiveIntegerId(player.id)).map((player) => ({ id: String(player.id) })),
    load: (site, params) => {
      const player = playerOf(site, params);
      const name = `${player.firstName} ${player.lastName}`;
      return {
        props: loadPlayerDetailPage(player),
        head: {
          title: name,
          description: `${name}, ${player.position.toLowerCase()} du ${CLUB.acronym} (n° ${player.number}) : biographie, carrière et palmarès.`,
          // A PNG made by the build (build/share-images.ts): networks show no SVG portrait.
          image: { src: playerShareImagePath(player.id), ...SHARE_IMAGE, alt: `${name}, ${player.position.toLowerCase()} du ${CLUB.acronym}, n°\u00a0${player.number}` },
        },
      };
    },
    Page: PlayerDetailPage,
  }),
  definePage({
    id: 'staff',
    pageType: 'text',
    load: (site) => ({
      props: { staff: site.team.staff },
      head: { title: 'Le staff', description: `Le staff technique du ${CLUB.acronym} : entraîneurs et préparation physique.` },
    }),
    Page: StaffPage,
  }),
  definePage({
    id: 'calendar',
    pageType: 'calendar',
    load: (site) => {
      const props = loadCalendarPage(site);
      return {
        props,
        head: {
          title: 'Calendrier',
          description: `Le calendrier et les résultats du ${CLUB.acronym}, saison ${site.season.years} : ${CLUB.league} et Coupe de France.`,
          jsonLd: matchesJsonLd(props.matches, site.siteUrl, site.season.years),
        },
      };
    },
    Page: CalendarPage,
  }),
  defineFile({
    id: 'calendar-ics',
    content: (site) => seasonCalendar({ matches: site.team.matches, teams: site.team.teams, siteUrl: site.siteUrl, season: site.season.years }),
  }),
];
