import { areaOf, fileOf, topRows } from './summarizeCpuProfile.ts';

/** A V8 sampling heap profile (`HeapProfiler.stopSampling`, a `.heapprofile`), the parts the summary reads. */
export interface AllocationProfile {
  readonly head: AllocationNode;
}

interface AllocationNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  /** Bytes sampled as allocated by this frame itself (the samples stand for all allocations). */
  readonly selfSize: number;
  readonly children: readonly AllocationNode[];
}

export interface AllocationRow {
  readonly name: string;
  readonly mb: number;
  /** Share of all bytes allocated while sampling. */
  readonly share: number;
}

export interface AllocationSummary {
  readonly totalMb: number;
  readonly functions: readonly AllocationRow[];
  readonly areas: readonly AllocationRow[];
  /** Bytes allocated by the named functions and everything they called. */
  readonly inclusive: readonly AllocationRow[];
}

/** Bytes allocated per function, per area (the CPU summary's areas) and under chosen functions. */
export function summarizeAllocations(profile: AllocationProfile, options: { top?: number; inclusiveOf?: readonly string[] } = {}): AllocationSummary {
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const wanted = new Set(options.inclusiveOf ?? []);
  const add = (map: Map<string, number>, key: string, bytes: number): void => void map.set(key, (map.get(key) ?? 0) + bytes);
  let total = 0;
  // Iterative walk: allocation trees are deep (promise chains), and each node carries its stack's named steps.
  const stack: { node: AllocationNode; named: readonly string[] }[] = [{ node: profile.head, named: [] }];
  while (stack.length > 0) {
    const { node, named } = stack.pop() as { node: AllocationNode; named: readonly string[] };
    const frame = node.callFrame;
    const here = wanted.has(frame.functionName) && !named.includes(frame.functionName) ? [...named, frame.functionName] : named;
    if (node.selfSize > 0) {
      total += node.selfSize;
      add(functions, `${frame.functionName || '(anonymous)'}${frame.url === '' ? '' : ` ${fileOf(frame.url)}:${frame.lineNumber + 1}`}`, node.selfSize);
      add(areas, areaOf(frame.url, frame.functionName), node.selfSize);
      for (const name of here) add(inclusive, name, node.selfSize);
    }
    for (const child of node.children) stack.push({ node: child, named: here });
  }
  const rows = (map: Map<string, number>, top: number): AllocationRow[] => topRows(map, top, total, 1_048_576).map(({ name, value, share }) => ({ name, mb: value, share }));
  return { totalMb: Number((total / 1_048_576).toFixed(1)), functions: rows(functions, options.top ?? 30), areas: rows(areas, options.top ?? 20), inclusive: rows(inclusive, wanted.size) };
}
