/** Lowercase particles that never give a letter ("Sharks d’Antibes" → "SA"). */
const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'd', 'l', 'sur']);

/**
 * The readable fallback shown should a team's logo fail to load (and the letters of the placeholder logos): the first letter of each
 * significant word (hyphenated parts count as words), at most three, so it fits the logo's disc.
 */
export function teamInitials(name: string): string {
  const words = name
    .split(/[\s\-’']+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '' && !PARTICLES.has(word.toLowerCase()));
  const letters = words.map((word) => (/^\d+$/.test(word) ? word : word.charAt(0).toUpperCase()));
  return letters.join('').slice(0, 3) || '?';
}
