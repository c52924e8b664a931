import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ClubImage, FaqEntry } from '../../src/types/club.js';

/** A malformed static-data entry: the message names the file, the entry and the field. */
export class ClubDataError extends Error {
  override name = 'ClubDataError';
}

/** Where a value comes from, for error messages: 'data/club/partners.ts', 'partner 3 ("Ville")'. */
export interface Where {
  file: string;
  entry: string;
  /** Folder whose files root-relative image paths point to (public/). */
  publicDir: string;
}

export function fail(where: Where, field: string, problem: string): never {
  throw new ClubDataError(`${where.file}: ${where.entry}: ${field} ${problem}`);
}

export function at(where: Where, entry: string): Where {
  return { ...where, entry };
}

function show(value: unknown): string {
  return value === undefined ? 'is missing' : `${JSON.stringify(value)} is not valid:`;
}

export function text(where: Where, field: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') fail(where, field, `${show(value)} expected a non-empty text`);
  return value;
}

export function optionalText(where: Where, field: string, value: unknown): string | undefined {
  return value === undefined ? undefined : text(where, field, value);
}

export function texts(where: Where, field: string, value: unknown, min = 1): string[] {
  if (!Array.isArray(value) || value.length < min) fail(where, field, `must be a list of at least ${min} text(s)`);
  return value.map((item, index) => text(where, `${field}[${index}]`, item));
}

export function integer(where: Where, field: string, value: unknown, min = 1): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    fail(where, field, `${show(value)} expected an integer of at least ${min}`);
  }
  return value;
}

export function httpUrl(where: Where, field: string, value: unknown): string {
  const raw = text(where, field, value);
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    fail(where, field, `"${raw}" is not an http(s) URL`);
  }
  return raw;
}

/** A root-relative path of a file shipped in public/, so no page shows a broken image offline. */
export function localFile(where: Where, field: string, value: unknown): string {
  const src = text(where, field, value);
  if (!/^\/images\/[\w./-]+$/.test(src) || src.includes('..')) fail(where, field, `"${src}" is not a path under /images/`);
  if (!existsSync(join(where.publicDir, src))) fail(where, field, `"${src}" does not exist in public/`);
  return src;
}

export function image(where: Where, field: string, value: unknown): ClubImage {
  if (typeof value !== 'object' || value === null) fail(where, field, 'is missing');
  const raw = value as Partial<Record<keyof ClubImage, unknown>>;
  return {
    src: localFile(where, `${field}.src`, raw.src),
    alt: text(where, `${field}.alt`, raw.alt),
    width: integer(where, `${field}.width`, raw.width),
    height: integer(where, `${field}.height`, raw.height),
  };
}

export function list<T>(where: Where, field: string, value: unknown, count: { min?: number; exact?: number } = {}): T[] {
  if (!Array.isArray(value)) fail(where, field, 'must be a list');
  if (count.exact !== undefined && value.length !== count.exact) fail(where, field, `must hold exactly ${count.exact} entries, not ${value.length}`);
  if (count.min !== undefined && value.length < count.min) fail(where, field, `must hold at least ${count.min} entries, not ${value.length}`);
  return value as T[];
}

export function faq(where: Where, entries: unknown, exact: number): FaqEntry[] {
  return list<FaqEntry>(where, 'questions', entries, { exact }).map((entry, index) => {
    const here = at(where, `question ${index + 1}`);
    return { question: text(here, 'question', entry.question), answer: texts(here, 'answer', entry.answer) };
  });
}
