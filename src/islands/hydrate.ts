import { h, hydrate, type ComponentType } from 'preact';

/**
 * Hydrates every wrapper of this island on the page with its serialized props (over the props its
 * bundle carries for every page, if any), then marks it data-hydrated so tests (and CSS) know the
 * widget is live.
 */
export function hydrateIslands<P>(name: string, component: unknown, shared: Partial<P> = {}): void {
  const Component = component as ComponentType<P>;
  for (const wrapper of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (wrapper.hasAttribute('data-hydrated')) continue;
    const props = { ...shared, ...(JSON.parse(wrapper.dataset.props ?? '{}') as Partial<P>) } as P;
    hydrate(h(Component, props as P & object), wrapper);
    wrapper.setAttribute('data-hydrated', '');
  }
}
