/**
 * The third-party origins the site may show in a frame, after the fan's click (issue 16, item 2).
 * Placeholder written by the hosting work until the click-to-load embeds land with the full module:
 * the Content-Security-Policy's frame-src is derived from these two constants, so they keep these names.
 */

/** The contact page's map (OpenStreetMap's embeddable view: no key, no cookie). */
export const MAP_FRAME_ORIGIN = 'https://www.openstreetmap.org';

/** Every origin an embedded video, social post or the map may be loaded from, once the fan asks. */
export const EMBED_FRAME_ORIGINS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
  'https://geo.dailymotion.com',
  'https://platform.twitter.com',
  'https://www.instagram.com',
  'https://www.facebook.com',
  MAP_FRAME_ORIGIN,
];
