import { z } from 'zod';

/**
 * The legal notice and the privacy policy (data/legal/legal.json). Plain text only: the pages render
 * every value as text, never as HTML. A value the club has not confirmed yet carries
 * `"aConfirmer": true` and is shown with a visible "(à confirmer par le club)".
 */

const text = z.string().trim().min(1);

/** A link a fact may carry: https pages, e-mail and phone only (no javascript:, no plain http). */
const link = z
  .string()
  .regex(/^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]+)$/, 'an https://, mailto: or tel: address');

export const legalFactSchema = z.strictObject({
  label: text,
  value: text,
  href: link.optional(),
  aConfirmer: z.boolean().default(false),
});

export const legalSectionSchema = z.strictObject({
  /** The section's heading id (and anchor): lower-case words joined by hyphens. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  title: text,
  paragraphs: z.array(text).default([]),
  facts: z.array(legalFactSchema).default([]),
  /** A bulleted list (the data each service processes, the fan's rights). */
  items: z.array(z.strictObject({ title: text, text, aConfirmer: z.boolean().default(false) })).default([]),
});

export const legalPageSchema = z
  .strictObject({
    title: text,
    /** The page's meta description. */
    description: text,
    intro: z.array(text).default([]),
    sections: z.array(legalSectionSchema).min(1),
  })
  .refine((page) => new Set(page.sections.map((section) => section.id)).size === page.sections.length, 'two sections share an id')
  .refine((page) => page.sections.every((section) => section.paragraphs.length + section.facts.length + section.items.length > 0), 'a section is empty');

export const legalDataSchema = z.strictObject({
  /** Date of the last update of both texts (YYYY-MM-DD), shown at the end of each page. */
  updatedOn: z.iso.date(),
  mentionsLegales: legalPageSchema,
  confidentialite: legalPageSchema,
});

export type LegalFact = z.infer<typeof legalFactSchema>;
export type LegalSection = z.infer<typeof legalSectionSchema>;
export type LegalPageContent = z.infer<typeof legalPageSchema>;
export type LegalData = z.infer<typeof legalDataSchema>;
