/**
 * Compiles the sandbox's Solidity stand-ins (src/sandbox/contracts/*.sol) with solc-js at run time.
 *
 * Nothing compiled is committed. The result is memoized in-process and cached on disk under
 * `os.tmpdir()/strait-solc-<sha256(solc version + settings + sources)>.json`, so only the first
 * start on a machine pays for loading solc's wasm and compiling; edits to a .sol file change the
 * hash and force a recompile.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export const SANDBOX_CONTRACT_NAMES = [
  'SandboxUSDC',
  'SandboxSpokePool',
  'SandboxTokenMessengerV2',
  'SandboxMessageTransmitterV2',
  'SandboxLifiDiamond',
  'SandboxSquidRouter',
  'SandboxMeson',
  'SandboxOpL1StandardBridge',
  'SandboxOpL1CrossDomainMessenger',
  'SandboxOptimismPortal2',
  'SandboxDisputeGameFactory',
  'SandboxL2ToL1MessagePasser',
  'SandboxL2CrossDomainMessenger',
  'SandboxL2StandardBridge',
  'SandboxOptimismMintableERC20',
  'SandboxWormholeCore',
  'SandboxWormholeTokenBridge',
  'SandboxWormholeWrappedToken',
] as const;
export type SandboxContractName = (typeof SANDBOX_CONTRACT_NAMES)[number];

/** Stand-ins that share a source file (one chain side of a system); every other one is `<name>.sol`. */
const SHARED_FILES: Partial<Record<SandboxContractName, string>> = {
  SandboxOpL1StandardBridge: 'SandboxOpStackL1.sol',
  SandboxOpL1CrossDomainMessenger: 'SandboxOpStackL1.sol',
  SandboxOptimismPortal2: 'SandboxOpStackL1.sol',
  SandboxL2ToL1MessagePasser: 'SandboxOpStackL2.sol',
  SandboxL2CrossDomainMessenger: 'SandboxOpStackL2.sol',
  SandboxL2StandardBridge: 'SandboxOpStackL2.sol',
  SandboxOptimismMintableERC20: 'SandboxOpStackL2.sol',
};
const fileOf = (name: SandboxContractName): string => SHARED_FILES[name] ?? `${name}.sol`;
export interface CompiledContract {
  abi: Abi;
  /** Runtime (deployed) bytecode: what anvil_setCode installs; constructors never run. */
  runtimeBytecode: Hex;
}
export type SandboxContracts = Record<SandboxContractName, CompiledContract>;

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // The real SpokePool is built with the IR pipeline too; its 12-argument depositV3 + 13-field
  // event is "stack too deep" for the legacy code generator.
  viaIR: true,
  // Pinned so the bytecode runs on every chain anvil emulates by default and does not shift with
  // solc's default EVM version.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
} as const;

let memo: Promise<SandboxContracts> | undefined;

/** Forget the in-process result (tests use it to exercise the disk cache). */
export function clearSandboxCompileMemo(): void {
  memo = undefined;
}

export function compileSandboxContracts(): Promise<SandboxContracts> {
  memo ??= compile().catch((err: unknown) => {
    memo = undefined; // do not memoize failures
    throw err;
  });
  return memo;
}

/** The directory with the .sol sources; falls back to the source tree when running from dist/. */
function contractsDir(): string {
  const here = fileURLToPath(new URL('./contracts/', import.meta.url));
  if (existsSync(here)) return here;
  const fromDist = fileURLToPath(new URL('../../src/sandbox/contracts/', import.meta.url));
  if (existsSync(fromDist)) return fromDist;
  throw new Error(`sandbox contract sources not found (looked in ${here} and ${fromDist})`);
}

async function readSources(): Promise<Record<string, string>> {
  const dir = contractsDir();
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, string> = {};
  for (const f of files) sources[f] = await readFile(join(dir, f), 'utf8');
  for (const name of SANDBOX_CONTRACT_NAMES) {
    if (!(fileOf(name) in sources)) throw new Error(`missing ${fileOf(name)} in ${dir}`);
  }
  return sources;
}

/** solc's package version: cheap to read (loading solc itself costs a wasm compile). */
function solcPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('solc/package.json') as { version: string }).version;
}

/** Where the compile of exactly these sources with this solc is cached. */
export async function sandboxCompileCachePath(): Promise<string> {
  return cachePathFor(await readSources());
}

function cachePathFor(sources: Record<string, string>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ solc: solcPackageVersion(), settings: SETTINGS, sources }))
    .digest('hex');
  return join(tmpdir(), `strait-solc-${hash}.json`);
}

function isCompiled(value: unknown): value is SandboxContracts {
  if (typeof value !== 'object' || value === null) return false;
  return SANDBOX_CONTRACT_NAMES.every((name) => {
    const c = (value as Record<string, unknown>)[name] as Partial<CompiledContract> | undefined;
    return (
      typeof c === 'object' &&
      Array.isArray(c.abi) &&
      typeof c.runtimeBytecode === 'string' &&
      /^0x[0-9a-f]{2,}$/i.test(c.runtimeBytecode)
    );
  });
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
}

async function compile(): Promise<SandboxContracts> {
  const sources = await readSources();
  const cachePath = cachePathFor(sources);

  try {
    const cached: unknown = JSON.parse(await readFile(cachePath, 'utf8'));
    if (isCompiled(cached)) return cached;
  } catch {
    // no cache (or unreadable): compile
  }

  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed to compile the sandbox contracts:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }

  const result = {} as SandboxContracts;
  for (const name of SANDBOX_CONTRACT_NAMES) {
    const out = output.contracts?.[fileOf(name)]?.[name];
    const object = out?.evm.deployedBytecode.object;
    if (!out || !object) throw new Error(`solc produced no runtime bytecode for ${name}`);
    result[name] = { abi: out.abi, runtimeBytecode: `0x${object}` };
  }

  // Atomic write (temp file + rename) so a concurrent reader never sees half a file.
  const tmp = `${cachePath}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(tmp, JSON.stringify(result));
    await rename(tmp, cachePath);
  } catch {
    // cache is an optimisation only
  }
  return result;
}
