/**
 * A count with its thousands separated by commas, as en-US writes it ('6,941'): the log line a
 * cron log is grepped for. Not toLocaleString: it loads ICU's number data on every run.
 */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
