/** '6,941', as en-US writes it, not by toLocaleString: that loads ICU's number data on every run. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
