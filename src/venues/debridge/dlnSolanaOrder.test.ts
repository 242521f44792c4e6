import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountSourceAt, type SvmLookupTables } from '../../chains/svm/addressLookupTables.ts';
import { decodeSvmTransaction } from '../../chains/svm/decodeSvmTransaction.ts';
import type { CallIntent } from '../allowList.ts';
import { DLN_SOLANA_SOURCE } from './debridgeChains.ts';
import { dlnSolanaOrderOf, whyNotDlnSolanaOrder } from './dlnSolanaOrder.ts';
import { encodeDlnSolanaOrderTx } from './encodeDlnSolanaOrderTx.ts';

/** A mainnet DLN order transaction from Solana (fixtures/real/SOURCES.json says where it was recorded). */
const REAL = decodeSvmTransaction(readFileSync(new URL('./fixtures/real/dln-solana-order-tx-jupiter-preswap.hex', import.meta.url), 'utf8'), 'hex');
const RECEIVER = '0x9528cf48a8deb982b5549d72abbb764ffdbce301';
const MAKER = '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
/** Where the real order's tokenMint account comes from: the read-only entries of its first table. */
const MINT_TABLE = '8Vaso6eE1pWktDHwy2qQBB1fhjmBgwzhoXQKe1sxtFjn';
const MINT_ENTRY = (accountSourceAt(REAL, REAL.instructions.find((ix) => REAL.staticAccounts[ix.programIdIndex] === DLN_SOLANA_SOURCE)!.accountIndexes[2]!) as { entry: number }).entry;

/**
 * The mainnet tables' contents were not recorded with the transaction: these stand-ins (synthetic)
 * hold `mint` at the entry the order loads and filler elsewhere.
 */
function tablesWith(mint: string): SvmLookupTables {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => (i === MINT_ENTRY ? mint : '11111111111111111111111111111111'));
  return { [MINT_TABLE]: filler(64), '8As5Fmu4Eum1BJnfWWCvQpHRme73FSwkpPyiFkxoPop1': filler(16).map((a) => (a === mint ? '11111111111111111111111111111111' : a)) };
}

describe('the DlnSource order of a Solana transaction', () => {
  it('reads every field of a real create_order_with_nonce', () => {
    expect(dlnSolanaOrderOf(REAL)).toEqual({
      instruction: 'create_order_with_nonce',
      giveAmount: 21_567_102n,
      takeChainId: 8453n,
      takeToken: '0x532f27101965dd16442e59d40670faf5ebb142e4',
      takeAmount: 135_493_208_822_725_723_827n,
      receiverDst: RECEIVER,
      hasExternalCall: false,
      givePatchAuthoritySrc: MAKER,
      allowedCancelBeneficiarySrc: null,
      orderAuthorityDst: RECEIVER,
      allowedTakerDst: null,
      hasAffiliateFee: false,
      // Loaded through a lookup table there: not comparable without the table.
      tokenMint: { table: MINT_TABLE, entry: MINT_ENTRY },
    });
  });

  it('compares a mint loaded from a lookup table through the table read from the chain, and refuses it unread', () => {
    const intent: CallIntent = { sourceChainId: -1, sourceToken: USDC, amount: 21_567_102n, recipient: RECEIVER, destinationChainId: 8453 };
    expect(whyNotDlnSolanaOrder(REAL, intent, tablesWith(USDC))).toBeNull();
    expect(dlnSolanaOrderOf(REAL, tablesWith(USDC))).toMatchObject({ tokenMint: USDC });
    // A lying answer: the same order, with another mint behind the table's entry.
    expect(whyNotDlnSolanaOrder(REAL, intent, tablesWith(USDT))).toBe(`gives ${USDT}, not the source token ${USDC}`);
    expect(whyNotDlnSolanaOrder(REAL, intent, null)).toMatch(/^loads its token mint from a lookup table Strait did not read \(entry \d+ of 8Vaso/);
    // A table shorter than the entry the message loads names no mint.
    expect(whyNotDlnSolanaOrder(REAL, intent, { ...tablesWith(USDC), [MINT_TABLE]: [] })).toBe('names no token mint account');
    // The adapter leaves the table to the engine.
    expect(whyNotDlnSolanaOrder(REAL, intent, 'checked-later')).toBeNull();
  });

  it('finds the real order doing what its transfer asked, and refuses it for another receiver, chain or amount', () => {
    const intent: CallIntent = { sourceChainId: -1, sourceToken: USDC, amount: 21_567_102n, recipient: RECEIVER, destinationChainId: 8453 };
    expect(whyNotDlnSolanaOrder(REAL, intent, tablesWith(USDC))).toBeNull();
    expect(whyNotDlnSolanaOrder(REAL, { ...intent, recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, tablesWith(USDC))).toMatch(/^pays 0x9528/);
    expect(whyNotDlnSolanaOrder(REAL, { ...intent, destinationChainId: 42161 }, tablesWith(USDC))).toMatch(/not 42161 \(arbitrum\)/);
    expect(whyNotDlnSolanaOrder(REAL, { ...intent, amount: 21_567_101n }, tablesWith(USDC))).toMatch(/^gives 21567102/);
    expect(whyNotDlnSolanaOrder(REAL, { ...intent, destinationChainId: null }, tablesWith(USDC))).toMatch(/not an EVM chain/);
  });

  it('reads back what the fake encodes, and refuses the mint it does not give', () => {
    const wire = encodeDlnSolanaOrderTx({ maker: MAKER, mint: USDC, giveAmount: 5n, takeChainId: 8453n, takeToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', takeAmount: 4n, receiverDst: RECEIVER, orderAuthorityDst: RECEIVER, nonce: 7n, blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' });
    const tx = decodeSvmTransaction(Buffer.from(wire).toString('hex'), 'hex');
    expect(dlnSolanaOrderOf(tx)).toMatchObject({ giveAmount: 5n, takeAmount: 4n, tokenMint: USDC, givePatchAuthoritySrc: MAKER });
    const intent: CallIntent = { sourceChainId: -1, sourceToken: USDC, amount: 5n, recipient: RECEIVER, destinationChainId: 8453 };
    expect(whyNotDlnSolanaOrder(tx, intent, null)).toBeNull();
    expect(whyNotDlnSolanaOrder(tx, { ...intent, sourceToken: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' }, null)).toMatch(/^gives EPjF/);
  });

  it('refuses a transaction with no order, or data that is not one', () => {
    const wire = encodeDlnSolanaOrderTx({ maker: MAKER, mint: USDC, giveAmount: 5n, takeChainId: 8453n, takeToken: RECEIVER, takeAmount: 4n, receiverDst: RECEIVER, orderAuthorityDst: RECEIVER, nonce: 7n, blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' });
    const tx = decodeSvmTransaction(Buffer.from(wire).toString('hex'), 'hex');
    const order = tx.instructions[1]!;
    expect(dlnSolanaOrderOf({ ...tx, instructions: [tx.instructions[0]!] })).toBe('invokes DlnSource 0 times, not once');
    expect(dlnSolanaOrderOf({ ...tx, instructions: [{ ...order, data: order.data.subarray(0, 30) }] })).toMatch(/cannot read \(truncated\)/);
    expect(dlnSolanaOrderOf({ ...tx, instructions: [{ ...order, data: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8) }] })).toMatch(/not an order placement/);
  });
});
