import { describe, expect, it } from 'vitest';
import { isXrplAddress } from './isXrplAddress.ts';

describe('isXrplAddress', () => {
  it.each([
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', // genesis account
    'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn',
    'rnBFvgZphmN39GWzUJeUitaP22Fr9be75H',
    'r3kmLJN5D28dHuH8vZNUZpMC43pEHpaocV',
    'rrrrrrrrrrrrrrrrrrrrrhoLvTp', // ACCOUNT_ZERO
  ])('accepts %s', (address) => {
    expect(isXrplAddress(address)).toBe(true);
  });

  it.each([
    ['bad checksum', 'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCN'],
    ['bad checksum', 'rDTXLQ7ZKZVKz33zJbHjgVShjsBnqMBhMN'],
    ['X-address (tag-bearing form, not accepted)', 'X76UnYEMbQfEs3mUqgtjp4zFy9exgThRj7XVZ6UxsdrBptF'],
    ['Bitcoin address (Bitcoin alphabet)', '1Ma2DrB78K7jmAwaomqZNRMCvgQrNjE2QC'],
    ['Dogecoin address', 'DJ53hTyLBdZp2wMi5BsCS3rtEL1ioYUkva'],
    ['truncated', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdty'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isXrplAddress(address)).toBe(false);
  });
});
