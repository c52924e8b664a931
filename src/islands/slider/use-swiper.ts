import { useEffect, useRef, useState, type RefObject } from 'react';
import type Swiper from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import { controlAutoplay, prefersReducedMotion, whenNearViewport } from './autoplay-control.js';

interface UseSwiperOptions {
  /** Swiper options; autoplay is driven by the pause/hover/focus controls, never left to itself. */
  options: SwiperOptions;
  /** Fetch Swiper only when the slider comes this close to the viewport. */
  lazyMargin?: string;
  autoplay: boolean;
  /** Called once Swiper runs over the slides; may return its own cleanup. */
  onMount?: (swiper: Swiper) => (() => void) | void;
}

export interface SwiperControls {
  containerRef: RefObject<HTMLDivElement | null>;
  regionRef: RefObject<HTMLElement | null>;
  paused: boolean;
  togglePaused: () => void;
  /** The running Swiper (null before it loads, and without JavaScript). */
  swiperRef: RefObject<Swiper | null>;
  /** Whether Swiper runs: controls that need it are shown only then. */
  live: boolean;
}

/**
 * Mounts Swiper (loaded on demand, so pages without a slider on screen never pay for it) over
 * server-rendered slides, with the WCAG 2.2.2 controls of autoplay-control.ts.
 */
export function useSwiper({ options, lazyMargin = '200px', autoplay, onMount }: UseSwiperOptions): SwiperControls {
  const containerRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const pausedRef = useRef(false);
  const syncRef = useRef<() => void>(() => {});
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    const region = regionRef.current;
    if (!container || !region) return;
    let cancelled = false;
    let cleanup = () => {};
    const mount = async () => {
      const { createSwiper } = await import('./swiper-setup.js');
      if (cancelled) return;
      const reduced = prefersReducedMotion();
      const swiper = createSwiper(container, {
        ...options,
        autoplay: autoplay ? (options.autoplay ?? true) : false,
        speed: reduced ? 0 : options.speed,
      });
      swiperRef.current = swiper;
      const unmount = onMount?.(swiper) ?? (() => {});
      setLive(true);
      const destroy = () => {
        unmount();
        swiperRef.current = null;
        swiper.destroy(true, false);
      };
      if (autoplay && swiper.autoplay) {
        if (reduced) {
          pausedRef.current = true;
          setPaused(true);
        }
        const control = controlAutoplay(region, swiper.autoplay, () => pausedRef.current);
        syncRef.current = control.sync;
        cleanup = () => {
          control.dispose();
          destroy();
        };
      } else {
        cleanup = destroy;
      }
    };
    const stopWatching = whenNearViewport(region, lazyMargin, () => {
      mount().catch((error: unknown) => console.warn('Le carrousel reste en mode liste :', error));
    });
    return () => {
      cancelled = true;
      stopWatching();
      cleanup();
    };
    // Mounted once: the options are fixed for the lifetime of the island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const togglePaused = () => {
    pausedRef.current = !pausedRef.current;
    setPaused(pausedRef.current);
    syncRef.current();
  };

  return { containerRef, regionRef, paused, togglePaused, swiperRef, live };
}
