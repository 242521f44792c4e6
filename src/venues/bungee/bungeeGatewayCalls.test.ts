import { readFileSync } from 'node:fs';
import { concat, decodeAbiParameters, encodeAbiParameters, parseAbiParameters, slice, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { CallIntent } from '../allowList.ts';
import { readBungeeGatewayCall, whyNotBungeeGatewayCall } from './bungeeGatewayCalls.ts';

/** Recorded SocketGateway calldata of Bungee Manual routes (fixtures/real/SOURCES.json). */
const recorded = (name: string): Hex => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8').trim() as Hex;
const CCTP = recorded('calldata-cctpv2-base-ethereum.hex');
const ACROSS_LEGACY = recorded('calldata-across-legacy-arbitrum-base.hex');

const CCTP_ARGS = parseAbiParameters('uint256, bytes32, address, address, uint256, uint32, uint256, uint256, uint32');
const LEGACY_ARGS = parseAbiParameters('uint256, (address[], address[], uint256[], uint32[], uint256, bytes32)');

const cctpIntent: CallIntent = { sourceChainId: 8453, sourceToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: 100_000_000n, recipient: '0x664B591AB924c6bb2caCA533Ed702386934A11d6', destinationChainId: 1 };
const acrossIntent: CallIntent = { sourceChainId: 42161, sourceToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: 1_000_000n, recipient: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', destinationChainId: 8453 };

/** The recorded CCTP v2 call with some of its arguments replaced (index → value). */
function cctpWith(changes: Readonly<Record<number, unknown>>): Hex {
  const args = [...decodeAbiParameters(CCTP_ARGS, slice(CCTP, 8))] as unknown[];
  for (const [index, value] of Object.entries(changes)) args[Number(index)] = value;
  return concat([slice(CCTP, 0, 8), encodeAbiParameters(CCTP_ARGS, args as never)]);
}

/** The recorded legacy Across call with its struct changed. */
function acrossWith(change: (data: [readonly string[], readonly string[], readonly bigint[], readonly number[], bigint, Hex]) => unknown[], amount?: bigint): Hex {
  const [recordedAmount, data] = decodeAbiParameters(LEGACY_ARGS, slice(ACROSS_LEGACY, 8));
  return concat([slice(ACROSS_LEGACY, 0, 8), encodeAbiParameters(LEGACY_ARGS, [amount ?? recordedAmount, change(data as never) as never])]);
}

describe('bungee SocketGateway call check', () => {
  it('reads the recorded CCTP v2 route call: route 0x1a6, 100 USDC to 0x664B… on Ethereum, 98 USDC after its fee', () => {
    const call = readBungeeGatewayCall(CCTP);
    expect(call).toMatchObject({ routeId: 0x1a6, name: 'CctpV2.bridgeERC20To', amount: 100_000_000n, destinationChainId: 1n, delivers: 98_000_000n });
    expect(whyNotBungeeGatewayCall(CCTP, 0n, cctpIntent)).toBeNull();
  });

  it('reads the recorded legacy Across route call (trailing tracking bytes and all)', () => {
    expect(readBungeeGatewayCall(ACROSS_LEGACY)).toMatchObject({ routeId: 0x19f, amount: 1_000_000n, destinationChainId: 8453n, delivers: 993_687n, outputToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
    expect(whyNotBungeeGatewayCall(ACROSS_LEGACY, 0n, acrossIntent)).toBeNull();
  });

  it('refuses the recorded CCTP call with another recipient, destination, amount or token', () => {
    expect(whyNotBungeeGatewayCall(cctpWith({ 2: '0x3333333333333333333333333333333333333333' }), 0n, cctpIntent)).toMatch(/pays 0x3333/);
    expect(whyNotBungeeGatewayCall(cctpWith({ 4: 10n, 5: 2 }), 0n, cctpIntent)).toMatch(/bridges to chain 10/);
    expect(whyNotBungeeGatewayCall(cctpWith({ 0: 99_000_000n }), 0n, cctpIntent)).toMatch(/bridges 99000000/);
    expect(whyNotBungeeGatewayCall(cctpWith({ 3: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' }), 0n, cctpIntent)).toMatch(/sends 0xfde4/);
  });

  it('refuses a CCTP call whose burn domain is not the chain it names (funds would land elsewhere)', () => {
    expect(whyNotBungeeGatewayCall(cctpWith({ 5: 3 }), 0n, cctpIntent)).toMatch(/domain 3, not chain 1/);
  });

  it('refuses the recorded Across call with another recipient, destination, amount or token', () => {
    expect(whyNotBungeeGatewayCall(acrossWith(([users, ...rest]) => [[users[0], '0x3333333333333333333333333333333333333333'], ...rest]), 0n, acrossIntent)).toMatch(/pays 0x3333/);
    expect(whyNotBungeeGatewayCall(acrossWith(([users, tokens, [out], ...rest]) => [users, tokens, [out, 10n], ...rest]), 0n, acrossIntent)).toMatch(/bridges to chain 10/);
    expect(whyNotBungeeGatewayCall(acrossWith((data) => data, 2_000_000n), 0n, acrossIntent)).toMatch(/bridges 2000000/);
    expect(whyNotBungeeGatewayCall(acrossWith(([users, [, output], ...rest]) => [users, ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', output], ...rest]), 0n, acrossIntent)).toMatch(/sends 0xFd08/);
  });

  it('refuses value beside an ERC-20 route and the native asset where a token was asked', () => {
    expect(whyNotBungeeGatewayCall(CCTP, 1n, cctpIntent)).toMatch(/carries 1 native units/);
    expect(whyNotBungeeGatewayCall(CCTP, 0n, { ...cctpIntent, sourceToken: null })).toMatch(/not the source token/);
  });

  it('refuses any route function it cannot read, SocketGateway functions, and short data', () => {
    expect(whyNotBungeeGatewayCall(concat([slice(CCTP, 0, 4), '0xdeadbeef', slice(CCTP, 8)]), 0n, cctpIntent)).toMatch(/function 0xdeadbeef/);
    // executeRoute-style direct gateway call: a real selector, not a small route id.
    expect(whyNotBungeeGatewayCall(concat(['0x6b02434b', slice(CCTP, 4)]), 0n, cctpIntent)).toMatch(/not a route/);
    expect(whyNotBungeeGatewayCall('0x000001a6', 0n, cctpIntent)).toMatch(/no Bungee route call/);
    expect(whyNotBungeeGatewayCall(concat([slice(CCTP, 0, 8), '0x1234']), 0n, cctpIntent)).toMatch(/does not decode/);
  });

  it('refuses a call without a destination chain to compare with', () => {
    expect(whyNotBungeeGatewayCall(CCTP, 0n, { ...cctpIntent, destinationChainId: null })).toMatch(/not the requested chain/);
  });
});
