/** One line of the bench report: a figure beside its target. */
export interface Check {
  readonly figure: string;
  readonly measured: string;
  readonly target: string;
  /** `null` when the figure could not be measured in this run (the reason is in `measured`). */
  readonly pass: boolean | null;
}

export function verdictOf(pass: boolean | null): string {
  return pass === null ? 'NOT MEASURED' : pass ? 'PASS' : 'FALL SHORT';
}

/** A Markdown table: readable in a terminal, pasteable into the README as is. */
export function renderTable(checks: readonly Check[]): string {
  const header = ['figure', 'measured', 'target', 'result'];
  const rows = checks.map((c) => [c.figure, c.measured, c.target, verdictOf(c.pass)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
