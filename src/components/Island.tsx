import type { ComponentType } from 'react';
import type { IslandName } from '../islands/registry.js';
import { serializeIslandProps } from '../islands/serialize-props.js';

interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Wrapper element; 'div' unless the island must sit where a div may not. */
  as?: 'div' | 'span';
}

/**
 * Marks an interactive widget in the server HTML: the wrapper carries the island's name and its
 * props, the browser entry of that name hydrates the same component over the same markup.
 * React escapes the attribute, so '<', '>', '&' and quotes in props cannot break out of it.
 */
export function Island<P extends object>({ name, component: Component, props, as: Tag = 'div' }: IslandProps<P>) {
  return (
    <Tag className="island" data-island={name} data-props={serializeIslandProps(name, props)}>
      <Component {...props} />
    </Tag>
  );
}
