import autocannon from 'autocannon';

export interface ThroughputParams {
  /** Origin of the service (scheme, host, port). */
  readonly origin: string;
  readonly method: 'GET' | 'POST';
  /** Paths cycled through in order, one per request. */
  readonly paths: readonly string[];
  readonly body?: unknown;
  readonly connections: number;
  readonly durationS: number;
  /** A run of this length first, not counted: JIT, caches, connection set-up. */
  readonly warmupS: number;
}

export interface ThroughputResult {
  /** 2xx answers per second over the measured run. */
  readonly requestsPerSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly mean: number };
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly durationS: number;
}

/** Closed-loop load from autocannon over loopback, bounded in time (autocannon stops itself). */
export async function measureThroughput(params: ThroughputParams): Promise<ThroughputResult> {
  const run = (durationS: number) =>
    autocannon({
      url: params.origin,
      connections: params.connections,
      duration: durationS,
      timeout: 10,
      method: params.method,
      ...(params.body !== undefined ? { body: JSON.stringify(params.body), headers: { 'content-type': 'application/json' } } : {}),
      requests: [
        {
          setupRequest: (request, context) => {
            const next = ((context.next as number | undefined) ?? Math.floor(Math.random() * params.paths.length)) % params.paths.length;
            context.next = next + 1;
            return { ...request, path: params.paths[next] as string };
          },
        },
      ],
    });
  // autocannon drops its connections when time is up: let the service finish what was in flight.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  if (params.warmupS > 0) await run(params.warmupS).then(settle);
  const result = await run(params.durationS);
  await settle();
  const ok = Object.entries(result.statusCodeStats)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, stats]) => sum + Number(stats.count), 0);
  return {
    requestsPerSecond: ok / result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    durationS: result.duration,
  };
}
