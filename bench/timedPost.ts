/** One POST of a JSON body, timed from just before the call to the last byte of the answer. */
export interface TimedAnswer<T> {
  readonly status: number;
  readonly ms: number;
  readonly body: T;
}

export async function timedPost<T = unknown>(url: string, body: unknown, timeoutMs = 15_000): Promise<TimedAnswer<T>> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, ms, body: (text ? JSON.parse(text) : null) as T };
}
