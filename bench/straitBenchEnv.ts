import { VENUE_MODULES } from '../src/venues/venueModules.ts';

/** The V8 heap settings of the Docker image (Dockerfile `ENV NODE_OPTIONS`; test/deployConfig.test.ts keeps the two equal). */
export const DEPLOYED_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=16';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * The quote every phase sends: 100 USDC base → arbitrum. `userIp` is given so the two geo-gated
 * venues (houdini, sideshift) are candidates too: all 36 venues are asked.
 */
export const BENCH_QUOTE_BODY = {
  fromChain: 'base',
  toChain: 'arbitrum',
  fromToken: 'USDC',
  toToken: 'USDC',
  amountAtomic: '100000000',
  sender: USER,
  recipient: USER,
  userIp: '203.0.113.7',
} as const;

/**
 * The service's environment in every bench phase: defaults everywhere the figures depend on them
 * (quote deadline 1200 ms, early-answer minimum 400 ms, no fee wallet, so a row's `amountOutAtomic`
 * is the venue's own output), and only what a benchmark needs changed: no internet (fixed prices),
 * no worker (`serve --no-worker`), rate limits off (one client would be refused after 10 calls),
 * logs at `warn` (the default `info` writes two lines per request to stdout), a placeholder for every
 * credential a listed venue requires so all 36 are enabled. V8's heap is capped as the Docker image
 * caps it (DEPLOYED_NODE_OPTIONS): the RSS figures are those of the service as shipped.
 */
/** The placeholder every credential is set to: the real-dialect fakes the bench starts expect it. */
export const BENCH_CREDENTIAL = 'bench';

export function straitBenchEnv(fakesUrl: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const credentials = Object.fromEntries(VENUE_MODULES.flatMap((entry) => entry.requiredCredentials.map((name) => [`STRAIT_VENUE_${entry.id.toUpperCase()}_${name}`, BENCH_CREDENTIAL])));
  return {
    BENCH_FAKES_URL: fakesUrl,
    STRAIT_HOST: '127.0.0.1',
    STRAIT_PORT: '0',
    STRAIT_PRICE_SOURCE: 'fixed',
    STRAIT_WORKER: 'false',
    STRAIT_RATE_LIMIT_PER_MINUTE: '0',
    STRAIT_LOG_LEVEL: 'warn',
    // Coverage from the adapters' static tables: no background fetch of published lists during a run.
    STRAIT_VENUE_SNAPSHOTS: 'false',
    NODE_OPTIONS: DEPLOYED_NODE_OPTIONS,
    ...credentials,
    ...extra,
  };
}
