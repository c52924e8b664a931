import { PageBanner } from '../../components/PageBanner.js';
import type { ClubHistory, OrganisationUnit } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';

export type OrganisationPageProps = ClubHistory['organisationChart'];

/** The organisation chart image, with the same chart as nested lists for screen readers and search. */
export function OrganisationPage({ image, units }: OrganisationPageProps) {
  return (
    <>
      <PageBanner title="Organigramme" />
      <div className="container section">
        <figure className="org-chart">
          <ClubImg image={image} lazy={false} />
        </figure>
        <section aria-labelledby="org-text">
          <h2 id="org-text">L’organigramme en détail</h2>
          <UnitList units={units} />
        </section>
      </div>
    </>
  );
}

function UnitList({ units }: { units: OrganisationUnit[] }) {
  return (
    <ul className="org-list">
      {units.map((unit) => (
        <li key={unit.role}>
          <strong>{unit.role}</strong>&nbsp;: {unit.people.join(', ')}
          {unit.children ? <UnitList units={unit.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
