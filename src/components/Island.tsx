import type { ComponentType } from 'react';
import type { IslandName } from '../islands/registry.js';
import { serializeIslandProps } from '../islands/serialize-props.js';

interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Wrapper element; 'div' unless the island must sit where a div may not. */
  as?: 'div' | 'span';
  /**
   * Props the island's bundle already carries (the same on every page, see
   * build/shared-island-props.ts): rendered here, left out of the page's data-props.
   */
  shared?: readonly (keyof P & string)[];
}

/**
 * Marks an interactive widget in the server HTML: the wrapper carries the island's name and its
 * props (but the shared ones), the browser entry of that name hydrates the same component over
 * the same markup.
 * React escapes the attribute, so '<', '>', '&' and quotes in props cannot break out of it.
 */
export function Island<P extends object>({ name, component: Component, props, as: Tag = 'div', shared = [] }: IslandProps<P>) {
  const pageProps = Object.fromEntries(Object.entries(props).filter(([key]) => !shared.includes(key as keyof P & string)));
  return (
    <Tag className="island" data-island={name} data-props={Object.keys(pageProps).length > 0 ? serializeIslandProps(name, pageProps) : undefined}>
      <Component {...props} />
    </Tag>
  );
}
