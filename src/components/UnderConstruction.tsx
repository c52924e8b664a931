import { PageBanner } from './PageBanner.js';

/** The spec's placeholder for pages the club has not published yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageBanner title={title} />
      <section className="container section under-construction">
        <h2>Retrouvez-nous plus tard</h2>
        <p>Page en construction ...</p>
      </section>
    </>
  );
}
