import { memo, useRef, useState } from 'react';
import type { SwiperOptions } from 'swiper/types';
import type { PictureData } from '../../lib/picture.js';
import { ResponsivePicture } from '../../components/ResponsivePicture.js';
import { PauseButton } from '../slider/PauseButton.js';
import { useSwiper } from '../slider/use-swiper.js';

export interface SlideData {
  id: number;
  /** The article's page. */
  href: string;
  titleHtml: string;
  titleText: string;
  /** Drawn full-bleed behind the slider, decorative (the title says what it is); null: the placeholder. */
  image: PictureData | null;
}

export interface NewsSliderProps {
  slides: SlideData[];
}

/** Spec sections 4 and 9: autoplay 6 s, speed 4000 ms, loop, one slide per view, stops on interaction. */
export const NEWS_SWIPER: SwiperOptions = {
  loop: true,
  speed: 4000,
  autoplay: { delay: 6000, disableOnInteraction: true },
  slidesPerView: 1,
};


/** The home page's news slider: the background picture follows the slide being shown. */
export function NewsSlider({ slides }: NewsSliderProps) {
  const [active, setActive] = useState(0);
  const stopForGood = useRef<() => void>(() => {});
  const { containerRef, regionRef, paused, togglePaused } = useSwiper({
    options: {
      ...NEWS_SWIPER,
      loop: slides.length > 1,
      on: {
        // The background starts moving with the transition, towards the slide that comes next.
        slideChangeTransitionStart: (swiper) => setActive(swiper.realIndex),
        touchStart: () => stopForGood.current(),
        sliderFirstMove: () => stopForGood.current(),
      },
    },
    autoplay: slides.length > 1,
    lazyMargin: '0px',
  });
  // Spec: autoplay stops on user interaction; shown as paused so the visitor can resume it.
  stopForGood.current = () => {
    if (!paused) togglePaused();
  };
  const go = (direction: 'slidePrev' | 'slideNext') => {
    stopForGood.current();
    const swiper = (containerRef.current as (HTMLDivElement & { swiper?: Record<typeof direction, () => void> }) | null)?.swiper;
    swiper?.[direction]();
  };
  // A post without a featured image shows the site's placeholder for one (as its card does), never
  // the picture of another post.
  const background = slides[active]?.image ?? null;

  return (
    <section className="home-hero" aria-roledescription="carrousel" aria-label="À la une" ref={regionRef}>
      {/* Keyed: unkeyed, the placeholder <div> would take over the slider's <div> below (Preact matches
          children by type), and Swiper would lose the slides it runs over. */}
      {background ? (
        <ResponsivePicture key="picture" picture={{ ...background, alt: '' }} className="home-hero-bg" priority />
      ) : (
        <div key="placeholder" className="home-hero-bg news-card-placeholder" aria-hidden="true" />
      )}
      <div key="slider" className="home-hero-inner container">
        <div className="swiper news-swiper" ref={containerRef}>
          <NewsSlides slides={slides} />
        </div>
        {slides.length > 1 ? (
          <div className="home-hero-controls">
            <button type="button" className="slider-arrow" onClick={() => go('slidePrev')} aria-label="Article précédent">
              <span aria-hidden="true">‹</span>
            </button>
            <PauseButton paused={paused} onToggle={togglePaused} />
            <button type="button" className="slider-arrow" onClick={() => go('slideNext')} aria-label="Article suivant">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Memoized: Swiper clones and moves these nodes, so re-renders (background, pause) must not touch them. */
const NewsSlides = memo(function NewsSlides({ slides }: NewsSliderProps) {
  return (
    <div className="swiper-wrapper">
      {slides.map((slide) => (
        // A div: Swiper's a11y module gives each slide role="group", which <article> may not take.
        <div className="swiper-slide news-slide" key={slide.id}>
          <h2 className="news-slide-title" dangerouslySetInnerHTML={{ __html: slide.titleHtml }} />
          <a className="btn btn-gold" href={slide.href}>
            En savoir plus<span className="visually-hidden">&nbsp;: {slide.titleText}</span>
          </a>
        </div>
      ))}
    </div>
  );
});
