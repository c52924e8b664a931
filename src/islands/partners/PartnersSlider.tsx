import { memo } from 'react';
import type { SwiperOptions } from 'swiper/types';
import { PauseButton } from '../slider/PauseButton.js';
import { useSwiper } from '../slider/use-swiper.js';

export interface PartnerLogo {
  name: string;
  link: string;
  img?: string;
}

export interface PartnersSliderProps {
  partners: PartnerLogo[];
  /** 'Espace partenaires': the partners page. */
  partnersHref: string;
}

/** Spec section 9: autoplay 2 s, speed 400 ms, loop, 2/3/4/5 per view at 320/480/640/992 px. */
export const PARTNERS_SWIPER: SwiperOptions = {
  loop: true,
  speed: 400,
  autoplay: { delay: 2000, disableOnInteraction: false },
  slidesPerView: 2,
  spaceBetween: 40,
  breakpoints: {
    320: { slidesPerView: 2, spaceBetween: 40 },
    480: { slidesPerView: 3, spaceBetween: 60 },
    640: { slidesPerView: 4, spaceBetween: 80 },
    992: { slidesPerView: 5, spaceBetween: 120 },
  },
};

export function PartnersSlider({ partners, partnersHref }: PartnersSliderProps) {
  const { containerRef, regionRef, paused, togglePaused } = useSwiper({
    options: PARTNERS_SWIPER,
    autoplay: true,
    lazyMargin: '300px',
  });
  return (
    <section
      className="partners-strip"
      aria-roledescription="carrousel"
      aria-label="Nos partenaires"
      ref={regionRef}
    >
      <div className="container">
        <h2 className="partners-strip-title">Ils soutiennent le SQBB</h2>
        <div className="swiper partners-swiper" ref={containerRef}>
          <PartnerSlides partners={partners} />
        </div>
        <div className="partners-strip-actions">
          <PauseButton paused={paused} onToggle={togglePaused} />
          <a className="btn btn-gold" href={partnersHref}>
            Espace partenaires
          </a>
        </div>
      </div>
    </section>
  );
}

/** Memoized: Swiper reorders and decorates these nodes, so re-renders (pause button) must not touch them. */
const PartnerSlides = memo(function PartnerSlides({ partners }: Pick<PartnersSliderProps, 'partners'>) {
  return (
    <ul className="swiper-wrapper">
      {partners.map((partner) => (
        <li className="swiper-slide partner-slide" key={partner.name}>
          <a href={partner.link} target="_blank" rel="noopener" className="partner-logo">
            {partner.img ? (
              <img src={partner.img} alt={partner.name} width={160} height={80} loading="lazy" decoding="async" />
            ) : (
              <span className="partner-name">{partner.name}</span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
});
