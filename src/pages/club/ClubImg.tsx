import type { ClubImage } from '../../schemas/club.js';

/** A local static-data picture: alt, width and height always set; lazy unless it is near the top. */
export function ClubImg({ image, lazy = true, className }: { image: ClubImage; lazy?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
