const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '1998-03-14' → '14 mars 1998' (a calendar date: read and written in UTC so no zone shifts it). */
export function formatFrenchDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/** 185 → '1,85 m'. */
export function formatHeight(centimetres: number): string {
  return `${(centimetres / 100).toFixed(2).replace('.', ',')} m`;
}

/** 'Décembre' → 'decembre': ids and anchors from French names. */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
