import { PageBanner } from '../../components/PageBanner.js';
import type { Staff, StaffMember } from '../../schemas/team.js';

export interface StaffPageProps {
  staff: Staff;
}

function MemberCard({ member }: { member: StaffMember }) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <article className="staff-card">
      <img src={member.photo} alt={`Portrait de ${name}`} width={300} height={400} loading="lazy" decoding="async" />
      <div>
        <h3>{name}</h3>
        <p className="staff-role">{member.role}</p>
        <p className="staff-since">{`Au club depuis ${member.since}`}</p>
        <p>{member.bio}</p>
      </div>
    </article>
  );
}

/** Spec 2.9: head coach, assistant coaches, physical trainer, photo galleries. */
export function StaffPage({ staff }: StaffPageProps) {
  return (
    <>
      <PageBanner title="Le staff" subtitle="Saison 2025-2026" />
      <div className="container section staff-page">
        <section aria-labelledby="staff-coach">
          <h2 id="staff-coach">Entraîneur principal</h2>
          <MemberCard member={staff.headCoach} />
        </section>
        <section aria-labelledby="staff-assistants">
          <h2 id="staff-assistants">Entraîneurs adjoints</h2>
          <div className="staff-grid">
            {staff.assistants.map((member) => (
              <MemberCard key={`${member.firstName}-${member.lastName}`} member={member} />
            ))}
          </div>
        </section>
        <section aria-labelledby="staff-trainer">
          <h2 id="staff-trainer">Préparation physique</h2>
          <MemberCard member={staff.physicalTrainer} />
        </section>
        <section aria-labelledby="staff-galleries">
          <h2 id="staff-galleries">Galeries photos</h2>
          {staff.galleries.map((gallery) => (
            <div className="staff-gallery" key={gallery.title}>
              <h3>{gallery.title}</h3>
              <ul className="portfolio-grid">
                {gallery.photos.map((photo) => (
                  <li key={photo.src}>
                    <img src={photo.src} alt={photo.alt} width={600} height={400} loading="lazy" decoding="async" />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}
