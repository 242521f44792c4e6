import { base64, base64url } from '@scure/base';
import { attempt, crc16Xmodem } from './checksums.ts';

const RAW_FORM = /^(0|-1):[0-9a-fA-F]{64}$/;
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TESTNET_FLAG = 0x80;
const BASECHAIN = 0x00;
const MASTERCHAIN = 0xff;

/**
 * User-friendly form: 36 bytes as 48 base64 or base64url characters —
 * tag, workchain, 32-byte account hash, big-endian CRC16-XMODEM of the rest.
 * Testnet-flagged tags are refused so testnet addresses cannot receive mainnet funds.
 */
function isFriendlyForm(address: string): boolean {
  if (address.length !== 48) return false;
  const codec = /[-_]/.test(address) ? base64url : base64;
  const bytes = attempt(() => codec.decode(address));
  if (bytes?.length !== 36) return false;
  const [tag, workchain] = bytes;
  if (tag === undefined || tag & TESTNET_FLAG) return false;
  if (tag !== BOUNCEABLE && tag !== NON_BOUNCEABLE) return false;
  if (workchain !== BASECHAIN && workchain !== MASTERCHAIN) return false;
  const crc = ((bytes[34] ?? 0) << 8) | (bytes[35] ?? 0);
  return crc16Xmodem(bytes.subarray(0, 34)) === crc;
}

/** TON account in raw (`0:<hex>`, `-1:<hex>`) or user-friendly form. */
export function isTonAddress(address: string): boolean {
  return RAW_FORM.test(address) || isFriendlyForm(address);
}
