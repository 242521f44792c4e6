import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, getAddress, http, type Address } from 'viem';
import { createEvmRpc, type EvmRpc } from '../../chains/evm/createEvmRpc.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { AppError } from '../../domain/errors.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { startAnvil, type AnvilInstance } from '../../sandbox/anvil.ts';
import { compileSandboxContracts } from '../../sandbox/compileContracts.ts';
import type { VenueRegistry } from '../../venues/createVenueRegistry.ts';
import type { Corridor, Venue } from '../../venues/Venue.ts';
import { createTokenDirectory, TOKEN_LIST_TTL_MS } from './tokenDirectory.ts';

// Uniswap's UNI on Ethereum: in the vendored public list, not in Strait's registry.
const UNI = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
// Relay's quickstart `GET /chains` sample lists SIPHER on Optimism (relay fixtures/real); no public list has it.
const SIPHER = getAddress('0xb94944669f7967e16588e55ac41be0d5ef399dcd');
const SIPHER_OPTIMISM: TokenInfo = { chain: 'optimism', symbol: 'SIPHER', address: SIPHER, decimals: 18 };

interface StubOptions {
  readonly origins?: readonly ChainKey[];
  readonly serves?: (corridor: Corridor) => boolean;
  readonly tokens?: Partial<Record<string, readonly TokenInfo[]>>;
}

function stubVenue(id: string, options: StubOptions): Venue {
  const unused = () => Promise.reject(new Error('not used by the directory'));
  return {
    id,
    supports: (corridor) => (options.serves?.(corridor) ?? true ? { served: true } : { served: false, code: 'token_not_supported', message: 'no' }),
    coverage: () => ({ origins: options.origins ?? ['ethereum', 'optimism', 'base', 'arbitrum'], tokenSymbols: () => [] }),
    quote: unused,
    build: unused,
    status: unused,
    ...(options.tokens ? { tokens: (chain: ChainKey) => options.tokens?.[chain] ?? [] } : {}),
  };
}

/** A registry of routable venues as the directory reads it (`routable`, `get`). */
function registryOf(venues: readonly Venue[]): VenueRegistry {
  const entries = venues.map((venue) => ({ id: venue.id, venue, enabled: true }));
  return { all: entries, get: (id: string) => entries.find((e) => e.id === id), routable: () => entries } as unknown as VenueRegistry;
}

function directoryWith(venues: readonly Venue[], options: { rpc?: (chain: ChainKey) => EvmRpc | null; now?: () => number } = {}) {
  return createTokenDirectory({ venues: registryOf(venues), rpc: options.rpc ?? (() => null), now: options.now ?? (() => 1_000) });
}

