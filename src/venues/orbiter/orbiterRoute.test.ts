import { describe, expect, it } from 'vitest';
import { validatorOf } from '../../domain/validatorOf.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';
import { codeOfAmount, codedAmount } from './orbiterAmountCode.ts';
import { makerPayment, readMakerRoute, type MakerRoute } from './orbiterRoute.ts';
import { OrbiterChainListSchema, OrbiterSimulationSchema, type OrbiterChainList, type OrbiterSimulation } from './orbiterSchemas.ts';

/**
 * Orbiter's own documented answers (fixtures/real/, from Orbiter-Finance/openapi-example's API
 * document) read through the schemas and the route reader, and the amount code checked against them:
 * the value Orbiter's example sends is the code applied to a round amount.
 */

const SIMULATION = recordedAnswer(new URL('./fixtures/real/simulation-eth-to-arbitrum-vc9002.json', import.meta.url));
const CHAINS = recordedAnswer(new URL('./fixtures/real/chains-ethereum.json', import.meta.url));
const ETH_TO_ARBITRUM = { sourceChainId: 1, destinationChainId: 42161, decimals: 18 };
const MAKER = '0x80C67432656d59144cEFf962E8fAF8926599bCF8';

function route(): MakerRoute {
  const reading = readMakerRoute((SIMULATION as OrbiterSimulation).result.router, ETH_TO_ARBITRUM);
  if (!reading.ok) throw new Error(reading.reason);
  return reading.route;
}

describe('Orbiter’s documented answers', () => {
  it('pass the schemas as Orbiter wrote them', () => {
    expect(validatorOf(OrbiterSimulationSchema).Check(SIMULATION)).toBe(true);
    expect(validatorOf(OrbiterChainListSchema).Check(CHAINS)).toBe(true);
    const [ethereum] = (CHAINS as OrbiterChainList).result;
    expect(ethereum?.contract?.['0xc741900276cd598060b0fe6594fbe977392928f4']).toBe('OrbiterRouterV3');
  });

  it('read into the maker, the code, the limits and the time of the Ethereum → Arbitrum ETH route', () => {
    expect(route()).toEqual({
      line: '1/42161-ETH/ETH',
      sourceChainId: 1,
      destinationChainId: 42161,
      maker: MAKER,
      code: '9002',
      minAmount: 1_000_000_000_000_000n,
      maxAmount: 10_000_000_000_000_000_000n,
      seconds: 60,
    });
  });

  it('agree with the amount code: the value Orbiter simulated is 0.4512 ETH coded with the route’s vc', () => {
    const value = 451_200_000_000_009_002n; // the `value` of the simulation's request (its params.url)
    expect((SIMULATION.params as { url: string }).url).toContain(`value=${value}`);
    expect(codeOfAmount(value)).toBe(route().code);
    expect(codedAmount(451_200_000_000_000_000n, route().code)).toBe(value);
    expect(makerPayment(route(), value)).toEqual({ ok: true, payment: { chainId: 1, to: MAKER, value } });
    // The maker's payout ends in the nonce the request named (5000): the destination side's own code.
    expect(BigInt((SIMULATION as OrbiterSimulation).result.receiveAmount) % 10_000n).toBe(5000n);
  });
});

describe('a route Strait would not pay', () => {
  const router = (SIMULATION as OrbiterSimulation).result.router;
  const refused = (overrides: Partial<typeof router>, asked = ETH_TO_ARBITRUM) => {
    const reading = readMakerRoute({ ...router, ...overrides }, asked);
    return reading.ok ? null : reading.reason;
  };

  it('is refused when it names another corridor, a token, a disabled state, no maker or an odd code', () => {
    expect(refused({}, { ...ETH_TO_ARBITRUM, destinationChainId: 10 })).toMatch(/not 1 → 10/);
    expect(refused({ line: '1/10-ETH/ETH' })).toMatch(/line/);
    expect(refused({ srcToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toMatch(/token/);
    expect(refused({ state: 'disabled' })).toMatch(/disabled/);
    expect(refused({ endpoint: '0x0000000000000000000000000000000000000000' })).toMatch(/maker/);
    expect(refused({ endpoint: 'maker' })).toMatch(/maker/);
    // Orbiter's routers example shows a five-digit safe code: it would overwrite a digit of the amount.
    expect(refused({ vc: '19105' })).toMatch(/code/);
    expect(refused({ vc: '8002' })).toMatch(/code/);
    expect(refused({ minAmt: '11' })).toMatch(/limits/);
  });

  it('is below_min or above_max when the coded amount leaves the route’s limits', () => {
    expect(makerPayment(route(), 999_999_999_999_000n)).toMatchObject({ ok: false, code: 'below_min' });
    expect(makerPayment(route(), 9_999n)).toMatchObject({ ok: false, code: 'below_min' });
    expect(makerPayment(route(), 10_000_000_000_000_010_000n)).toMatchObject({ ok: false, code: 'above_max' });
    expect(makerPayment(route(), 10_000_000_000_000_000_000n)).toMatchObject({ ok: true, payment: { value: 9_999_999_999_999_999_002n } });
    expect(makerPayment(route(), 1_000_000_000_000_000n)).toMatchObject({ ok: false, code: 'below_min' });
    expect(makerPayment(route(), 1_000_000_000_010_000n)).toMatchObject({ ok: true, payment: { value: 1_000_000_000_009_002n } });
  });

  it('never takes more than the amount: a code above its last digits is carried by the next 10⁴ down', () => {
    for (const amount of [451_200_000_000_009_002n, 451_200_000_000_009_999n, 451_200_000_000_009_001n, 451_200_000_000_000_000n]) {
      const payment = makerPayment(route(), amount);
      if (!payment.ok) throw new Error(payment.reason);
      expect(payment.payment.value <= amount && amount - payment.payment.value < 20_000n, String(amount)).toBe(true);
      expect(codeOfAmount(payment.payment.value)).toBe('9002');
    }
    expect(makerPayment(route(), 451_200_000_000_009_001n)).toMatchObject({ ok: true, payment: { value: 451_199_999_999_999_002n } });
  });
});
