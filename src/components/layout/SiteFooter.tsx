import { CLUB } from '../../site.js';
import { href } from '../../routes/route-paths.js';

/** `season`: '2025-2026', from the current season's file. */
export function SiteFooter({ season }: { season: string }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-club">{CLUB.name}</p>
          <p>
            Palais des Sports Pierre-Ratte
            <br />
            Rue Pierre-Ratte, 02100 Saint-Quentin
          </p>
        </div>
        <nav aria-label="Liens utiles">
          <ul className="footer-links">
            <li><a href={href('contact')}>Contact</a></li>
            <li><a href={href('practical-info')}>Infos pratiques</a></li>
            <li><a href={href('calendar')}>Calendrier</a></li>
            <li><a href={href('news')}>Actualités</a></li>
            <li><a href={href('legal-notice')}>Mentions légales</a></li>
            <li><a href={href('privacy')}>Confidentialité et cookies</a></li>
          </ul>
        </nav>
        <ul className="footer-links" aria-label="Réseaux sociaux">
          <li><a href={CLUB.socialPage} target="_blank" rel="noopener">Facebook<span className="visually-hidden"> (nouvel onglet)</span></a></li>
          <li><a href={CLUB.instagram} target="_blank" rel="noopener">Instagram<span className="visually-hidden"> (nouvel onglet)</span></a></li>
        </ul>
      </div>
      <p className="container footer-legal">
        © {CLUB.name} · Saison {season}
      </p>
    </footer>
  );
}
