import { formatCount } from './format-count.js';
import { withoutCredentials } from './redact-credentials.js';
/** Build warnings have a kind: the log groups them (500 posts without a featured image, one line), the report keeps each. */

/** What each kind counts, as the log's group line says it ('517 posts without a featured image: …'). */
const WARNING_KINDS = {
  'post-skipped': 'posts skipped (no usable id or date, or an id given twice)',
  'post-date-replaced': 'posts without a usable date (the modification date is used)',
  'title-markup-removed': 'posts with markup removed from the title',
  'title-frame-removed': 'posts with a frame removed from the title',
  'empty-title': 'posts without a title (shown as "Sans titre")',
  'empty-content': 'posts with an empty content',
  'shortcode-removed': 'posts with a shortcode WordPress did not render (removed)',
  'embed-removed': 'posts with an embedded frame the site cannot show (removed)',
  'no-featured-image': 'posts without a featured image',
  'featured-image-unavailable': 'posts whose featured image is unavailable',
  'no-category': 'posts without a category',
  'image-left-out': 'posts with an image left out',
  'image-note': 'posts with an image used despite an oddity',
  'wordpress-link-unlinked': 'posts with a link to WordPress left as plain text',
  'category-skipped': 'categories skipped (no usable id)',
  'category-without-name': 'categories without a name (shown as "Sans nom")',
  'tag-skipped': 'tags skipped (no usable id)',
  'tag-without-name': 'tags without a name (shown as "Sans nom")',
  'build-cache': 'build cache warnings',
  'future-score': 'data files with scores of matches not yet played (not shown)',
  'legal-data-incomplete': 'legal notices still incomplete',
  'wordpress-media': 'WordPress media warnings',
} as const;

export type WarningKind = keyof typeof WARNING_KINDS;

export interface BuildWarning {
  kind: WarningKind;
  /** The post, category or tag it is about, when it has a usable id. */
  id?: number;
  /** The whole line, as the log prints a warning alone: 'post 5999: no featured image'. */
  message: string;
}

/** A URL's user and password in the message (a post's contents may name one) are masked: warnings reach the log and the report. */
export const warning = (kind: WarningKind, message: string, id?: number): BuildWarning => {
  const shown = withoutCredentials(message);
  return id === undefined ? { kind, message: shown } : { kind, id, message: shown };
};

/** A post's warning, its message prefixed with the post: 'post 16: no featured image'. */
export const postWarning = (id: number, kind: WarningKind, message: string): BuildWarning => warning(kind, `post ${id}: ${message}`, id);

/** Ids listed on a group line before the rest is counted. */
const SHOWN_IDS = 3;

/** The log's lines, a kind's message when it is seen once, else its count and first ids ('517 posts …: 5999, 5991, 5982, ... (+514)'). */
export function groupWarnings(warnings: readonly BuildWarning[]): string[] {
  const groups = new Map<WarningKind, BuildWarning[]>();
  for (const entry of warnings) {
    const group = groups.get(entry.kind);
    if (group) group.push(entry);
    else groups.set(entry.kind, [entry]);
  }
  return [...groups.entries()].map(([kind, group]) => {
    if (group.length === 1) return (group[0] as BuildWarning).message;
    const ids = [...new Set(group.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])))];
    // A post with two images left out is one post of the count; warnings without an id count each.
    const count = ids.length + group.filter((entry) => entry.id === undefined).length;
    const shown = ids.length > SHOWN_IDS + 1 ? `${ids.slice(0, SHOWN_IDS).join(', ')}, ... (+${ids.length - SHOWN_IDS})` : ids.join(', ');
    return `${formatCount(count)} ${WARNING_KINDS[kind]}${shown ? `: ${shown}` : ''}`;
  });
}
