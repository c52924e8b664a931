import { CLUB } from '../site.js';
import { href } from '../routes/route-paths.js';

/** Spec 2.15: the error screen, texts exactly as the spec writes them. */
export function ErrorScreen() {
  return (
    <section className="error-screen">
      <div className="container">
        <h1>404 Error Page #2</h1>
        <p className="error-text">Oups une erreur est survenu</p>
        <a className="btn btn-gold" href={CLUB.socialPage} target="_blank" rel="noopener">
          Nous joindre
        </a>
        <p className="error-home">
          <a href={href('home')}>Retour à l’accueil</a>
        </p>
      </div>
    </section>
  );
}
