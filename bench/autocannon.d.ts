/** The part of autocannon 9's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    readonly average: number;
    readonly mean: number;
    readonly stddev: number;
    readonly min: number;
    readonly max: number;
    readonly total: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
  }
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly statusCodeStats: Record<string, { count: number }>;
  }
  interface AutocannonInstance extends Promise<AutocannonResult> {
    stop(): void;
  }
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
