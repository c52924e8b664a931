import { memo } from 'react';
import type { SwiperOptions } from 'swiper/types';
import { useSwiper } from '../slider/use-swiper.js';

export interface PlayerCardData {
  id: number;
  firstName: string;
  lastName: string;
  position: string;
  number: number;
  profilImg: string;
  /** The player's detail page. */
  href: string;
}

export interface PlayersCarouselProps {
  players: PlayerCardData[];
}

export const PLAYERS_SWIPER: SwiperOptions = {
  effect: 'coverflow',
  centeredSlides: true,
  grabCursor: true,
  // Card width comes from the stylesheet, so the same cards fit a phone and a desktop.
  slidesPerView: 'auto',
  spaceBetween: 24,
  coverflowEffect: { rotate: 30, stretch: 0, depth: 200, modifier: 1, slideShadows: false },
};

/**
 * Spec 2.8 'Nos joueurs': a coverflow carousel of player cards (not autoplayed). Before Swiper
 * loads, and without JavaScript, the cards are a plain list.
 */
export function PlayersCarousel({ players }: PlayersCarouselProps) {
  // Open on the middle of the squad so the coverflow has cards on both sides.
  const options = { ...PLAYERS_SWIPER, initialSlide: Math.floor(players.length / 2) };
  const { containerRef, regionRef } = useSwiper({ options, autoplay: false, lazyMargin: '100px' });
  return (
    <section className="players-carousel" aria-roledescription="carrousel" aria-label="L’effectif" ref={regionRef}>
      <div className="swiper players-swiper" ref={containerRef}>
        <PlayerSlides players={players} />
      </div>
    </section>
  );
}

/** Memoized: Swiper decorates these nodes, so re-renders must not touch them. */
const PlayerSlides = memo(function PlayerSlides({ players }: PlayersCarouselProps) {
  return (
    <ul className="swiper-wrapper">
      {players.map((player, index) => (
        <li className="swiper-slide player-slide" key={player.id}>
          <article className="player-card">
            <img
              src={player.profilImg}
              alt={`Portrait de ${player.firstName} ${player.lastName}`}
              width={300}
              height={400}
              loading={index < 3 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <h2 className="player-card-name">
              <span className="player-card-first">{player.firstName}</span>{' '}
              <span className="player-card-last">{player.lastName}</span>
            </h2>
            <p className="player-card-role">
              {`n° ${player.number} · ${player.position}`}
            </p>
            <a className="btn btn-gold player-card-link" href={player.href}>
              Voir le profil<span className="visually-hidden">{` de ${player.firstName} ${player.lastName}`}</span>
            </a>
          </article>
        </li>
      ))}
    </ul>
  );
});
