import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_XPUBS,
  deriveAddress,
  developmentKeys,
  parseDepositXpubs,
} from './deposit-keys.ts';

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const b58 = createBase58check(sha256);

/** BIP-84's test vector publishes a zpub; the same key with xpub's version bytes. */
function zpubToXpub(zpub: string): string {
  const bytes = b58.decode(zpub);
  return b58.encode(Uint8Array.of(0x04, 0x88, 0xb2, 0x1e, ...bytes.slice(4)));
}

describe('deposit addresses from an extended public key', () => {
  it('derives the Ethereum addresses a wallet derives from the same seed', () => {
    const key = developmentKeys().get('ethereum');
    if (key === undefined) throw new Error('no key');
    for (const index of [0, 1, 7, 1000]) {
      const wallet = mnemonicToAccount(HARDHAT_MNEMONIC, { accountIndex: 1, addressIndex: index });
      expect(deriveAddress(key, index)).toBe(wallet.address);
    }
  });

  it('derives BIP-84 native segwit addresses on Bitcoin', () => {
    const xpub = zpubToXpub(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    const key = parseDepositXpubs(`bitcoin=${xpub}`).get('bitcoin');
    if (key === undefined) throw new Error('no key');
    expect(deriveAddress(key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress(key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('gives TRON the same key hash as Ethereum, in its own encoding', () => {
    const keys = parseDepositXpubs(`tron=${DEVELOPMENT_XPUBS.ethereum}`);
    const tron = keys.get('tron');
    const eth = developmentKeys().get('ethereum');
    if (tron === undefined || eth === undefined) throw new Error('no key');
    const decoded = b58.decode(deriveAddress(tron, 3));
    expect(decoded[0]).toBe(0x41);
    expect(Buffer.from(decoded.slice(1)).toString('hex')).toBe(
      deriveAddress(eth, 3).slice(2).toLowerCase(),
    );
  });

  it('never gives two indexes one address', () => {
    const key = developmentKeys().get('ethereum');
    if (key === undefined) throw new Error('no key');
    const seen = new Set(Array.from({ length: 200 }, (_, i) => deriveAddress(key, i)));
    expect(seen.size).toBe(200);
  });

  it('refuses a private key, a typo, an unknown network and an index a public key cannot derive', () => {
    const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).privateExtendedKey;
    expect(() => parseDepositXpubs(`ethereum=${xprv}`)).toThrow(/private key/);
    expect(() => parseDepositXpubs('ethereum=xpub123')).toThrow(/extended public key/);
    expect(() => parseDepositXpubs(`solana=${DEVELOPMENT_XPUBS.ethereum}`)).toThrow(/network/);
    const key = developmentKeys().get('ethereum');
    if (key === undefined) throw new Error('no key');
    expect(() => deriveAddress(key, 2 ** 31)).toThrow(/range/);
    expect(() => deriveAddress(key, -1)).toThrow(/range/);
  });
});
