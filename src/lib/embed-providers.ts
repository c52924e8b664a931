/**
 * Click-to-load embeds (issue 16, "no third-party request before the fan asks"): which providers a
 * WordPress content or a page may show in a frame, how an address of theirs is read, and the only
 * frame addresses the `embed` island ever creates. Addresses come from WordPress, so they are
 * untrusted: each is parsed with URL, its ids checked by strict patterns, and the frame and link
 * addresses are rebuilt from those ids alone (nothing of the original address is passed through).
 */

export type EmbedProvider = 'youtube' | 'vimeo' | 'dailymotion' | 'x' | 'instagram' | 'facebook' | 'google-maps' | 'openstreetmap';
export type EmbedKind = 'video' | 'post' | 'map';

/** What a content's embed points to, once read and validated. */
export interface EmbedTarget {
  provider: EmbedProvider;
  kind: EmbedKind;
  /** The frame to load after the click; absent when the provider has no embeddable frame for it. */
  frame?: string;
  /** The video, post or map on the provider's own site: the way without JavaScript. */
  link: string;
}

/** Props of the `embed` island (plain JSON, see src/islands/embed/EmbedFrame.tsx). */
export interface EmbedProps extends EmbedTarget {
  /** Plain text: the frame's title, the embed's caption or link text, else the provider's kind of content. */
  title: string;
}

export const PROVIDER_NAMES: Record<EmbedProvider, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  dailymotion: 'Dailymotion',
  x: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  'google-maps': 'Google Maps',
  openstreetmap: 'OpenStreetMap',
};

/** The map of the contact page (src/pages/club/ContactPage.tsx), loaded on demand too. */
export const MAP_FRAME_ORIGIN = 'https://www.openstreetmap.org';

/**
 * Every origin the `embed` island may put in an iframe, after the fan's click: the frame addresses
 * built below, and the contact page's map. The hosting files' Content-Security-Policy (frame-src)
 * is generated from this list; the island itself refuses a frame outside it.
 */
export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://geo.dailymotion.com',
  'https://platform.twitter.com',
  'https://www.instagram.com',
  'https://www.facebook.com',
  'https://www.google.com',
  MAP_FRAME_ORIGIN,
] as const;

/** True for an https address on one of EMBED_FRAME_ORIGINS (the island checks its props with it). */
export function isEmbedFrameUrl(value: string): boolean {
  const url = httpsUrl(value);
  return url !== undefined && (EMBED_FRAME_ORIGINS as readonly string[]).includes(url.origin);
}

/** The button that loads the frame. */
export function embedActionLabel({ kind, provider }: Pick<EmbedTarget, 'kind' | 'provider'>): string {
  if (kind === 'map') return 'Afficher la carte';
  return `${kind === 'video' ? 'Lire la vidéo' : 'Afficher la publication'} (${PROVIDER_NAMES[provider]})`;
}

/** The link shown instead of the button without JavaScript (and for posts with no frame). */
export function embedLinkLabel({ kind, provider }: Pick<EmbedTarget, 'kind' | 'provider'>): string {
  const what = kind === 'video' ? 'la vidéo' : kind === 'post' ? 'la publication' : 'la carte';
  return `Voir ${what} sur ${PROVIDER_NAMES[provider]}`;
}

/** A title when the content gives none. */
export function defaultEmbedTitle({ kind, provider }: Pick<EmbedTarget, 'kind' | 'provider'>): string {
  const what = kind === 'video' ? 'Vidéo' : kind === 'post' ? 'Publication' : 'Carte';
  return `${what} ${PROVIDER_NAMES[provider]}`;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const DAILYMOTION_ID = /^[xk][A-Za-z0-9]{3,15}$/;
const X_USER = /^[A-Za-z0-9_]{1,15}$/;
const X_STATUS = /^\d{1,20}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;
const FACEBOOK_SEGMENT = /^[A-Za-z0-9._-]{1,100}$/;
const FACEBOOK_QUERY_VALUE = /^[A-Za-z0-9]{1,100}$/;
/** `start=90`, `t=90` or `t=90s`: whole seconds only. */
const SECONDS = /^(\d{1,6})s?$/;
const NUMBER = /^-?\d{1,3}(\.\d{1,10})?$/;

/** An absolute https address with a plain host (no credentials, no port), else undefined. */
function httpsUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return undefined;
  return url;
}

