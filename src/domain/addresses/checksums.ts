/**
 * Tiny checksum helpers shared by the address validators. Kept hand-written
 * because neither @scure/base nor @noble/hashes ships them.
 */

/** CRC16-XMODEM (poly 0x1021, init 0); TON and Stellar StrKey both use it. */
export function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Runs a decoder that signals bad input by throwing; `undefined` instead. */
export function attempt<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}