/** Only USDC-family symbols and the chains' natives: the shape of a venue with a static table. */
const tableVenue = (id: string) => stubVenue(id, { serves: (c) => [c.fromToken, c.toToken].every((t) => t.address === null || ['USDC', 'USDT', 'WETH'].includes(t.symbol)) });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('resolve', () => {
  it('takes symbols from the registry only, exactly as before', async () => {
    const directory = directoryWith([tableVenue('table')]);
    expect(await directory.resolve('ethereum', 'usdc', 'fromToken')).toEqual({ token: resolveToken('ethereum', 'USDC'), source: 'registry' });
    expect(await directory.resolve('ethereum', null, 'fromToken')).toMatchObject({ token: { symbol: 'ETH', address: null }, source: 'registry' });
    // UNI is in the public list, but a symbol can name several tokens: only addresses go beyond the registry.
    expect(await directory.resolve('ethereum', 'UNI', 'fromToken')).toBeUndefined();
  });

  it('keeps HyperCore to its two named balances', async () => {
    const directory = directoryWith([tableVenue('table')]);
    expect(await directory.resolve('hypercore', 'USDC (perps)', 'toToken')).toMatchObject({ token: { symbol: 'USDC (perps)', address: null }, source: 'registry' });
    expect(await directory.resolve('hypercore', '0x6D1E7CDE53BA9467B783CB7C530CE054', 'toToken')).toMatchObject({ token: { symbol: 'USDC (spot)' }, source: 'registry' });
    expect(await directory.resolve('hypercore', 'USDC', 'toToken')).toBeUndefined();
    expect(await directory.resolve('hypercore', SIPHER, 'toToken')).toBeUndefined();
  });

  it('resolves an address through the public list, then the venues\' lists, and remembers it for build and status', async () => {
    const listing = stubVenue('lister', { tokens: { optimism: [SIPHER_OPTIMISM], ethereum: [{ chain: 'ethereum', symbol: 'FAKEUNI', address: UNI, decimals: 6 }] } });
    const directory = directoryWith([listing]);
    // The committed list wins over a venue's live answer for the same address.
    expect(await directory.resolve('ethereum', UNI.toLowerCase(), 'fromToken')).toEqual({ token: { chain: 'ethereum', symbol: 'UNI', address: UNI, decimals: 18 }, source: 'public_list' });
    expect(await directory.resolve('optimism', SIPHER.toLowerCase(), 'fromToken')).toEqual({ token: SIPHER_OPTIMISM, source: 'venue_list' });
    expect(resolveToken('optimism', SIPHER.toLowerCase())).toEqual(SIPHER_OPTIMISM);
    // By address only: the remembered token gives no symbol a meaning.
    expect(resolveToken('optimism', 'SIPHER')).toBeUndefined();
  });

  it('drops a venue list entry it cannot trust (control characters, absurd decimals, invalid address)', async () => {
    const bad = stubVenue('bad', {
      tokens: {
        base: [
          { chain: 'base', symbol: 'EVIL\u0007', address: '0x1111111111111111111111111111111111111111', decimals: 18 },
          { chain: 'base', symbol: 'WIDE', address: '0x2222222222222222222222222222222222222222', decimals: 99 },
          { chain: 'base', symbol: 'NOPE', address: '0x12', decimals: 18 },
        ],
      },
    });
    const directory = directoryWith([bad]);
    for (const address of ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222']) {
      expect((await refusal(directory.resolve('base', address, 'fromToken'))).code).toBe('token_not_priced');
    }
    expect(await directory.resolve('base', '0x12', 'fromToken')).toBeUndefined();
  });

  it('refuses a valid address it cannot learn with token_not_priced naming chain and address; an invalid one stays unknown', async () => {
    const directory = directoryWith([tableVenue('table')]);
    const address = '0x000000000000000000000000000000000000dEaD';
    const error = await refusal(directory.resolve('base', address, 'toToken'));
    expect(error.code).toBe('token_not_priced');
    expect(error.message).toContain(address);
    expect(error.message).toContain('base');
    expect(error.details).toEqual({ field: 'toToken', chain: 'base', address });
    expect(await directory.resolve('base', '0xnot-an-address', 'toToken')).toBeUndefined();
    expect(await directory.resolve('solana', '0x000000000000000000000000000000000000dEaD', 'toToken')).toBeUndefined();
  });
});

describe('resolve through the chain RPC (anvil)', () => {
  let anvil: AnvilInstance;
  let rpc: EvmRpc;
  let calls = 0;
  const TOKEN: Address = getAddress('0x00000000000000000000000000000000000a11ce');
  const NO_CODE: Address = '0x00000000000000000000000000000000000b0b00';

  beforeAll(async () => {
    const [chain, contracts] = await Promise.all([startAnvil({ chainId: 8453 }), compileSandboxContracts()]);
    anvil = chain;
    // The sandbox USDC's name, symbol and decimals are constants: its runtime code alone answers them.
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setCode({ address: TOKEN, bytecode: contracts.SandboxUSDC.runtimeBytecode });
    const real = createEvmRpc(anvil.rpcUrl);
    const readContract = real.client.readContract.bind(real.client);
    rpc = { ...real, client: { ...real.client, readContract: ((args: Parameters<typeof readContract>[0]) => { calls += 1; return readContract(args); }) as typeof readContract } };
  }, 120_000);
  afterAll(() => anvil?.stop());

  it('reads decimals() and symbol() once, then answers from its cache', async () => {
    const directory = directoryWith([tableVenue('table')], { rpc: (chain) => (chain === 'base' ? rpc : null) });
    const first = await directory.resolve('base', TOKEN.toLowerCase(), 'fromToken');
    expect(first).toEqual({ token: { chain: 'base', symbol: 'USDC', address: TOKEN, decimals: 6 }, source: 'rpc' });
    const asked = calls;
    expect(asked).toBe(2);
    expect(await directory.resolve('base', TOKEN, 'fromToken')).toEqual(first);
    expect(calls).toBe(asked);
  });

  it('answers unknown (not a token) where no ERC-20 answers, and chain_unavailable when the RPC is down', async () => {
    const directory = directoryWith([tableVenue('table')], { rpc: () => rpc });
    expect(await directory.resolve('base', NO_CODE, 'fromToken')).toBeUndefined();
    const down = directoryWith([tableVenue('table')], { rpc: () => createEvmRpc('http://127.0.0.1:9/', { timeoutMs: 500 }) });
    expect((await refusal(down.resolve('base', '0x00000000000000000000000000000000000c0c00', 'fromToken'))).code).toBe('chain_unavailable');
  });
});

