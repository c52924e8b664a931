import { sameSignature, sign } from '../signature.js';

/** What a preview link grants: one post, to one WordPress user, until a time (Unix seconds). */
export interface PreviewGrant {
  postId: number;
  userId: number;
  expires: number;
}

/** WordPress signs links valid for an hour at most; a link claiming longer was not made by it. */
export const MAX_PREVIEW_SECONDS = 3600;
/** WordPress's clock and the builder's may differ a little. */
const CLOCK_SKEW_SECONDS = 60;

const ID = /^[1-9]\d{0,11}$/;
const EXPIRES = /^\d{1,12}$/;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

export const previewMessage = (grant: PreviewGrant): string => `preview:${grant.postId}:${grant.userId}:${grant.expires}`;

/** `/preview/12?user=3&expires=1767225600&signature=…`, as wordpress/sqbb-builder.php makes it. */
export function previewPath(secret: string, grant: PreviewGrant): string {
  return `/preview/${grant.postId}?user=${grant.userId}&expires=${grant.expires}&signature=${sign(secret, previewMessage(grant))}`;
}

/**
 * The grant of a preview URL, only if the secret signed exactly it and it has not expired (nor
 * claims to last more than an hour). Any other link (another post, user or expiry, a signature of
 * another message) gives undefined.
 */
export function verifyPreviewLink(secret: string, url: URL, nowMs: number): PreviewGrant | undefined {
  const match = /^\/preview\/([^/]+)\/?$/.exec(url.pathname);
  const [post, user, expires, signature] = [match?.[1], url.searchParams.get('user'), url.searchParams.get('expires'), url.searchParams.get('signature')];
  if (!post || !user || !expires || !signature || !ID.test(post) || !ID.test(user) || !EXPIRES.test(expires) || !HEX_SIGNATURE.test(signature)) return undefined;
  const grant: PreviewGrant = { postId: Number(post), userId: Number(user), expires: Number(expires) };
  if (!sameSignature(sign(secret, previewMessage(grant)), signature)) return undefined;
  const now = Math.floor(nowMs / 1000);
  if (grant.expires <= now || grant.expires > now + MAX_PREVIEW_SECONDS + CLOCK_SKEW_SECONDS) return undefined;
  return grant;
}
