import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the USDT0 stand-ins (Usdt0StandIns.sol) with solc-js for the adapter tests. Nothing
 * compiled is committed: the result is cached under `os.tmpdir()` by the hash of the source.
 */
export interface StandIn {
  readonly abi: Abi;
  readonly runtimeBytecode: Hex;
}
export interface Usdt0StandIns {
  readonly StandInUsdt: StandIn;
  readonly StandInUsdt0Messenger: StandIn;
}

const FILE = 'Usdt0StandIns.sol';
const NAMES = ['StandInUsdt', 'StandInUsdt0Messenger'] as const;
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } } };

export async function compileUsdt0StandIns(): Promise<Usdt0StandIns> {
  const source = await readFile(new URL(`./${FILE}`, import.meta.url), 'utf8');
  const cache = join(tmpdir(), `strait-usdt0-standins-${createHash('sha256').update(JSON.stringify({ source, SETTINGS })).digest('hex')}.json`);
  try {
    return JSON.parse(await readFile(cache, 'utf8')) as Usdt0StandIns;
  } catch {
    // not cached yet
  }
  const { default: solc } = await import('solc');
  const input = { language: 'Solidity', sources: { [FILE]: { content: source } }, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed on ${FILE}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const result = Object.fromEntries(
    NAMES.map((name) => {
      const out = output.contracts?.[FILE]?.[name];
      if (!out) throw new Error(`solc produced no ${name}`);
      return [name, { abi: out.abi, runtimeBytecode: `0x${out.evm.deployedBytecode.object}` as Hex }];
    }),
  ) as unknown as Usdt0StandIns;
  const tmp = `${cache}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(result)).then(() => rename(tmp, cache)).catch(() => undefined);
  return result;
}
