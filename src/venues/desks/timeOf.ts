/** Epoch ms of an ISO 8601 time a desk wrote, or `null` when absent or unreadable. */
export function timeOf(iso: string | null | undefined): number | null {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}
