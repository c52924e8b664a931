import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frenchData } from '../../src/lib/typography.js';
import { legalDataSchema, type LegalData } from '../../src/schemas/legal.js';
import { projectRoot } from '../project-root.js';

/** A legal.json that cannot be read or does not match the schema: the build fails with this message. */
export class LegalDataError extends Error {
  override name = 'LegalDataError';
}

export const LEGAL_FILE = 'data/legal/legal.json';

/**
 * Validates the legal texts, given back in French typography (src/lib/typography.ts); the message
 * names the file and the first bad field ('mentionsLegales.sections.0.id: ...').
 */
export function parseLegalData(raw: unknown, file = LEGAL_FILE): LegalData {
  const result = legalDataSchema.safeParse(raw);
  if (result.success) return frenchData(result.data);
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new LegalDataError(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The legal notice and privacy policy of the data folder `dir` (data/legal/legal.json by default),
 * validated: part of the club's data the build reads before anything else.
 */
export function loadLegalData(dir: string = path.join(projectRoot(), 'data')): LegalData {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'legal', 'legal.json'), 'utf8');
  } catch (error) {
    throw new LegalDataError(`${LEGAL_FILE}: ${(error as Error).message}`);
  }
  return parseLegalText(text);
}

/** legal.json's text, validated. */
export function parseLegalText(text: string): LegalData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new LegalDataError(`${LEGAL_FILE}: ${(error as Error).message}`);
  }
  return parseLegalData(raw);
}
