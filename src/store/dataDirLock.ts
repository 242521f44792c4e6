import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'strait.pid';

/**
 * A PGlite data directory is one process's database: two processes writing its files at once corrupt
 * it. The process that opens it writes its pid here and removes it on close; another process (a
 * second service, an operator command) finding a live pid there is refused. A pid left by a crash is
 * taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (holder !== null && holder !== process.pid && isAlive(holder)) {
    throw new Error(`the PGlite data directory ${resolve(dataDir)} is in use by process ${holder}: PGlite is one process's database. Stop that process first, or run on PostgreSQL (DATABASE_URL). If no such process uses it, delete ${resolve(file)}`);
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (readHolder(file) === process.pid) rmSync(file, { force: true });
  };
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
