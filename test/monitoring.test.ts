import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Strait } from '../src/createStrait.ts';
import { startWorkerProbes, type WorkerProbes } from '../src/observability/startWorkerProbes.ts';
import { startHyperCoreFake, type HyperCoreFake } from '../src/venues/hyperliquid/hyperCoreFake.ts';
import { isHyperliquidVenue } from '../src/venues/hyperliquid/hyperliquidVenue.ts';
import { createTestStrait } from './testStrait.ts';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url);
const RULES = 'deploy/prometheus/strait-alerts.yml';
const RULE_TESTS = 'deploy/prometheus/strait-alerts.test.yml';
const DASHBOARD = 'deploy/grafana/strait-dashboard.json';
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
// Anvil's first key: a throw-away relayer key.
const RELAYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaf784d7bf4f2ff80';

/** Debian's promtool (CI installs the `prometheus` package: .ci/run), or the one PROMTOOL_PATH names. */
async function findPromtool(): Promise<string | null> {
  for (const candidate of [process.env.PROMTOOL_PATH, 'promtool'].filter(Boolean) as string[]) {
    try {
      await run(candidate, ['--version']);
      return candidate;
    } catch {
      // next candidate
    }
  }
  return null;
}

const promtool = await findPromtool();
if (!promtool && !process.env.CI) console.warn(`monitoring.test.ts: promtool check of ${RULES} skipped: no promtool on PATH (apt-get install prometheus, or set PROMTOOL_PATH)`);

describe('Prometheus alert rules', () => {
  it('pass promtool check rules', async () => {
    // In CI a missing promtool is a failure, never a silent skip.
    if (!promtool) {
      expect(process.env.CI, 'promtool is missing in CI: .ci/run installs Debian\'s prometheus package').toBeFalsy();
      return;
    }
    const { stdout } = await run(promtool, ['check', 'rules', new URL(RULES, ROOT).pathname]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('fire as their unit tests expect (promtool test rules)', async () => {
    if (!promtool) {
      expect(process.env.CI, 'promtool is missing in CI').toBeFalsy();
      return;
    }
    const { stdout } = await run(promtool, ['test', 'rules', new URL(RULE_TESTS, ROOT).pathname]);
    expect(stdout).toContain('SUCCESS');
  });
});

/** Words of PromQL that are not metric names. */
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, range
 * selectors, grouping clauses, function calls, numbers and keywords are taken out. Any other
 * identifier is a metric name, so a misspelt one cannot hide as "not a strait_ name".
 */
function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$__\w+/g, ' ');
  const names: string[] = [];
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = match[0];
    const after = stripped.slice(match.index! + word.length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(word.toLowerCase())) continue;
    // Glued to a digit: a number's exponent (1e3) or a duration's unit (offset 5m).
    if (/\d$/.test(stripped.slice(0, match.index!))) continue;
    names.push(word);
  }
  return names;
}

function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(read(DASHBOARD)) as { panels: { targets?: { expr: string }[]; panels?: { targets?: { expr: string }[] }[] }[] };
  return dashboard.panels.flatMap((p) => [...(p.targets ?? []), ...(p.panels ?? []).flatMap((inner) => inner.targets ?? [])]).map((t) => t.expr);
}

function ruleExpressions(): string[] {
  const rules = parse(read(RULES)) as { groups: { rules: { expr: string }[] }[] };
  return rules.groups.flatMap((g) => g.rules.map((r) => r.expr));
}

/** Names a scrape declares (`# TYPE name kind`), with the series names histograms and summaries add. */
function exposedNames(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, kind] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (kind === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('dashboard and alerts name only metrics Strait exposes', () => {
  let strait: Strait;
  let probes: WorkerProbes;
  let exposed: Set<string>;
  let fromApi: string;
  let hyperCore: HyperCoreFake;

  beforeAll(async () => {
    // The relayer's gauge exists only with a relayer key; its HyperCore is the loopback fake, funded.
    hyperCore = await startHyperCoreFake();
    strait = await createTestStrait({ STRAIT_VENUE_HYPERLIQUID_SIGNER_KEY: RELAYER_KEY, STRAIT_VENUE_HYPERLIQUID_BASE_URL: hyperCore.url, STRAIT_RATE_LIMIT_PER_MINUTE: '10' });
    const relayer = strait.deps.venues.get('hyperliquid')?.venue;
    if (!isHyperliquidVenue(relayer) || !relayer.relayer) throw new Error('the relayer is not configured');
    hyperCore.fund(relayer.relayer.address, { perpsAtomic: 1_234_500_000n, spotAtomic: 10_000_000n });
    const api = (await strait.listen()).replace(/\/v1$/, '');
    probes = await startWorkerProbes({ host: '127.0.0.1', port: 0, store: strait.deps.store, metrics: strait.metrics });
    let fromWorker: string;
    [fromApi, fromWorker] = await Promise.all([fetch(`${api}/metrics`).then((r) => r.text()), fetch(`${probes.url}/metrics`).then((r) => r.text())]);
    expect(fromWorker).toContain('# TYPE strait_transfers_finished_total counter');
    exposed = new Set([...exposedNames(fromApi), ...exposedNames(fromWorker)]);
  });
  afterAll(async () => {
    await probes?.close();
    await strait?.close();
    await hyperCore?.close();
  });

  it('reads the metric names out of PromQL', () => {
    expect(metricNamesIn('histogram_quantile(0.95, sum by (le, venue) (rate(strait_x_bucket{outcome!="left_out"}[5m]))) > 1e3')).toEqual(['strait_x_bucket']);
    expect(metricNamesIn('max(a) - max(b{c="and"}) unless on (instance) c_total offset 5m')).toEqual(['a', 'b', 'c_total']);
  });

  it('every name in the dashboard queries and the alert rules is in a running instance’s /metrics', () => {
    const used = new Map<string, string>();
    for (const expr of [...dashboardExpressions(), ...ruleExpressions()]) for (const name of metricNamesIn(expr)) used.set(name, expr);
    expect(used.size).toBeGreaterThan(15);
    const unknown = [...used].filter(([name]) => !exposed.has(name)).map(([name, expr]) => `${name} (in ${expr})`);
    expect(unknown).toEqual([]);
  });

  it('covers what issue 20 asks to watch', () => {
    const used = new Set([...dashboardExpressions(), ...ruleExpressions()].flatMap(metricNamesIn));
    for (const name of ['strait_transfers_finished_total', 'strait_transfer_duration_seconds_bucket', 'strait_submit_refusals_total', 'strait_quote_venue_duration_seconds_bucket', 'strait_quote_venue_outcomes_total', 'strait_hypercore_relayer_balance_usdc', 'strait_worker_lag_seconds']) {
      expect(used, name).toContain(name);
    }
  });

  it("reports the relayer's HyperCore balances in USDC", () => {
    expect(fromApi).toMatch(/^strait_hypercore_relayer_balance_usdc\{balance="perps"\} 1234\.5$/m);
    expect(fromApi).toMatch(/^strait_hypercore_relayer_balance_usdc\{balance="spot"\} 10$/m);
  });

  it('the worker’s probes answer like the API’s', async () => {
    expect((await fetch(`${probes.url}/health`)).status).toBe(200);
    const ready = await fetch(`${probes.url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    expect((await fetch(`${probes.url}/v1/bridge/venues`)).status).toBe(404);
  });
});
