/** A V8 `.cpuprofile` (what `node --cpu-prof` writes), the parts the summary reads. */
export interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }; readonly children?: readonly number[] }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface SelfTimeRow {
  readonly name: string;
  readonly ms: number;
  /** Share of the busy time: every sample but `(idle)`. */
  readonly share: number;
}

export interface CpuProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly functions: readonly SelfTimeRow[];
  /** Self time by where the code lives: a dependency, a folder of src/, Node's internals, V8 (GC, program). */
  readonly areas: readonly SelfTimeRow[];
  /** Total time (self and callees) of the functions of src/ named in `inclusiveOf`. */
  readonly inclusive: readonly SelfTimeRow[];
}

/** The quote path's steps whose total (with callees) the CPU and allocation summaries give. */
export const QUOTE_PATH_STEPS = ['quoteTransfer', 'parseQuoteInput', 'candidatesFor', 'fanOutQuotes', 'reconsider', 'applyFees', 'rankRows', 'insertDecision', 'decisionView', 'nodeHttpFetch', 'parseBody'];

/** A frame's file from its URL: from `node_modules/`, `src/`, `dist/` or `bench/` on. */
export function fileOf(url: string): string {
  return unmirrored(url).replace(/^.*?(node_modules\/|\/src\/|\/dist\/|\/bench\/)/, '$1');
}

/** A module of the checkout's transpiled mirror (bin/transpileCheckout.mjs, what `npm start` runs) named by its own path. */
export function unmirrored(url: string): string {
  return url.replace(/^.*node_modules\/\.cache\/strait\/[^/]+\//, '/');
}

/** The `top` largest entries of `totals`, each with its share of `all`, in `unit`s of `divisor`. */
export function topRows(totals: ReadonlyMap<string, number>, top: number, all: number, divisor: number): { name: string; value: number; share: number }[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, amount]) => ({ name, value: Number((amount / divisor).toFixed(1)), share: all === 0 ? 0 : Number((amount / all).toFixed(4)) }));
}

/** Where a frame's code lives, from its URL: `node_modules/<package>`, `src/<folder>`, `node:<module>` or V8's own. */
export function areaOf(frameUrl: string, functionName: string): string {
  if (frameUrl === '') return functionName.startsWith('(') ? functionName : '(native)';
  const url = unmirrored(frameUrl);
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1] as string;
  // The compiled build's dist/<folder> is src/<folder>.
  const own = /\/(src|dist|bench)\/([^/]+)\//.exec(url);
  if (own) return `${own[1] === 'dist' ? 'src' : own[1]}/${own[2]}`;
  if (url.startsWith('wasm://')) return 'wasm (PGlite\'s Postgres)';
  // Node's internals by module (webstreams, abort_controller, …): where in Node the time goes.
  if (url.startsWith('node:internal/')) return url.split('/').slice(0, 3).join('/').replace(/\.js$/, '');
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\//, '');
}

/**
 * Self time per function and per area, the busy part of the profile only (idle is the event loop
 * waiting), from the first sample inside `from` on, plus inclusive time of chosen functions: the
 * evidence docs/performance.md starts from.
 */
export function summarizeCpuProfile(profile: CpuProfile, options: { top?: number; inclusiveOf?: readonly string[]; from?: string } = {}): CpuProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const under = (id: number, name: string): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) if (byId.get(at)?.callFrame.functionName === name) return true;
    return false;
  };
  // Start-up (module loading, PGlite's start) is not the load: counting starts at the first sample in `from`.
  const first = options.from === undefined ? 0 : Math.max(0, profile.samples.findIndex((id) => under(id, options.from as string)));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((node, i) => {
    if (i >= first) selfUs.set(node, (selfUs.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  let idleUs = 0;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    // tsx and the checkout's mirror hand V8 transformed modules, so a line number of our own code
    // there is not the source's: named by file only. The compiled build's (dist/) are tsc's, a line
    // or so off the source.
    const file = fileOf(frame.url);
    const url = unmirrored(frame.url);
    const lined = url.startsWith('node:') || url.includes('node_modules/') || url.includes('/dist/');
    const where = frame.url === '' ? '' : lined ? ` ${file}:${frame.lineNumber + 1}` : ` ${file}`;
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const busyUs = [...functions.values()].reduce((a, b) => a + b, 0);

  // Inclusive time: a node's self time counts toward every named function on its stack (once per stack).
  const wanted = new Set(options.inclusiveOf ?? []);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = byId.get(at)?.callFrame.functionName ?? '';
      if (wanted.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + us);
      }
    }
  }

  const rows = (map: Map<string, number>, top: number): SelfTimeRow[] => topRows(map, top, busyUs, 1000).map(({ name, value, share }) => ({ name, ms: value, share }));
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, functions: rows(functions, options.top ?? 25), areas: rows(areas, options.top ?? 25), inclusive: rows(inclusive, wanted.size) };
}
