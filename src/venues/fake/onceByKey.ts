/**
 * Runs a settlement task at most once per key, however many status polls race for it: the first
 * call starts it, concurrent and later calls share its result. A task that fails — or whose result
 * `keep` rejects (e.g. "deposit not found yet") — is forgotten, so the next poll tries again.
 * Venue fakes use it so the sandbox never pays a recipient twice.
 */
export function onceByKey<T>(keep: (result: T) => boolean = () => true): { run(key: string, task: () => Promise<T>): Promise<T>; has(key: string): boolean } {
  const started = new Map<string, Promise<T>>();
  return {
    run(key, task) {
      let pending = started.get(key);
      if (!pending) {
        pending = task();
        started.set(key, pending);
        pending.then(
          (result) => {
            if (!keep(result)) started.delete(key);
          },
          () => started.delete(key),
        );
      }
      return pending;
    },
    has: (key) => started.has(key),
  };
}
