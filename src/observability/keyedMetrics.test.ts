import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { KeyedCounter, KeyedHistogram } from './keyedMetrics.ts';

const BUCKETS = [0.01, 0.05, 0.1, 1, 5];
// Values on the bounds, between them, above them all, and label values the text format must escape.
const VALUES = [0, 0.01, 0.011, 0.05, 0.07, 0.1, 1, 4.99, 5, 5.01, 120];
const LABELS = [
  ['across', 'GET', 'ok'],
  ['relay', 'POST', 'http_5xx'],
  ['across', 'POST', 'ok'],
  ['quote"d', 'GET', 'back\\slash\nnewline'],
] as const;

describe('KeyedHistogram and KeyedCounter', () => {
  it('print exactly what prom-client prints for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const help = 'latency';
    const keyed = new KeyedHistogram({ name: 'x_seconds', help, labelNames: ['venue', 'method', 'outcome'], buckets: BUCKETS, registers: [ours] });
    const reference = new Histogram({ name: 'x_seconds', help, labelNames: ['venue', 'method', 'outcome'], buckets: BUCKETS, registers: [theirs] });
    const counted = new KeyedCounter({ name: 'x_total', help: 'outcomes', labelNames: ['venue', 'outcome'], registers: [ours] });
    const referenceCounter = new Counter({ name: 'x_total', help: 'outcomes', labelNames: ['venue', 'outcome'], registers: [theirs] });
    LABELS.forEach(([venue, method, outcome], i) => {
      for (const value of VALUES.slice(i)) {
        keyed.observe([venue, method, outcome], value);
        reference.observe({ venue, method, outcome }, value);
        counted.inc([venue, outcome]);
        referenceCounter.inc({ venue, outcome });
      }
    });
    counted.inc(['relay', 'priced'], 3);
    referenceCounter.inc({ venue: 'relay', outcome: 'priced' }, 3);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // As JSON too, but for prom-client's empty exemplars.
    const withoutExemplars = (metrics: unknown) => JSON.parse(JSON.stringify(metrics, (key, value: unknown) => (key === 'exemplar' ? undefined : value))) as unknown;
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));

    ours.resetMetrics();
    theirs.resetMetrics();
    keyed.observe(['across', 'GET', 'ok'], 0.2);
    reference.observe({ venue: 'across', method: 'GET', outcome: 'ok' }, 0.2);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('ignores a value that is not a finite number instead of poisoning the sum', async () => {
    const registry = new Registry();
    const keyed = new KeyedHistogram({ name: 'y_seconds', help: 'y', labelNames: ['venue'], buckets: BUCKETS, registers: [registry] });
    keyed.observe(['a'], Number.NaN);
    keyed.observe(['a'], 0.5);
    const text = await registry.metrics();
    expect(text).toContain('y_seconds_sum{venue="a"} 0.5');
    expect(text).toContain('y_seconds_count{venue="a"} 1');
  });
});