/** Reads an address of a known provider (a frame's src, a post's permalink, an oEmbed URL). */
export function readEmbedUrl(value: string): EmbedTarget | undefined {
  // Links inside pasted embeds are sometimes http; they are rebuilt as https anyway.
  const url = httpsUrl(value.trim().replace(/^http:\/\//i, 'https://'));
  if (!url) return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  switch (host) {
    case 'youtube.com':
    case 'www.youtube.com':
    case 'm.youtube.com':
    case 'youtube-nocookie.com':
    case 'www.youtube-nocookie.com':
    case 'youtu.be':
      return youtube(url, host === 'youtu.be' ? ['youtu.be', ...segments] : segments);
    case 'vimeo.com':
    case 'www.vimeo.com':
    case 'player.vimeo.com':
      return vimeo(url, segments);
    case 'dailymotion.com':
    case 'www.dailymotion.com':
    case 'geo.dailymotion.com':
    case 'dai.ly':
      return dailymotion(url, host === 'dai.ly' ? ['video', ...segments] : segments);
    case 'twitter.com':
    case 'www.twitter.com':
    case 'mobile.twitter.com':
    case 'x.com':
    case 'www.x.com':
    case 'platform.twitter.com':
      return xPost(url, segments);
    case 'instagram.com':
    case 'www.instagram.com':
      return instagram(segments);
    case 'facebook.com':
    case 'www.facebook.com':
    case 'm.facebook.com':
    case 'web.facebook.com':
      return facebook(url, segments);
    case 'www.google.com':
    case 'maps.google.com':
      return googleMaps(url, host, segments);
    case 'www.openstreetmap.org':
      return openStreetMap(url, segments);
    default:
      return undefined;
  }
}

function youtube(url: URL, segments: string[]): EmbedTarget | undefined {
  const [first, second] = segments;
  if (first === 'embed' && second === 'videoseries') {
    const list = url.searchParams.get('list') ?? '';
    if (!YOUTUBE_LIST.test(list)) return undefined;
    return {
      provider: 'youtube',
      kind: 'video',
      frame: `https://www.youtube-nocookie.com/embed/videoseries?list=${list}&autoplay=1`,
      link: `https://www.youtube.com/playlist?list=${list}`,
    };
  }
  const id =
    first === 'watch' && segments.length === 1
      ? url.searchParams.get('v')
      : ['embed', 'shorts', 'live', 'v', 'youtu.be'].includes(first ?? '') && segments.length === 2
        ? second
        : undefined;
  if (!id || !YOUTUBE_ID.test(id)) return undefined;
  const start = SECONDS.exec(url.searchParams.get('start') ?? url.searchParams.get('t') ?? '')?.[1];
  const seconds = start && Number(start) > 0 ? Number(start) : 0;
  return {
    provider: 'youtube',
    kind: 'video',
    frame: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1${seconds ? `&start=${seconds}` : ''}`,
    link: `https://www.youtube.com/watch?v=${id}${seconds ? `&t=${seconds}s` : ''}`,
  };
}

function vimeo(url: URL, segments: string[]): EmbedTarget | undefined {
  const player = url.hostname === 'player.vimeo.com';
  if (player ? segments.length !== 2 || segments[0] !== 'video' : segments.length < 1 || segments.length > 2) return undefined;
  const id = player ? segments[1] : segments[0];
  const hash = player ? url.searchParams.get('h') : (segments[1] ?? null);
  if (!id || !VIMEO_ID.test(id) || (hash !== null && !VIMEO_HASH.test(hash))) return undefined;
  return {
    provider: 'vimeo',
    kind: 'video',
    // dnt=1: Vimeo's player sets no tracking cookie and sends no session data.
    frame: `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1${hash ? `&h=${hash}` : ''}`,
    link: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
  };
}

function dailymotion(url: URL, segments: string[]): EmbedTarget | undefined {
  let id: string | undefined;
  if (url.hostname === 'geo.dailymotion.com') {
    // player.html?video=ID, or a configured player: player/<player id>.html?video=ID
    const page = segments.join('/');
    if (page === 'player.html' || /^player\/[A-Za-z0-9]{1,20}\.html$/.test(page)) id = url.searchParams.get('video') ?? undefined;
  } else if (segments.length === 3 && segments[0] === 'embed' && segments[1] === 'video') {
    id = segments[2];
  } else if (segments.length === 2 && segments[0] === 'video') {
    // Old addresses carry the title after the id: /video/x7tgad0_la-finale
    id = segments[1]?.split('_')[0];
  }
  if (!id || !DAILYMOTION_ID.test(id)) return undefined;
  return { provider: 'dailymotion', kind: 'video', frame: `https://geo.dailymotion.com/player.html?video=${id}`, link: `https://www.dailymotion.com/video/${id}` };
}

function xPost(url: URL, segments: string[]): EmbedTarget | undefined {
  let user: string | undefined;
  let id: string | null | undefined;
  if (url.hostname === 'platform.twitter.com') {
    if (segments.join('/') !== 'embed/Tweet.html') return undefined;
    id = url.searchParams.get('id');
  } else if (segments[0] === 'i' && (segments[1] === 'status' || (segments[1] === 'web' && segments[2] === 'status'))) {
    id = segments[segments[1] === 'web' ? 3 : 2];
  } else if (segments[1] === 'status' && X_USER.test(segments[0] ?? '')) {
    user = segments[0];
    id = segments[2];
  }
  if (!id || !X_STATUS.test(id)) return undefined;
  return {
    provider: 'x',
    kind: 'post',
    // The frame X's own widgets.js creates, without its script; dnt: no personalisation.
    frame: `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true&lang=fr`,
    link: `https://x.com/${user ?? 'i'}/status/${id}`,
  };
}

function instagram(segments: string[]): EmbedTarget | undefined {
  // /p/CODE/, /reel/CODE/, /tv/CODE/, the same after a user name, each possibly followed by embed/.
  const start = ['p', 'reel', 'tv'].includes(segments[0] ?? '') ? 0 : ['p', 'reel', 'tv'].includes(segments[1] ?? '') ? 1 : -1;
  if (start < 0) return undefined;
  const type = segments[start] as string;
  const code = segments[start + 1];
  const rest = segments.slice(start + 2);
  if (!code || !INSTAGRAM_CODE.test(code) || rest.length > 2 || (rest.length > 0 && rest[0] !== 'embed')) return undefined;
  const path = `${type === 'tv' ? 'p' : type}/${code}`;
  return { provider: 'instagram', kind: 'post', frame: `https://www.instagram.com/${path}/embed/`, link: `https://www.instagram.com/${path}/` };
}

function facebook(url: URL, segments: string[]): EmbedTarget | undefined {
  // The plugin frames wrap the post's address: read that one.
  if (segments[0] === 'plugins' && (segments[1] === 'post.php' || segments[1] === 'video.php') && segments.length === 2) {
    const inner = url.searchParams.get('href');
    const target = inner ? readEmbedUrl(inner) : undefined;
    return target?.provider === 'facebook' ? target : undefined;
  }
  if (segments.length === 0 || segments.length > 5 || !segments.every((segment) => FACEBOOK_SEGMENT.test(segment))) return undefined;
  const [first, second] = segments;
  const phpQuery: Record<string, readonly string[]> = { 'permalink.php': ['story_fbid', 'id'], 'story.php': ['story_fbid', 'id'], 'photo.php': ['fbid'] };
  let query = '';
  let video = false;
  if (first !== undefined && phpQuery[first]) {
    if (segments.length !== 1) return undefined;
    const keys = phpQuery[first] as readonly string[];
    const values = keys.map((key) => url.searchParams.get(key) ?? '');
    if (!values.every((value) => FACEBOOK_QUERY_VALUE.test(value))) return undefined;
    query = `?${keys.map((key, index) => `${key}=${values[index]}`).join('&')}`;
  } else if (first === 'watch' && segments.length === 1) {
    const v = url.searchParams.get('v') ?? '';
    if (!/^\d{1,30}$/.test(v)) return undefined;
    query = `?v=${v}`;
    video = true;
  } else if (first === 'reel' && segments.length === 2) {
    video = true;
  } else if (first === 'share' && (second === 'p' || second === 'v' || second === 'r') && segments.length === 3) {
    video = second !== 'p';
  } else if (segments.length >= 3 && ['posts', 'videos', 'photos'].includes(second ?? '')) {
    video = second === 'videos';
  } else {
    // A page, a profile or anything else: not a post.
    return undefined;
  }
  const link = `https://www.facebook.com/${segments.join('/')}${segments.length > 1 && !query ? '/' : ''}${query}`;
  const plugin = video ? `video.php?href=${encodeURIComponent(link)}&show_text=false` : `post.php?href=${encodeURIComponent(link)}&show_text=true&width=500`;
  return { provider: 'facebook', kind: 'post', frame: `https://www.facebook.com/plugins/${plugin}`, link };
}

function googleMaps(url: URL, host: string, segments: string[]): EmbedTarget | undefined {
  const path = segments.join('/');
  if (host === 'www.google.com' && path === 'maps/embed') {
    const pb = url.searchParams.get('pb') ?? '';
    if (!/^[A-Za-z0-9!._:,%+*-]{1,4000}$/.test(pb)) return undefined;
    const embed = `https://www.google.com/maps/embed?pb=${encodeURIComponent(pb)}`;
    return { provider: 'google-maps', kind: 'map', frame: embed, link: embed };
  }
  if ((path === 'maps' || (host === 'maps.google.com' && path === '')) && url.searchParams.get('output') === 'embed') {
    const q = url.searchParams.get('q') ?? '';
    if (q.length === 0 || q.length > 300) return undefined;
    return { provider: 'google-maps', kind: 'map', frame: `https://www.google.com/maps?q=${encodeURIComponent(q)}&output=embed`, link: `https://www.google.com/maps?q=${encodeURIComponent(q)}` };
  }
  return undefined;
}

function openStreetMap(url: URL, segments: string[]): EmbedTarget | undefined {
  if (segments.join('/') !== 'export/embed.html') return undefined;
  const bbox = (url.searchParams.get('bbox') ?? '').split(',');
  const marker = url.searchParams.get('marker')?.split(',');
  const layer = url.searchParams.get('layer') ?? 'mapnik';
  if (bbox.length !== 4 || !bbox.every((n) => NUMBER.test(n)) || !/^[a-z]{1,20}$/.test(layer)) return undefined;
  if (marker && (marker.length !== 2 || !marker.every((n) => NUMBER.test(n)))) return undefined;
  return openStreetMapTarget(bbox.map(Number) as [number, number, number, number], layer, marker?.map(Number) as [number, number] | undefined);
}

/** OpenStreetMap's embeddable view of a box (west, south, east, north) and the full map around its marker or centre. */
export function openStreetMapTarget(bbox: [number, number, number, number], layer = 'mapnik', marker?: [number, number]): EmbedTarget {
  const [west, south, east, north] = bbox;
  const box = bbox.map((n) => n.toFixed(4)).join('%2C');
  const [lat, lon] = marker ?? [(south + north) / 2, (west + east) / 2];
  return {
    provider: 'openstreetmap',
    kind: 'map',
    frame: `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=${layer}${marker ? `&marker=${marker[0]}%2C${marker[1]}` : ''}`,
    link: marker ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}` : `https://www.openstreetmap.org/#map=15/${lat.toFixed(5)}/${lon.toFixed(5)}`,
  };
}
