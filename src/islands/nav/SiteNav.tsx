import { useEffect, useRef, useState } from 'react';
import type { MenuHeading, MenuLink } from '../../components/layout/menu-types.js';
import { SearchLink } from '../../components/layout/SearchLink.js';

export interface SiteNavProps {
  menu: MenuHeading[];
  /** The logo's link to the home page. */
  homeHref: string;
  /** The search page, linked from the header on every page. */
  searchHref: string;
  /** The menu link of the current page, if it has one (one value for most pages, so the layout is rendered once). */
  activeHref: string | null;
}

/** Scrolled this far, the transparent header takes its dark style. */
const SCROLL_THRESHOLD = 24;

/**
 * Header with the main menu. Works before hydration too: the toggle is a link to #site-menu
 * (CSS :target opens it), dropdowns open on hover/focus on desktop and are expanded on mobile.
 * Once hydrated, the island takes over with one-at-a-time dropdowns and a real toggle.
 */
export function SiteNav({ menu, homeHref, searchHref, activeHref }: SiteNavProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Hidden with the menu, the focused link would drop the focus on <body>: it goes back to the
      // toggle that opened it ('Menu' on phones, where the whole menu closes; the dropdown's button on desktop).
      const header = headerRef.current;
      const focused = document.activeElement;
      if (header && focused && header.contains(focused)) {
        const toggle = header.classList.contains('is-open')
          ? header.querySelector<HTMLElement>('.menu-toggle')
          : focused.closest('.has-dropdown')?.querySelector<HTMLElement>('.menu-parent');
        toggle?.focus();
      }
      setOpenGroup(null);
      setMenuOpen(false);
    };
    const onPointer = (event: MouseEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setOpenGroup(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onPointer);
    };
  }, []);

  const closeAll = () => {
    setMenuOpen(false);
    setOpenGroup(null);
  };

  const headerClass = ['site-header', scrolled && 'is-scrolled', menuOpen && 'is-open'].filter(Boolean).join(' ');

  return (
    <header className={headerClass} ref={headerRef}>
      <div className="header-inner">
        <a className="site-logo" href={homeHref} onClick={closeAll}>
          <img src="/images/logo-sqbb.svg" alt="SQBB, accueil" width={56} height={56} />
          <span className="site-logo-text">Saint-Quentin Basket-Ball</span>
        </a>
        <a
          className="menu-toggle"
          href="#site-menu"
          aria-controls="site-menu"
          aria-expanded={menuOpen}
          onClick={(event) => {
            event.preventDefault();
            setMenuOpen((open) => !open);
            setOpenGroup(null);
          }}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="menu-toggle-label">{menuOpen ? 'Fermer' : 'Menu'}</span>
        </a>
        <nav id="site-menu" className="site-menu" aria-label="Menu principal">
          <ul className="menu">
            {menu.map((heading) =>
              heading.kind === 'link' ? (
                <li className="menu-item" key={heading.label}>
                  <MenuAnchor link={heading} activeHref={activeHref} className="menu-link" onChoose={closeAll} />
                </li>
              ) : (
                <li
                  className={`menu-item has-dropdown${openGroup === heading.key ? ' is-open' : ''}`}
                  key={heading.key}
                >
                  <button
                    type="button"
                    className="menu-parent"
                    aria-expanded={openGroup === heading.key}
                    aria-controls={`dropdown-${heading.key}`}
                    onClick={() => setOpenGroup((current) => (current === heading.key ? null : heading.key))}
                  >
                    {heading.label}
                  </button>
                  <div className="dropdown" id={`dropdown-${heading.key}`}>
                    {heading.groups.map((group) => (
                      <div className="dropdown-group" key={group.label}>
                        <p className="dropdown-title">{group.label}</p>
                        <ul>
                          {group.links.map((link) => (
                            <li key={link.href}>
                              <MenuAnchor link={link} activeHref={activeHref} className="dropdown-link" onChoose={closeAll} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                </li>
              ),
            )}
          </ul>
        </nav>
        <SearchLink href={searchHref} />
      </div>
    </header>
  );
}

function MenuAnchor({
  link,
  activeHref,
  className,
  onChoose,
}: {
  link: MenuLink;
  activeHref: string | null;
  className: string;
  onChoose: () => void;
}) {
  const current = !link.external && link.href === activeHref;
  return (
    <a
      className={className}
      href={link.href}
      aria-current={current ? 'page' : undefined}
      target={link.newTab ? '_blank' : undefined}
      rel={link.newTab ? 'noopener' : undefined}
      onClick={onChoose}
    >
      {link.label}
      {link.newTab ? <span className="visually-hidden"> (nouvel onglet)</span> : null}
    </a>
  );
}
