import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { publicDir } from '../../data/project-root.js';
import { STATIC_ROUTE_IDS } from './routes.js';

/**
 * Building blocks of the data schemas. Every rule's message starts with the value it read, so the
 * loader's line reads "<file>: <entry>: <field> <message>" ('kickoff "2025-13-01T20:00" is not a
 * date-time'). Node-only (local files are checked on disk): pages and islands import types only.
 */
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** A non-empty, non-blank text. */
export const text = z.string().refine((value) => value.trim() !== '', { error: (issue) => `${show(issue.input)} is empty: expected a non-empty text` });

/** A list of texts (paragraphs); at least `min`. */
export const texts = (min = 1) => z.array(text).min(min);

/** A count, size or year: an integer of at least `min`. */
export const integer = (min: number, max = Number.MAX_SAFE_INTEGER) => z.int().min(min).max(max);

/** External links are https only: nothing else may end up in an href. */
export const httpsUrl = z.string().refine(
  (value) => {
    if (!/^https:\/\/[^\s"<>]+$/.test(value)) return false;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  },
  { error: (issue) => `${show(issue.input)} is not an https URL` },
);

const LOCAL_IMAGE = /^\/images\/[\w./-]+$/;

/** A root-relative path of a file shipped in public/images, which must exist: no broken picture offline. */
export const localImage = z
  .string()
  .refine((value) => LOCAL_IMAGE.test(value) && !value.includes('..'), { error: (issue) => `${show(issue.input)} is not a path under /images/`, abort: true })
  .refine((value) => existsSync(path.join(publicDir(), value)), { error: (issue) => `${show(issue.input)} does not exist in public/` })
  .meta({ description: 'Root-relative path of a file under public/images/ ("/images/club/stade.svg").' });

/** A real calendar date 'YYYY-MM-DD'. */
export const isoDate = z.string().refine(
  (value) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!parts) return false;
    const [y, m, d] = parts.slice(1).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  },
  { error: (issue) => `${show(issue.input)} is not a real date (YYYY-MM-DD)` },
);

/**
 * A page of the site named by its route id ('contact'), as menus and FAQ links name them. An unknown
 * id gets a short message (the closest id when one is near) rather than the forty ids of the table.
 */
export const routeId = z.enum(STATIC_ROUTE_IDS, {
  error: (issue) => {
    const near = typeof issue.input === 'string' ? closestRouteId(issue.input) : undefined;
    return `${show(issue.input)} is not a route id of the site (src/routes/route-paths.ts)${near ? `: did you mean ${show(near)}?` : ''}`;
  },
});

/** The route id a typo most likely meant: one edit away, two for a longer id. */
function closestRouteId(input: string): string | undefined {
  const most = input.length >= 6 ? 2 : 1;
  let best: { id: string; distance: number } | undefined;
  for (const id of STATIC_ROUTE_IDS) {
    const distance = editDistance(input, id);
    if (distance <= most && (!best || distance < best.distance)) best = { id, distance };
  }
  return best?.id;
}

/** Levenshtein distance (insertions, deletions, substitutions), one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/** A picture with its French alt text and size (width and height reserve its place before it loads). */
export const clubImage = z.strictObject({
  src: localImage,
  alt: text,
  width: integer(1),
  height: integer(1),
});

/** One FAQ question; `links` turns a phrase of the answer into a link to a page of the site. */
export const faqEntry = z
  .strictObject({
    question: text,
    /** Paragraphs of plain text. */
    answer: texts(1),
    links: z
      .array(
        z.strictObject({
          text: text.meta({ description: 'The words of the answer that become the link ("la page Contact").' }),
          route: routeId.meta({ description: 'Route id of the page linked to (src/routes/route-paths.ts).' }),
        }),
      )
      .optional(),
  })
  .superRefine((entry, ctx) => {
    entry.links?.forEach((link, index) => {
      if (!entry.answer.some((paragraph) => paragraph.includes(link.text))) {
        ctx.addIssue({ code: 'custom', path: ['links', index, 'text'], input: link.text, message: `${show(link.text)} does not appear in the answer` });
      }
    });
  });

/** Fails on the second entry whose key was already seen, pointing at that entry's field. */
export function unique<T>(items: readonly T[], key: (item: T) => unknown, ctx: z.RefinementCtx, at: (index: number) => PropertyKey[], what: string): void {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) ctx.addIssue({ code: 'custom', path: at(index), input: value, message: `${show(value)} is ${what}` });
    seen.add(value);
  });
}

/** Every data file may name its JSON Schema, for editors' completion; the build ignores it. */
export const schemaRef = { $schema: z.string().optional() };
