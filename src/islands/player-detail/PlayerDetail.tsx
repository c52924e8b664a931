import { useEffect, useState, type KeyboardEvent } from 'react';
import { PlayerCareer, type PlayerCareerData } from './PlayerCareer.js';

export interface PlayerFact {
  label: string;
  value: string;
}

export interface PlayerDetailProps {
  firstName: string;
  lastName: string;
  position: string;
  number: number;
  mainPageImg: string;
  smallResume: string;
  /** Birth date, nationality, number, birth place, height, position, in team since (formatted). */
  facts: PlayerFact[];
  biography: string[];
  career: PlayerCareerData;
  photosLink: string;
}

type TabId = 'resume' | 'about' | 'career';

const TABS: { id: TabId; label: string; panel: string }[] = [
  { id: 'resume', label: 'Résumé', panel: 'joueur-resume' },
  { id: 'about', label: 'A propos', panel: 'joueur-a-propos' },
  { id: 'career', label: 'Carrière', panel: 'joueur-carriere' },
];

const tabId = (id: TabId) => `onglet-${id}`;

/**
 * Spec 2.8 and 4: header with name and position, tabs Résumé / A propos / Carrière and the external
 * Photos link. Résumé shows the header state; A propos or Carrière shows that section alone and
 * compacts the header. Without JavaScript every section is shown and the tabs are in-page links;
 * once live they follow the ARIA tabs pattern (arrows, Home, End).
 */
export function PlayerDetail(props: PlayerDetailProps) {
  const { firstName, lastName, position, number, mainPageImg, smallResume, facts, biography, career, photosLink } = props;
  const [live, setLive] = useState(false);
  const [active, setActive] = useState<TabId>('resume');
  useEffect(() => setLive(true), []);

  const panelProps = (id: TabId) =>
    live ? { role: 'tabpanel', 'aria-labelledby': tabId(id), hidden: active !== id, tabIndex: 0 } : {};

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length];
    if (!tab) return;
    setActive(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  };

  return (
    <div className={live ? 'player-detail is-live' : 'player-detail'}>
      <header className={live && active !== 'resume' ? 'player-header is-compact' : 'player-header'}>
        <img className="player-header-img" src={mainPageImg} alt={`${firstName} ${lastName}, ${position.toLowerCase()} du SQBB`} width={1200} height={800} />
        <div className="player-header-text">
          <p className="player-header-number">{`n° ${number}`}</p>
          <h1>
            <span className="player-header-first">{firstName}</span> <span className="player-header-last">{lastName}</span>
          </h1>
          <p className="player-header-position">{position}</p>
          <div id="joueur-resume" className="player-summary" {...panelProps('resume')}>
            <p>{smallResume}</p>
          </div>
        </div>
      </header>

      <div className="player-tabs">
        {live ? (
          <div role="tablist" aria-label="Fiche du joueur" onKeyDown={onTabKey}>
            {TABS.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                className="player-tab"
                aria-selected={active === tab.id}
                aria-controls={tab.panel}
                tabIndex={active === tab.id ? 0 : -1}
                onClick={() => setActive(tab.id)}
              >
                {tab.label}
              </button>
            ))}
          </div>
        ) : (
          <nav aria-label="Fiche du joueur">
            {TABS.map((tab) => (
              <a key={tab.id} className="player-tab" href={`#${tab.panel}`}>
                {tab.label}
              </a>
            ))}
          </nav>
        )}
        <a className="player-tab player-tab-photos" href={photosLink} target="_blank" rel="noopener">
          Photos<span className="visually-hidden"> (nouvel onglet)</span>
        </a>
      </div>

      <section id="joueur-a-propos" className="player-section player-about" {...panelProps('about')}>
        <h2>A propos</h2>
        <dl className="player-facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <h3>En bref</h3>
        <p>{smallResume}</p>
        <h3>Biographie</h3>
        {biography.length > 0 ? biography.map((paragraph) => <p key={paragraph}>{paragraph}</p>) : <p className="player-fallback">Biographie à venir.</p>}
      </section>

      <section id="joueur-carriere" className="player-section player-career" {...panelProps('career')}>
        <h2>Carrière</h2>
        <PlayerCareer career={career} />
      </section>
    </div>
  );
}
