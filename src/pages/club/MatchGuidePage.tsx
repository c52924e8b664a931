import { PageBanner } from '../../components/PageBanner.js';
import type { GuideImage } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';

export interface MatchGuidePageProps {
  guides: GuideImage[];
}

/** The six guide images of /guides/match. */
export function MatchGuidePage({ guides }: MatchGuidePageProps) {
  return (
    <>
      <PageBanner title="Guide du match" subtitle="Votre soirée au Palais des Sports Pierre-Ratte, étape par étape." />
      <div className="container section">
        <ol className="guide-grid">
          {guides.map((guide, index) => (
            <li key={guide.src}>
              <figure>
                <ClubImg image={guide} lazy={index > 2} />
                <figcaption>{guide.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
