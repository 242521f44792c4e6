import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utils as tronUtils } from 'tronweb';
import { decodeTronRawData, type TronRawData } from '../chains/tron/tronRawData.ts';
import { resolveToken } from '../domain/tokens.ts';
import type { TronStep } from '../domain/steps.ts';
import { ALLBRIDGE_BRIDGE_SELECTORS, whyNotAllbridgeTronCall } from '../venues/allbridge/allbridgeBridgeCalls.ts';
import { MAX_TRON_FEE_LIMIT_SUN, tronApprovalSteps, tronStepOf, whyNotAllowedTron } from './tronSteps.ts';
import type { StepRules } from './vetSteps.ts';

/**
 * The Tron allow-list check, on the mainnet-shaped Allbridge call of the venue's fixtures: what a
 * `tron` step may do at build and again at submit, and what it may not.
 */

const fixture = JSON.parse(readFileSync(new URL('../venues/allbridge/fixtures/synthetic/raw-bridge-tron-usdt-to-arb.json', import.meta.url), 'utf8')) as { raw_data_hex: string };
const SENDER = 'TB4K8DV1CDsuT6SGdQ2L2je4XG88KSrgRh';
const BRIDGE = 'TAuErcuAtU6BPt6YwL51JZ4RpDCPQASCU2';
const USDT = resolveToken('tron', 'USDT')!;
const raw = decodeTronRawData(fixture.raw_data_hex);
const main = tronStepOf('main', raw);
const rules: StepRules = {
  venue: 'allbridge',
  allowList: { calls: [], transferRecipients: [], tronCalls: [{ contract: BRIDGE, selectors: ALLBRIDGE_BRIDGE_SELECTORS.map((selector) => selector.slice(2)), check: whyNotAllbridgeTronCall }] },
  chainId: -1,
  sourceToken: USDT,
  amountIn: 100_500_000n,
  depositAddress: null,
  feeRecipients: [],
  nativeFee: 59_136_000n,
  intent: { sourceChainId: -1, sourceToken: USDT.address, amount: 100_500_000n, recipient: '0x2222222222222222222222222222222222222222', destinationChainId: 42161 },
};
const call = (changes: Partial<Extract<TronRawData['contract'], { type: 'TriggerSmartContract' }>>): TronRawData => ({ ...raw, contract: { ...(raw.contract as Extract<TronRawData['contract'], { type: 'TriggerSmartContract' }>), ...changes } });

describe('whyNotAllowedTron', () => {
  it('passes the checked bridge call and the exact approve Strait builds for it', async () => {
    expect(whyNotAllowedTron(main, rules, SENDER)).toBeNull();
    const [approve] = await tronApprovalSteps({ vm: 'tron', token: USDT.address!, spender: BRIDGE, amount: 100_500_000n }, SENDER, main);
    expect(whyNotAllowedTron(approve!, rules, SENDER)).toBeNull();
  });

  it('refuses another signer, an unbounded fee limit, display fields that lie, another contract, more call value, a changed call', () => {
    const other = tronUtils.address.fromPrivateKey('a'.repeat(64)) as string;
    expect(whyNotAllowedTron(main, rules, other)).toMatch(/not the sender/);
    expect(whyNotAllowedTron(tronStepOf('main', { ...raw, feeLimit: MAX_TRON_FEE_LIMIT_SUN + 1n }), rules, SENDER)).toMatch(/fee limit/);
    const lying: TronStep = { ...main, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    expect(whyNotAllowedTron(lying, rules, SENDER)).toMatch(/not its raw data/);
    expect(whyNotAllowedTron({ ...main, txID: '00'.repeat(32) }, rules, SENDER)).toMatch(/txID/);
    expect(whyNotAllowedTron(tronStepOf('main', call({ contract: `41${'44'.repeat(20)}` })), rules, SENDER)).toMatch(/allow-list/);
    expect(whyNotAllowedTron(tronStepOf('main', call({ callValue: 59_136_001n })), rules, SENDER)).toMatch(/sun beside the call/);
    const data = (raw.contract as { data: string }).data;
    expect(whyNotAllowedTron(tronStepOf('main', call({ data: data.slice(0, 8 + 64 * 2) + `${'0'.repeat(24)}${'33'.repeat(20)}` + data.slice(8 + 64 * 3) })), rules, SENDER)).toMatch(/pays/);
    expect(whyNotAllowedTron(tronStepOf('main', call({})), { ...rules, intent: undefined }, SENDER)).toMatch(/without the transfer/);
  });

  it('refuses an approve above the amount or to a contract the venue may not call', async () => {
    const approve = async (spender: string, amount: bigint) => (await tronApprovalSteps({ vm: 'tron', token: USDT.address!, spender, amount }, SENDER, main))[0]!;
    expect(whyNotAllowedTron(await approve(BRIDGE, 100_500_001n), rules, SENDER)).toMatch(/more than/);
    expect(whyNotAllowedTron(await approve('TWU3j4etqPT4zSwABPrgmak3uXFSkxpPwM', 1n), rules, SENDER)).toMatch(/may not call/);
  });

  it('lets a deposit funding pay only the deposit address', () => {
    const depositRules = { ...rules, depositAddress: 'TWU3j4etqPT4zSwABPrgmak3uXFSkxpPwM' };
    const usdtHex = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
    const pay = (to: string) => tronStepOf('main', call({ contract: usdtHex, callValue: 0n, data: `a9059cbb${'0'.repeat(24)}${to.slice(2)}${(5n).toString(16).padStart(64, '0')}` }));
    expect(whyNotAllowedTron(pay('41e0d6d5e5bef141007f8d78cdfca214b293a23f83'), depositRules, SENDER)).toBeNull();
    expect(whyNotAllowedTron(pay(`41${'55'.repeat(20)}`), depositRules, SENDER)).toMatch(/not the deposit address/);
  });
});
