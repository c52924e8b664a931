import { memo, useEffect, useState } from 'react';
import type { SwiperOptions } from 'swiper/types';
import type { MatchCardData } from '../../lib/matches-cards.js';
import { isUpcoming } from '../../lib/matches.js';
import { useSwiper } from '../slider/use-swiper.js';
import { MatchCard } from '../../components/matches/MatchCard.js';

export interface UpcomingMatchesCarouselProps {
  /** Matches after the build's time, soonest first. */
  matches: MatchCardData[];
  /** 'Voir le calendrier'. */
  calendarHref: string;
}

/** Spec 9: match carousel, 4 slides, coverflow rotate 30, depth 200 (fewer slides on narrow screens). */
export const MATCHES_SWIPER: SwiperOptions = {
  effect: 'coverflow',
  centeredSlides: true,
  grabCursor: true,
  slidesPerView: 1.2,
  spaceBetween: 16,
  // Matches that pass after hydration are removed from the DOM; Swiper must notice.
  observer: true,
  coverflowEffect: { rotate: 30, stretch: 0, depth: 200, modifier: 1, slideShadows: false },
  breakpoints: {
    640: { slidesPerView: 2, spaceBetween: 20 },
    1024: { slidesPerView: 4, spaceBetween: 24 },
  },
};

/** Not autoplayed (nothing moves by itself), so no pause button is needed. */
export function UpcomingMatchesCarousel({ matches, calendarHref }: UpcomingMatchesCarouselProps) {
  // The page was built earlier: in the browser, matches that have started since then are hidden.
  const [now, setNow] = useState<number | null>(null);
  const { containerRef, regionRef } = useSwiper({ options: MATCHES_SWIPER, autoplay: false });
  // If none is left, the message takes the carousel's height: what follows must not move (CLS).
  const [carouselHeight, setCarouselHeight] = useState<number | undefined>();
  useEffect(() => {
    setCarouselHeight(containerRef.current?.offsetHeight);
    setNow(Date.now());
  }, [containerRef]);
  const shown = now === null ? matches : matches.filter((match) => isUpcoming(match, now));
  const keepHeight = shown.length === 0 && matches.length > 0 && carouselHeight ? { minHeight: carouselHeight } : undefined;

  return (
    <section className="home-matches section" aria-labelledby="home-matches-title" ref={regionRef}>
      <div className="container">
        <h2 id="home-matches-title">Les matchs</h2>
        {shown.length === 0 ? (
          <p className={keepHeight ? 'matches-empty matches-empty--in-place' : 'matches-empty'} style={keepHeight}>
            Aucun match à venir pour le moment.
          </p>
        ) : null}
        <div
          className="swiper matches-swiper"
          role="region"
          ref={containerRef}
          hidden={shown.length === 0}
          aria-roledescription="carrousel"
          aria-label="Les prochains matchs"
        >
          <MatchSlides matches={shown} />
        </div>
        <p className="home-matches-actions">
          <a className="btn btn-gold" href={calendarHref}>Voir le calendrier</a>
        </p>
      </div>
    </section>
  );
}

/** Memoized: Swiper decorates these nodes, so only a change of the list may re-render them. */
const MatchSlides = memo(function MatchSlides({ matches }: Pick<UpcomingMatchesCarouselProps, 'matches'>) {
  return (
    <ul className="swiper-wrapper">
      {matches.map((match) => (
        <li className="swiper-slide match-slide" key={match.id} data-match-date={match.fullDate}>
          <MatchCard match={match} showScore={false} />
        </li>
      ))}
    </ul>
  );
});
