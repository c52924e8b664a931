import type { MenuHeadingSpec, MenuLinkSpec } from '../../menu.js';
import type { MenuHeading, MenuLink } from './menu-types.js';

/** Turns the menu's route ids into paths; an id missing from the route table fails the build. */
export function resolveMenu(menu: readonly MenuHeadingSpec[], pathOf: (routeId: string) => string): MenuHeading[] {
  const resolveLink = (link: MenuLinkSpec): MenuLink =>
    'route' in link
      ? { label: link.label, href: pathOf(link.route) }
      : { label: link.label, href: link.external, external: true, ...(link.newTab ? { newTab: true } : {}) };
  return menu.map((heading): MenuHeading =>
    'groups' in heading
      ? {
          kind: 'dropdown',
          key: heading.key,
          label: heading.label,
          groups: heading.groups.map((group) => ({ label: group.label, links: group.items.map(resolveLink) })),
        }
      : { kind: 'link', ...resolveLink(heading) },
  );
}
