import { Island } from '../../components/Island.js';
import { PlayerDetail, type PlayerDetailProps } from '../../islands/player-detail/PlayerDetail.js';
import { PlayerPortfolio, type PortfolioPicture } from '../../islands/player-detail/PlayerPortfolio.js';
import { formatFrenchDate, formatHeight } from '../../lib/team-format.js';
import { CLUB } from '../../site.js';
import type { Player, SocialLinks } from '../../schemas/team.js';
import { href } from '../../routes/route-paths.js';

export interface PlayerDetailPageProps {
  detail: PlayerDetailProps;
  pictures: PortfolioPicture[];
  social: { label: string; href: string }[];
}

const SOCIAL_LABELS: Record<keyof SocialLinks, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tweeter: 'X (Twitter)',
  linkedIn: 'LinkedIn',
};

export function loadPlayerDetailPage(player: Player): PlayerDetailPageProps {
  const facts = [
    { label: 'Date de naissance', value: `${formatFrenchDate(player.birth)} (${player.age}\u00a0ans)` },
    { label: 'Nationalité', value: player.country },
    { label: 'Numéro', value: String(player.number) },
    { label: 'Lieu de naissance', value: player.birthPlace },
    { label: 'Taille', value: formatHeight(player.size) },
    { label: 'Poste', value: player.position },
    { label: "Dans l’équipe depuis", value: player.teamPresence },
  ];
  return {
    detail: {
      firstName: player.firstName,
      lastName: player.lastName,
      position: player.position,
      number: player.number,
      mainPageImg: player.mainPageImg,
      smallResume: player.smallResume,
      facts,
      biography: player.resume,
      career: player.carrier,
      // The spec's 'Photos' tab leads out to the club's photo feed.
      photosLink: CLUB.instagram,
    },
    pictures: player.pictures.map((picture) => ({
      src: picture.src,
      title: picture.title,
      legend: picture.legend,
      date: formatFrenchDate(picture.date),
      author: picture.author,
      tags: picture.tag,
    })),
    social: (Object.keys(SOCIAL_LABELS) as (keyof SocialLinks)[]).flatMap((network) => {
      const href = player.sci[network];
      return href ? [{ label: SOCIAL_LABELS[network], href }] : [];
    }),
  };
}

/** Spec 2.8: player detail; the phone variant keeps only the about and career sections (CSS). */
export function PlayerDetailPage({ detail, pictures, social }: PlayerDetailPageProps) {
  const name = `${detail.firstName} ${detail.lastName}`;
  return (
    <div className="player-page">
      <div className="container">
        <p className="player-back-wrap">
          <a className="player-back" href={href('players')}>
            Retour
          </a>
        </p>
        <Island name="player-detail" component={PlayerDetail} props={detail} />
        {social.length > 0 ? (
          <section className="player-social" aria-labelledby="joueur-reseaux">
            <h2 id="joueur-reseaux">Suivre {name}</h2>
            <ul>
              {social.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener">
                    {link.label}
                    <span className="visually-hidden"> (nouvel onglet)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="player-portfolio" aria-labelledby="joueur-galerie">
          <h2 id="joueur-galerie">Galerie photos</h2>
          {pictures.length > 0 ? (
            <Island name="player-portfolio" component={PlayerPortfolio} props={{ pictures }} />
          ) : (
            <p className="player-fallback">Aucune photo disponible pour le moment.</p>
          )}
        </section>
      </div>
    </div>
  );
}
