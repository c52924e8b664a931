/**
 * Social previews (og:image) must be raster images: networks show no SVG. Every page shares
 * /images/og-default.png unless it has a picture of its own; a player's page shares a 1200×630 PNG
 * the build makes from the player's portrait and name (build/share-images.ts), at this address.
 */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export function playerShareImagePath(id: number): string {
  return `/images/partage/joueur-${id}.png`;
}
