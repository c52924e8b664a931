import { renderToStaticMarkup } from 'react-dom/server';
import { Island } from '../../src/components/Island.js';
import { EmbedFrame } from '../../src/islands/embed/EmbedFrame.js';
import type { EmbedProps } from '../../src/lib/embed-providers.js';

/**
 * The `embed` island's server markup for a placeholder in a WordPress content (src/lib/embeds.ts),
 * made at normalize time so cached posts carry it: the same component the browser hydrates, its
 * props escaped by React into data-props. A span, as the embed may sit inside a paragraph.
 */
export function renderEmbedPlaceholder(props: EmbedProps): string {
  return renderToStaticMarkup(<Island name="embed" component={EmbedFrame} props={props} as="span" />);
}
