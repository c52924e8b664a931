/** The menu once its route ids are resolved to paths: what the navigation island receives as props. */
export interface MenuLink {
  label: string;
  href: string;
  external?: boolean;
  newTab?: boolean;
}

export interface MenuGroup {
  label: string;
  links: MenuLink[];
}

export type MenuHeading =
  | { kind: 'dropdown'; key: string; label: string; groups: MenuGroup[] }
  | ({ kind: 'link' } & MenuLink);
