import { PageBanner } from '../../components/PageBanner.js';
import type { ClubHistory, HistoryPeriod } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';
import { Paragraphs } from './Paragraphs.js';

export type HistoryPageProps = Pick<ClubHistory, 'pageTitle' | 'eras'>;

/** Spec 2.5: 'Histoire du club', two eras, their dated periods in order. */
export function HistoryPage({ pageTitle, eras }: HistoryPageProps) {
  return (
    <>
      <PageBanner title={pageTitle.title} subtitle={pageTitle.subtitle} />
      <div className="container section history">
        {eras.map((era, eraIndex) => (
          <section className="history-era" key={era.title} aria-labelledby={`era-${eraIndex + 1}`}>
            <h2 id={`era-${eraIndex + 1}`} className="history-era-title">{era.title}</h2>
            {era.periods.map((period, index) => (
              <HistoryPeriodBlock key={period.title} period={period} lazy={eraIndex > 0 || index > 0} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

function HistoryPeriodBlock({ period, lazy }: { period: HistoryPeriod; lazy: boolean }) {
  return (
    <article className="history-period">
      <div className="history-period-text">
        <p className="history-date">{period.date}</p>
        <h3>{period.title}</h3>
        <Paragraphs items={period.paragraphs} />
      </div>
      <figure className={`history-figure${period.images.length > 1 ? ' has-two' : ''}`}>
        {period.images.map((image) => (
          <ClubImg key={image.src} image={image} lazy={lazy} />
        ))}
        {period.photoLegend ? <figcaption>{period.photoLegend}</figcaption> : null}
      </figure>
    </article>
  );
}
