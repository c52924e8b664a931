/** The slice of Swiper's autoplay API the controls drive (kept small so tests can fake it). */
export interface AutoplayHandle {
  start(): void;
  stop(): void;
}

/**
 * WCAG 2.2.2 and the APG carousel pattern: rotation stops while the slider is hovered or holds
 * focus, a visible button pauses it for good, and reduced motion means it never starts by itself.
 * Returns `sync` (call it when the pause button changes) and `dispose`.
 */
export function controlAutoplay(
  region: HTMLElement,
  autoplay: AutoplayHandle,
  isPausedByUser: () => boolean,
): { sync: () => void; dispose: () => void } {
  let hovered = false;
  let focused = false;
  const sync = () => {
    if (hovered || focused || isPausedByUser()) autoplay.stop();
    else autoplay.start();
  };
  const listeners: [string, EventListener][] = [
    ['mouseenter', () => { hovered = true; sync(); }],
    ['mouseleave', () => { hovered = false; sync(); }],
    ['focusin', () => { focused = true; sync(); }],
    ['focusout', (event) => {
      focused = region.contains((event as FocusEvent).relatedTarget as Node | null);
      sync();
    }],
  ];
  for (const [type, listener] of listeners) region.addEventListener(type, listener);
  sync();
  return {
    sync,
    dispose: () => {
      for (const [type, listener] of listeners) region.removeEventListener(type, listener);
    },
  };
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Runs once the element comes within `margin` of the viewport (Swiper is only fetched then). */
export function whenNearViewport(element: Element, margin: string, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    run();
    return () => {};
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      run();
    }
  }, { rootMargin: margin });
  observer.observe(element);
  return () => observer.disconnect();
}
