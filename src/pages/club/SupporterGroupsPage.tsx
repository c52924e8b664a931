import { PageBanner } from '../../components/PageBanner.js';
import type { SupporterGroup } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';
import { Paragraphs } from './Paragraphs.js';

export interface SupporterGroupsPageProps {
  title: string;
  intro: string;
  groups: SupporterGroup[];
}

/** The two supporter groups with their presidents and presentation. */
export function SupporterGroupsPage({ title, intro, groups }: SupporterGroupsPageProps) {
  return (
    <>
      <PageBanner title={title} />
      <div className="container section">
        <p className="club-lead">{intro}</p>
        <div className="supporter-groups">
          {groups.map((group, index) => (
            <article className="supporter-group" key={group.name}>
              <ClubImg image={group.image} lazy={index > 0} className="supporter-crest" />
              <div>
                <h2>{group.name}</h2>
                <p className="supporter-meta">
                  {group.presidentTitle}&nbsp;: <strong>{group.president}</strong> · Depuis {group.founded}
                </p>
                <Paragraphs items={group.presentation} />
              </div>
            </article>
          ))}
        </div>
      </div>
    </>
  );
}
