import type { Metric, Registry } from 'prom-client';

/**
 * Counters and histograms for the metrics observed once per venue per quote (≈ 100 observations a
 * quote). prom-client's own turn every observation's label object into a sorted, joined hash key
 * and validate it (≈ 0.4 µs and several objects each, docs/performance.md); these find their label
 * set by walking one Map per label value, and keep plain numbers. They register in a prom-client
 * Registry and are scraped exactly as prom-client's are (same text, same label order).
 */
interface Config {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly registers: readonly Registry[];
}

/** What a prom-client Registry reads of a metric when it is scraped (`get()`). */
interface Scraped {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  readonly values: readonly { readonly labels: Readonly<Record<string, string | number>>; readonly value: number; readonly metricName?: string }[];
}

/** A tree of Maps, one level per label name, whose leaves are the label sets' cells. */
class LabelTree<C> {
  private readonly root = new Map<string, unknown>();
  readonly cells: C[] = [];

  constructor(
    private readonly labelNames: readonly string[],
    private readonly create: (labels: Readonly<Record<string, string>>) => C,
  ) {}

  cellOf(values: readonly string[]): C {
    let level: Map<string, unknown> = this.root;
    const last = this.labelNames.length - 1;
    for (let i = 0; i < last; i++) {
      const value = values[i] ?? '';
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (next === undefined) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const leafKey = values[last] ?? '';
    let cell = level.get(leafKey) as C | undefined;
    if (cell === undefined) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i] ?? ''));
      cell = this.create(labels);
      level.set(leafKey, cell);
      this.cells.push(cell);
    }
    return cell;
  }

  clear(): void {
    this.root.clear();
    this.cells.length = 0;
  }
}

interface CounterCell {
  readonly labels: Readonly<Record<string, string>>;
  value: number;
}

/** What both kinds share: their name and help, their label sets, their registration and reset. */
abstract class KeyedMetric<C> {
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  protected readonly tree: LabelTree<C>;

  constructor(config: Config, create: (labels: Readonly<Record<string, string>>) => C) {
    this.name = config.name;
    this.help = config.help;
    this.tree = new LabelTree(config.labelNames, create);
    for (const registry of config.registers) registry.registerMetric(this as unknown as Metric);
  }

  abstract get(): Promise<Scraped>;

  reset(): void {
    this.tree.clear();
  }
}

export class KeyedCounter extends KeyedMetric<CounterCell> {
  readonly type = 'counter';

  constructor(config: Config) {
    super(config, (labels) => ({ labels, value: 0 }));
  }

  /** Adds one (or `by`) to the label set whose values are `values`, in `labelNames` order. */
  inc(values: readonly string[], by = 1): void {
    this.tree.cellOf(values).value += by;
  }

  get(): Promise<Scraped> {
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.tree.cells.map((c) => ({ labels: c.labels, value: c.value })) });
  }
}

interface HistogramCell {
  readonly labels: Readonly<Record<string, string>>;
  /** Observations per bucket (not cumulative), the last for values above every bound. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

export class KeyedHistogram extends KeyedMetric<HistogramCell> {
  readonly type = 'histogram';
  private readonly buckets: readonly number[];

  constructor(config: Config & { readonly buckets: readonly number[] }) {
    const buckets = [...config.buckets].sort((a, b) => a - b);
    super(config, (labels) => ({ labels, counts: new Float64Array(buckets.length + 1), sum: 0, count: 0 }));
    this.buckets = buckets;
  }

  /** Records `value` for the label set whose values are `values`, in `labelNames` order. */
  observe(values: readonly string[], value: number): void {
    if (!Number.isFinite(value)) return;
    const cell = this.tree.cellOf(values);
    const bounds = this.buckets;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    cell.counts[i]! += 1;
    cell.sum += value;
    cell.count += 1;
  }

  get(): Promise<Scraped> {
    const values: Scraped['values'][number][] = [];
    const bucketName = `${this.name}_bucket`;
    for (const cell of this.tree.cells) {
      let cumulative = 0;
      // `le` first, then the label set: the order prom-client's own histograms print.
      this.buckets.forEach((bound, i) => {
        cumulative += cell.counts[i]!;
        values.push({ labels: { le: bound, ...cell.labels }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { le: '+Inf', ...cell.labels }, value: cell.count, metricName: bucketName });
      values.push({ labels: cell.labels, value: cell.sum, metricName: `${this.name}_sum` });
      values.push({ labels: cell.labels, value: cell.count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }
}
