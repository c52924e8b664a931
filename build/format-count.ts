/** '6,941', as en-US writes it, not by toLocaleString: that loads ICU's number data on every run. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '1 request', '5 requests': the count, then the noun in the plural unless it is one. */
export function countOf(value: number, noun: string): string {
  return `${formatCount(value)} ${noun}${value === 1 ? '' : 's'}`;
}
