import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { VerificationCpuResult } from './measureVerificationCpu.ts';

const ENTRY = fileURLToPath(new URL('./verificationCpuMain.ts', import.meta.url));

/**
 * Runs bench/measureVerificationCpu.ts in a fresh process: process.cpuUsage counts the whole
 * process, so the harness's own heap (PGlite's initdb, autocannon's results) must not lend its
 * garbage collections to the transactions measured.
 */
export async function measureVerificationCpuInChild(count: number, timeoutMs = 120_000): Promise<VerificationCpuResult> {
  const child = fork(ENTRY, [String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await new Promise<VerificationCpuResult>((resolve, reject) => {
      child.once('message', (message) => resolve(message as VerificationCpuResult));
      child.once('exit', (code) => reject(new Error(`the verification bench exited (code ${code}) without a result`)));
    });
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}
