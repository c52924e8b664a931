/** Readers of untrusted JSON (WordPress's REST objects, the club's data files). */

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A REST field's `rendered` HTML ('' when there is none). */
export const rendered = (value: unknown): string => (isObject(value) && typeof value.rendered === 'string' ? value.rendered : '');
