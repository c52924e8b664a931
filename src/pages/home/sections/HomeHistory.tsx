import type { SiteData } from '../../../site-data.js';
import type { ClubImage } from '../../../schemas/club.js';
import { href } from '../../../routes/route-paths.js';

/** Spec 2.4: the 'Notre histoire' teaser. */
export interface HomeHistoryProps {
  paragraphs: string[];
  image: ClubImage;
}

export function loadHomeHistory(site: SiteData): HomeHistoryProps {
  return site.club.history.teaser;
}

/**
 * One markup, two variants by media query (DESIGN 6, no device sniffing): side by side with the
 * photo on desktop; on tablet and phone a compact gold-edged card without the photo (lazy and
 * hidden, so it is never downloaded there) and a full-width button.
 */
export function HomeHistory({ paragraphs, image }: HomeHistoryProps) {
  return (
    <section className="home-history" aria-labelledby="home-history-title">
      <div className="container home-history-inner">
        <img
          className="home-history-image"
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
        <div className="home-history-text">
          <h2 id="home-history-title">Notre histoire</h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <a className="btn btn-gold" href={href('club-history')}>
            En savoir plus
          </a>
        </div>
      </div>
    </section>
  );
}
