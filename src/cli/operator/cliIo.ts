/** Where a command writes: the process's streams in `strait`, buffers in tests. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

let pipeGuarded = false;
/** `strait transfers list | head` closes the pipe early: that ends the command quietly, not with an EPIPE trace. */
function guardPipe(): void {
  if (pipeGuarded) return;
  pipeGuarded = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

export const PROCESS_IO: CliIo = {
  out: (text) => {
    guardPipe();
    process.stdout.write(text);
  },
  err: (text) => process.stderr.write(text),
};

/**
 * Exit codes of the operator commands, so scripts can tell what happened (docs/operations.md).
 * 64, 69 and 78 follow sysexits.h, as `strait serve` already exits 78 on a bad configuration.
 */
export const EXIT = {
  ok: 0,
  /** The command ran and found a problem: unknown variables, pending migrations, a failed query or migration. */
  problem: 1,
  /** No such transfer. */
  notFound: 3,
  /** Wrong command line. */
  usage: 64,
  /** The store cannot be reached from here (in-memory PGlite, a missing data directory, a database that refuses). */
  storeUnavailable: 69,
  /** The environment does not load (the message names the variable). */
  config: 78,
} as const;

/** A command-line mistake: its message is printed with the command's usage, and the exit code is 64. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** JSON for scripts: amounts (bigint) as decimal strings, one document per run. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`;
}
