import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { formatUsdc, parseUsdc, recoverActionSigner, signSpotSend, signUsdClassTransfer, signUsdSend, SPOT_USDC_TOKEN } from './hyperCoreActions.ts';

describe('formatUsdc / parseUsdc', () => {
  it('writes atomic USDC as the exchange writes amounts', () => {
    expect(formatUsdc(25_500_000n)).toBe('25.5');
    expect(formatUsdc(25_000_000n)).toBe('25');
    expect(formatUsdc(1n)).toBe('0.000001');
    expect(formatUsdc(0n)).toBe('0');
    expect(() => formatUsdc(-1n)).toThrow(RangeError);
  });

  it('reads the API decimals rounding down, 8 decimals and float noise included', () => {
    expect(parseUsdc('25.5')).toBe(25_500_000n);
    expect(parseUsdc('1.0')).toBe(1_000_000n);
    expect(parseUsdc('25.00000001')).toBe(25_000_000n);
    expect(parseUsdc('0.99999999')).toBe(999_999n);
    // The real ledger (fixtures/real/ledger-updates-deposit-class-spot.json) carries float noise.
    expect(parseUsdc('2703997.4500000002')).toBe(2_703_997_450_000n);
    expect(parseUsdc('2684105.0099999998')).toBe(2_684_105_009_999n);
    expect(() => parseUsdc('-1')).toThrow(RangeError);
    expect(() => parseUsdc('1e3')).toThrow(RangeError);
  });

  it('round-trips every atomic amount', () => {
    for (const atomic of [0n, 1n, 10n, 999_999n, 1_000_000n, 5_100_000n, 123_456_789_012n]) expect(parseUsdc(formatUsdc(atomic))).toBe(atomic);
  });
});

describe('known vectors of the official SDKs', () => {
  it('usdSend matches hyperliquid-python-sdk tests/signing_test.py test_sign_usd_transfer_action (Testnet, 0x66eee)', async () => {
    const wallet = privateKeyToAccount('0x0123456789012345678901234567890123456789012345678901234567890123');
    const signed = await signUsdSend(wallet, { network: 'Testnet', destination: '0x5e9ee1089755c3435139848e47e6635505d5a13a', amountAtomic: 1_000_000n, nonce: 1687816341423 });
    expect(signed.action).toEqual({ type: 'usdSend', signatureChainId: '0x66eee', hyperliquidChain: 'Testnet', destination: '0x5e9ee1089755c3435139848e47e6635505d5a13a', amount: '1', time: 1687816341423 });
    expect(signed.signature).toEqual({
      r: '0x637b37dd731507cdd24f46532ca8ba6eec616952c56218baeff04144e4a77073',
      s: '0x11a6a24900e6e314136d2592e2f8d502cd89b7c15b198e1bee043c9589f9fad7',
      v: 27,
    });
    expect(signed.nonce).toBe(1687816341423);
  });

  it('usdSend matches nktkas/hyperliquid tests/signing/mod.test.ts USER_SIGNED_ACTION (Mainnet signed for 0x66eee)', async () => {
    const wallet = privateKeyToAccount('0x822e9959e022b78423eb653a62ea0020cd283e71a2a8133a6ff2aeffaf373cff');
    const signed = await signUsdSend(wallet, { network: 'Mainnet', destination: '0x1234567890123456789012345678901234567890', amountAtomic: 1_000_000_000n, nonce: 1234567890, signatureChainId: '0x66eee' });
    expect(signed.signature).toEqual({
      r: '0xf777c38efe7c24cc71209526ae608f4e384d0586edf578f0e97b4b9f7c7adcc6',
      s: '0x104a4a97c48ae77bf5bd777bdd45fe72d8f5ff29116b5ff64fd8cfe4ea610786',
      v: 28,
    });
  });
});

describe('signing and recovery', () => {
  const relayer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const destination = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it('signs Mainnet actions for Arbitrum One (0xa4b1) and recovers the signer from each', async () => {
    const perps = await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 25_500_000n, nonce: 1767225600000 });
    const spot = await signSpotSend(relayer, { network: 'Mainnet', destination, amountAtomic: 7_000_000n, nonce: 1767225600001 });
    const klass = await signUsdClassTransfer(relayer, { network: 'Mainnet', amountAtomic: 3_000_000n, toPerp: false, nonce: 1767225600002 });
    expect(perps.action).toMatchObject({ signatureChainId: '0xa4b1', hyperliquidChain: 'Mainnet', destination: destination.toLowerCase(), amount: '25.5', time: 1767225600000 });
    expect(spot.action).toMatchObject({ type: 'spotSend', token: SPOT_USDC_TOKEN, amount: '7' });
    expect(klass.action).toEqual({ type: 'usdClassTransfer', signatureChainId: '0xa4b1', hyperliquidChain: 'Mainnet', amount: '3', toPerp: false, nonce: 1767225600002 });
    for (const signed of [perps, spot, klass]) {
      expect([27, 28]).toContain(signed.signature.v);
      expect(await recoverActionSigner(signed)).toBe(relayer.address);
    }
  });

  it('recovers another address once the signed action is changed, as the exchange does', async () => {
    const signed = await signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 1_000_000n, nonce: 1767225600000 });
    expect(await recoverActionSigner({ ...signed, action: { ...signed.action, amount: '100' } })).not.toBe(relayer.address);
    expect(await recoverActionSigner({ ...signed, action: { ...signed.action, hyperliquidChain: 'Testnet' } })).not.toBe(relayer.address);
  });

  it('survives JSON (the form a credit is stored in before it is sent)', async () => {
    const signed = await signSpotSend(relayer, { network: 'Testnet', destination, amountAtomic: 5_100_000n, nonce: 1767225600000 });
    expect(await recoverActionSigner(JSON.parse(JSON.stringify(signed)) as typeof signed)).toBe(relayer.address);
  });

  it('refuses a nonce that is not a positive integer', async () => {
    await expect(signUsdSend(relayer, { network: 'Mainnet', destination, amountAtomic: 1n, nonce: 0 })).rejects.toThrow(RangeError);
  });
});
