import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Eip712Step, JsonObject, TypedDataPayload } from '../domain/steps.ts';
import type { TokenInfo } from '../domain/tokens.ts';
import type { VenueAllowList } from '../venues/allowList.ts';
import { whyNotAllowedEip712 } from './vetEip712Step.ts';
import type { StepRules } from './vetSteps.ts';

const SETTLER = getAddress('0x00000000000000000000000000000000005e771e');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const RECIPIENT = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
const USDC = getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
const DOMAIN = { name: 'Settler', version: '1', chainId: 8453, verifyingContract: SETTLER };

const ORDER: TypedDataPayload = {
  domain: { ...DOMAIN },
  types: {
    Order: [
      { name: 'recipient', type: 'address' },
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'deadline', type: 'uint32' },
      { name: 'legs', type: 'Leg[]' },
    ],
    Leg: [
      { name: 'chainId', type: 'uint256' },
      { name: 'salt', type: 'bytes32' },
    ],
  },
  primaryType: 'Order',
  message: { recipient: RECIPIENT, token: USDC, amount: '1000000', deadline: 4_000_000_000, legs: [{ chainId: '42161', salt: `0x${'ab'.repeat(32)}` }] },
};

const allowList: VenueAllowList = {
  calls: [],
  transferRecipients: [],
  typedData: [
    {
      chainId: 8453,
      domain: DOMAIN,
      primaryTypes: ['Order'],
      check: (t, intent) => {
        const m = t.message as { recipient: string; amount: string };
        if (m.recipient.toLowerCase() !== intent.recipient.toLowerCase()) return `names recipient ${m.recipient}`;
        return BigInt(m.amount) === intent.amount ? null : `spends ${m.amount}`;
      },
    },
  ],
};

const rules: StepRules = {
  venue: 'settler',
  allowList,
  chainId: 8453,
  sourceToken: { chain: 'base', symbol: 'USDC', address: USDC, decimals: 6 } as TokenInfo,
  amountIn: 1_000_000n,
  depositAddress: null,
  feeRecipients: [],
  intent: { sourceChainId: 8453, sourceToken: USDC, amount: 1_000_000n, recipient: RECIPIENT, destinationChainId: 42161 },
};

const step = (typedData: TypedDataPayload, extra: Partial<Eip712Step> = {}): Eip712Step => ({ vm: 'eip712', step: 'main', chainId: 8453, typedData, ...extra });
const withMessage = (patch: JsonObject): TypedDataPayload => ({ ...ORDER, message: { ...ORDER.message, ...patch } });
const withDomain = (patch: JsonObject): TypedDataPayload => ({ ...ORDER, domain: { ...ORDER.domain, ...patch } });

describe('whyNotAllowedEip712', () => {
  it('allows the allow-listed domain and type whose message matches the transfer, in any address case', () => {
    expect(whyNotAllowedEip712(step(ORDER), rules)).toBeNull();
    expect(whyNotAllowedEip712(step(withDomain({ verifyingContract: SETTLER.toLowerCase(), chainId: '8453' })), rules)).toBeNull();
    const explicitDomain = { ...ORDER, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...ORDER.types } };
    expect(whyNotAllowedEip712(step(explicitDomain), rules)).toBeNull();
  });

  const refused: [string, Eip712Step, RegExp][] = [
    ['a signature on another chain', step(ORDER, { chainId: 1 }), /not the source chain/],
    ['a fee step', step(ORDER, { step: 'fee' }), /fee paid by signature/],
    ['another verifying contract', step(withDomain({ verifyingContract: EVIL })), /not on settler's allow-list/],
    ['another domain name', step(withDomain({ name: 'Permit2' })), /not on settler's allow-list/],
    ['another domain version', step(withDomain({ version: '2' })), /not on settler's allow-list/],
    ['a domain on another chain', step(withDomain({ chainId: 1 })), /not on settler's allow-list/],
    ['a domain without its chain id', step({ ...ORDER, domain: { name: 'Settler', version: '1', verifyingContract: SETTLER } }), /not on settler's allow-list/],
    ['a salt the allow-list does not name', step(withDomain({ salt: `0x${'11'.repeat(32)}` })), /not on settler's allow-list/],
    ['a non-standard domain field', step(withDomain({ owner: EVIL })), /outside EIP-712's standard ones/],
    ['an EIP712Domain out of order', step({ ...ORDER, types: { EIP712Domain: [{ name: 'version', type: 'string' }, { name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...ORDER.types } }), /standard order/],
    ['a primary type the allow-list does not name', step({ ...ORDER, primaryType: 'Leg', message: { chainId: '1', salt: `0x${'00'.repeat(32)}` } }), /may not ask for/],
    ['an undeclared primary type', step({ ...ORDER, primaryType: 'Permit' }), /do not declare/],
    ['the domain as primary type', step({ ...ORDER, primaryType: 'EIP712Domain' }), /do not declare/],
    ['another recipient', step(withMessage({ recipient: EVIL })), /names recipient/],
    ['a larger amount', step(withMessage({ amount: '1000001' })), /spends 1000001/],
    ['an undeclared message key', step(withMessage({ spender: EVIL })), /message.spender, which Order does not declare/],
    ['an undeclared nested key', step(withMessage({ legs: [{ chainId: '1', salt: `0x${'00'.repeat(32)}`, to: EVIL }] })), /message.legs\[0\].to/],
    ['a missing field', step({ ...ORDER, message: { recipient: RECIPIENT, token: USDC, amount: '1000000', legs: [] } }), /lacks message.deadline/],
    ['an integer out of its type', step(withMessage({ deadline: 2 ** 32 })), /outside uint32/],
    ['a negative unsigned integer', step(withMessage({ amount: '-1' })), /outside uint256/],
    ['an integer that is not one', step(withMessage({ amount: '1e6' })), /not an integer/],
    ['an unsafe JSON number', step(withMessage({ amount: 2 ** 60 })), /not an integer/],
    ['a malformed address', step(withMessage({ recipient: '0x1234' })), /not an address/],
    ['fixed bytes of the wrong size', step(withMessage({ legs: [{ chainId: '1', salt: '0xabcd' }] })), /not 32 bytes/],
    ['a struct given as a string', step(withMessage({ legs: 'none' })), /not an array/],
    ['an undeclared field type', step({ ...ORDER, types: { ...ORDER.types, Order: [...ORDER.types.Order!, { name: 'hook', type: 'Hook' }] }, message: { ...ORDER.message, hook: {} } }), /Hook, which its types do not declare/],
    ['types that are not field lists', step({ ...ORDER, types: { ...ORDER.types, Leg: 'chainId' } as never }), /without a list of/],
    ['no message', step({ ...ORDER, message: null } as never), /lacks one of/],
  ];
  it.each(refused)('refuses %s', (_, built, reason) => {
    expect(whyNotAllowedEip712(built, rules)).toMatch(reason);
  });

  it('refuses a checked domain when the transfer\'s details are not at hand', () => {
    const { intent: _, ...blind } = rules;
    expect(whyNotAllowedEip712(step(ORDER), blind)).toMatch(/without the transfer's details/);
  });

  it('refuses every domain for a venue whose allow-list names none', () => {
    expect(whyNotAllowedEip712(step(ORDER), { ...rules, allowList: { calls: [], transferRecipients: [] } })).toMatch(/not on settler's allow-list/);
  });
});
