import Swiper from 'swiper';
import { A11y, Autoplay, EffectCoverflow, Keyboard } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';

/**
 * Imported lazily by use-swiper.ts: named imports here let esbuild keep only these four modules
 * (a dynamic import of 'swiper/modules' would pull every module of Swiper into the chunk).
 */
export function createSwiper(container: HTMLElement, { a11y, ...options }: SwiperOptions): Swiper {
  // Server markup may be a list (<ul>/<li>): keep list semantics instead of Swiper's role="group".
  const isList = container.querySelector('.swiper-wrapper')?.tagName === 'UL';
  return new Swiper(container, {
    modules: [Autoplay, A11y, EffectCoverflow, Keyboard],
    a11y: {
      prevSlideMessage: 'Diapositive précédente',
      nextSlideMessage: 'Diapositive suivante',
      firstSlideMessage: 'Première diapositive',
      lastSlideMessage: 'Dernière diapositive',
      slideLabelMessage: '{{index}} sur {{slidesLength}}',
      ...(isList ? { slideRole: 'listitem' } : {}),
      ...(typeof a11y === 'object' ? a11y : {}),
    },
    keyboard: { enabled: true, onlyInViewport: true },
    ...options,
  });
}