describe('priced', () => {
  const UNI_TOKEN: TokenInfo = { chain: 'ethereum', symbol: 'UNI', address: UNI, decimals: 18 };
  const USDC_BASE = resolveToken('base', 'USDC') as TokenInfo;

  it('is true when some venue serves the corridor, false when none does', () => {
    expect(directoryWith([tableVenue('table')]).priced({ fromChain: 'ethereum', toChain: 'base', fromToken: UNI_TOKEN, toToken: USDC_BASE })).toBe(false);
    expect(directoryWith([tableVenue('table'), stubVenue('any', {})]).priced({ fromChain: 'ethereum', toChain: 'base', fromToken: UNI_TOKEN, toToken: USDC_BASE })).toBe(true);
  });
});

describe('list', () => {
  it('lists the native, registry, public list and venue list tokens once each, with the venues pricing them', () => {
    const lister = stubVenue('lister', { tokens: { optimism: [SIPHER_OPTIMISM, { ...SIPHER_OPTIMISM, symbol: 'DUP' }] } });
    const any = stubVenue('any', {});
    const nowhere = stubVenue('nowhere', { origins: ['solana'], serves: () => false });
    const tokens = directoryWith([tableVenue('table'), lister, any, nowhere]).list('optimism');
    expect(tokens[0]).toMatchObject({ address: null, symbol: 'ETH', source: 'registry', venues: ['table', 'lister', 'any'] });
    expect(tokens.find((t) => t.symbol === 'USDC' && t.source === 'registry')).toMatchObject({ venues: ['table', 'lister', 'any'] });
    const sipher = tokens.filter((t) => t.address?.toLowerCase() === SIPHER.toLowerCase());
    expect(sipher).toEqual([{ ...SIPHER_OPTIMISM, source: 'venue_list', venues: ['lister', 'any'] }]);
    expect(tokens.some((t) => t.source === 'public_list')).toBe(true);
    const addresses = tokens.map((t) => t.address?.toLowerCase() ?? 'native');
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('reuses a listing for 30 s, then builds it again', () => {
    let now = 1_000;
    let listed: readonly TokenInfo[] = [];
    const lister = stubVenue('lister', { tokens: { optimism: [] } });
    const venue: Venue = { ...lister, tokens: () => listed };
    const directory = directoryWith([venue], { now: () => now });
    const first = directory.list('optimism');
    listed = [SIPHER_OPTIMISM];
    expect(directory.list('optimism')).toBe(first);
    now += TOKEN_LIST_TTL_MS;
    expect(directory.list('optimism').some((t) => t.symbol === 'SIPHER')).toBe(true);
  });

  it('lists HyperCore\'s two balances and nothing else', () => {
    const tokens = directoryWith([stubVenue('any', { tokens: { hypercore: [SIPHER_OPTIMISM] } })]).list('hypercore');
    expect(tokens.map((t) => t.symbol)).toEqual(['USDC (perps)', 'USDC (spot)']);
  });
});
