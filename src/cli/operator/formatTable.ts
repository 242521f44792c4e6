/**
 * A plain-text table for people: a header, a rule, one line per row, columns padded to their widest
 * cell. Cells are printed as text; `null` and `undefined` as `-`, objects as JSON. Long cells are cut
 * to `maxCell` characters with an ellipsis so one bulky value cannot hide the others.
 */
export function formatTable(columns: readonly string[], rows: readonly (readonly unknown[])[], maxCell = 60): string {
  const text = rows.map((row) => columns.map((_, i) => cellText(row[i], maxCell)));
  const widths = columns.map((column, i) => Math.max(column.length, ...text.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n') + '\n';
}

function cellText(value: unknown, maxCell: number): string {
  const text =
    value === null || value === undefined
      ? '-'
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
          ? String(value)
          : value instanceof Date
            ? value.toISOString()
            : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > maxCell ? `${flat.slice(0, maxCell - 1)}…` : flat;
}

/** An epoch-ms time as ISO 8601 (UTC, seconds), or `-`. */
export function timeText(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** How long ago, compactly: `45s`, `12m`, `3h`, `2d`. */
export function ageText(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.round(seconds / 3_600)}h`;
  return `${Math.round(seconds / 86_400)}d`;
}

/** `90s`, `15m`, `2h`, `7d` (or plain seconds) as milliseconds; null when it is not a duration. */
export function parseDuration(raw: string): number | null {
  const match = /^(\d+)(s|m|h|d)?$/.exec(raw.trim());
  if (!match) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}
