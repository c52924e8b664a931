import type { MenuHeadingSpec, MenuLinkSpec } from '../../schemas/club.js';
import { href } from '../../routes/route-paths.js';
import type { MenuHeading, MenuLink } from './menu-types.js';

/** Turns the menu's route ids into links. */
export function resolveMenu(menu: readonly MenuHeadingSpec[]): MenuHeading[] {
  const resolveLink = (link: MenuLinkSpec): MenuLink =>
    'route' in link
      ? { label: link.label, href: href(link.route) }
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
