import type { PictureData } from '../lib/picture.js';

export interface ResponsivePictureProps {
  picture: PictureData;
  /** On the `<img>`: the slot's CSS (`news-card-img`, `article-image`…) styles the image itself. */
  className?: string;
  /**
   * The page's largest paint (the article's featured image, the home hero): fetched first, at once,
   * and painted as soon as decoded. Every other picture waits until it nears the viewport.
   */
  priority?: boolean;
  /** Near the top of the page but not its largest paint (the first cards): fetched at once, normally. */
  eager?: boolean;
}

/** A WordPress image as the site serves it: AVIF and WebP sources, the original format as fallback. */
export function ResponsivePicture({ picture, className, priority = false, eager = false }: ResponsivePictureProps) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={picture.sizes} />
      ))}
      <img
        className={className}
        src={picture.src}
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        loading={priority || eager ? undefined : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
      />
    </picture>
  );
}
