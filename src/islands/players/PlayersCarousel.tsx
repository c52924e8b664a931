import { memo, useState } from 'react';
import type Swiper from 'swiper';
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
  // A click on a side card brings it to the centre.
  slideToClickedSlide: true,
  // The focused card is centred by followFocus below. Swiper's own handler would slide a frame
  // later, to a card the keyboard may have left by then (two quick Tabs came back to the first).
  a11y: { scrollOnFocus: false },
};

/**
 * Spec 2.8 'Nos joueurs': a coverflow carousel of player cards (not autoplayed), with previous and
 * next buttons once Swiper runs; the card that holds the keyboard focus is the centred one. Before
 * Swiper loads, and without JavaScript, the cards are a row that scrolls sideways (its hidden side
 * fades out, the next card peeks in: the stylesheet's players section).
 */
export function PlayersCarousel({ players }: PlayersCarouselProps) {
  // Open on the middle of the squad so the coverflow has cards on both sides.
  const options = { ...PLAYERS_SWIPER, initialSlide: Math.floor(players.length / 2) };
  const [active, setActive] = useState(options.initialSlide);
  const { containerRef, regionRef, swiperRef, live } = useSwiper({ options, autoplay: false, lazyMargin: '100px', onMount: (swiper) => followFocus(swiper, setActive) });
  const move = (step: -1 | 1) => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (step < 0) swiper.slidePrev();
    else swiper.slideNext();
  };
  const current = players[active];
  return (
    <section className="players-carousel" aria-roledescription="carrousel" aria-label="L’effectif" ref={regionRef}>
      <div className="swiper players-swiper" ref={containerRef}>
        <PlayerSlides players={players} />
      </div>
      {live ? (
        <div className="players-nav">
          <button type="button" className="players-nav-button players-prev" aria-disabled={active === 0} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Joueur précédent</span>
          </button>
          <button type="button" className="players-nav-button players-next" aria-disabled={active === players.length - 1} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Joueur suivant</span>
          </button>
        </div>
      ) : null}
      <p className="visually-hidden players-status" aria-live="polite">
        {live && current ? `${current.firstName} ${current.lastName}, ${active + 1} sur ${players.length}` : ''}
      </p>
    </section>
  );
}

/**
 * The centred card follows the keyboard: a card whose link takes the focus slides to the centre, at
 * once (Swiper's own handler, turned off in PLAYERS_SWIPER, skipped cards it counted as visible and
 * slid a frame late). The browser's scroll of the hidden overflow, made to show the focused link, is
 * undone.
 */
function followFocus(swiper: Swiper, onChange: (index: number) => void): () => void {
  const container = swiper.el;
  const onFocus = (event: FocusEvent) => {
    const slide = (event.target as Element | null)?.closest('.swiper-slide');
    const index = slide ? swiper.slides.indexOf(slide as HTMLElement) : -1;
    container.scrollLeft = 0;
    if (index >= 0 && index !== swiper.activeIndex) swiper.slideTo(index);
  };
  const onSlide = () => onChange(swiper.activeIndex);
  container.addEventListener('focusin', onFocus);
  swiper.on('slideChange', onSlide);
  onSlide();
  return () => {
    container.removeEventListener('focusin', onFocus);
    swiper.off('slideChange', onSlide);
  };
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
