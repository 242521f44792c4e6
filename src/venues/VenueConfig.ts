/**
 * One venue's settings, read by src/config.ts from `STRAIT_VENUE_<ID>_*` for every line of
 * `VENUE_MODULES`: `_ENABLED` (default true), `_BASE_URL` (default the module's), and every other
 * `STRAIT_VENUE_<ID>_<NAME>` as credential `<NAME>`.
 */
export interface VenueConfig {
  readonly enabled: boolean;
  readonly baseUrl: string | undefined;
  readonly credentials: Readonly<Record<string, string | undefined>>;
}
