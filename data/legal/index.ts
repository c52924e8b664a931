import { readFileSync } from 'node:fs';
import path from 'node:path';
import { legalDataSchema, type LegalData } from '../../src/schemas/legal.js';
import { projectRoot } from '../project-root.js';

/** A legal.json that cannot be read or does not match the schema: the build fails with this message. */
export class LegalDataError extends Error {
  override name = 'LegalDataError';
}

export const LEGAL_FILE = 'data/legal/legal.json';

/** Validates the legal texts; the message names the file and the first bad field ('mentionsLegales.sections.0.id: ...'). */
export function parseLegalData(raw: unknown, file = LEGAL_FILE): LegalData {
  const result = legalDataSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new LegalDataError(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The legal notice and privacy policy, read from data/legal/legal.json at each call (two pages use
 * it; reading a few KB costs nothing and an edited file is never served stale to a long-lived process).
 */
export function loadLegalData(root: string = projectRoot()): LegalData {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.join(root, LEGAL_FILE), 'utf8'));
  } catch (error) {
    throw new LegalDataError(`${LEGAL_FILE}: ${(error as Error).message}`);
  }
  return parseLegalData(raw);
}
