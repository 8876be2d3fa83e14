import { describe, expect, it } from 'vitest';
import { isAddressFor, isEthereumAddress, isIban, normalizeIban } from './addresses.ts';

describe('withdrawal destinations', () => {
  it('accepts Ethereum addresses in lower case, upper case or with a correct EIP-55 checksum', () => {
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('checks TRON and Bitcoin addresses by their checksums', () => {
    expect(isAddressFor('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
    expect(isAddressFor('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwc')).toBe(false);
    expect(isAddressFor('bitcoin', '1BitcoinEaterAddressDontSendf59kuE')).toBe(true);
    expect(isAddressFor('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isAddressFor('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(
      isAddressFor('bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'),
    ).toBe(true);
    expect(isAddressFor('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false);
    expect(isAddressFor('bitcoin', 'BC1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(isAddressFor('bitcoin', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('checks IBANs by country length and the mod-97 checksum, spaces allowed', () => {
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('GB82WEST12345698765432')).toBe(true);
    expect(isIban('fr1420041010050500013m02606')).toBe(true);
    expect(isIban('GB82WEST12345698765433')).toBe(false);
    expect(isIban('DE89370400440532013000X')).toBe(false);
    expect(isIban('')).toBe(false);
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });
});
