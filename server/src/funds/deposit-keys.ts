import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { getAddress, keccak256 } from 'viem';
import { isAddressFor, NETWORKS, type Network } from '../../../contract/funds/addresses.ts';

/**
 * Per-person deposit addresses come from an extended public key per network (BIP-32): the
 * person's address is child 0/<index> of it, the index stored with the person and never given
 * to anyone else. The server holds public keys only; whoever holds the matching private key
 * (the operator's wallet) can spend what arrives, and nobody else.
 */
export interface DepositKey {
  network: Network;
  /** A short, stable name of the key (its fingerprint), stored beside each address. */
  id: string;
  hd: HDKey;
  /** The external chain (child 0), derived once: each address is one step below it. */
  external: HDKey;
}

/** BIP-32 child indexes above this are hardened, which a public key cannot derive. */
export const MAX_DERIVATION_INDEX = 2 ** 31 - 1;

const base58check = createBase58check(sha256);

/**
 * Public keys derived from Hardhat's published test mnemonic ("test test … junk"), for
 * development only: anyone can spend what is sent to them. Used when neither DEPOSIT_XPUBS nor
 * DEPOSIT_ADDRESSES is set outside production (docs/funds.md).
 */
export const DEVELOPMENT_XPUBS: Readonly<Record<Network, string>> = {
  // m/44'/60'/1': not Hardhat's default accounts (m/44'/60'/0'/0/i), so no test wallet is a
  // person's deposit address.
  ethereum:
    'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76',
  tron: 'xpub6BuRy7ZmkGfP2RWhoor1kWB1w9DvrtmJbFBvnC1bQ4SB5NbCHTyQYCJSXZtxDbFyHTmC7wkU2he3nYYdpZ3Vf6qUAkXSnL6RPif4BDtDEKr',
  bitcoin:
    'xpub6C4SXHaqSMPK8MGL7bWjvS8WQnhoadsaXv2mnBcjAv142P2TivoC7s7ukNRYxETJZGc3JNzDKHQAGH5N3oQhQgkpwk6WrMtJB4eG2fpRAsV',
};

function toDepositKey(network: Network, xpub: string, source: string): DepositKey {
  let hd: HDKey;
  try {
    hd = HDKey.fromExtendedKey(xpub);
  } catch {
    throw new Error(`${source}: the ${network} key is not a BIP-32 extended public key`);
  }
  // The server must never be able to spend deposits.
  if (hd.privateKey !== null) {
    throw new Error(`${source}: the ${network} key is a private key; give its xpub instead`);
  }
  const id = bytesToHex(sha256(new TextEncoder().encode(xpub))).slice(0, 16);
  return { network, id, hd, external: hd.deriveChild(0) };
}

/** DEPOSIT_XPUBS ("ethereum=xpub…,bitcoin=xpub…"): a wrong key stops the start. */
export function parseDepositXpubs(raw: string): Map<Network, DepositKey> {
  const keys = new Map<Network, DepositKey>();
  if (raw.trim() === '') return keys;
  for (const entry of raw.split(',')) {
    const m = /^(\w+)=(\w+)$/.exec(entry.trim());
    if (m === null) throw new Error(`DEPOSIT_XPUBS: cannot read "${entry.trim().slice(0, 40)}"`);
    const [, network = '', xpub = ''] = m;
    if (!(NETWORKS as readonly string[]).includes(network)) {
      throw new Error(`DEPOSIT_XPUBS: "${network}" is not a network (${NETWORKS.join(', ')})`);
    }
    if (keys.has(network as Network)) throw new Error(`DEPOSIT_XPUBS: ${network} given twice`);
    keys.set(network as Network, toDepositKey(network as Network, xpub, 'DEPOSIT_XPUBS'));
  }
  return keys;
}

export function developmentKeys(): Map<Network, DepositKey> {
  return new Map(
    NETWORKS.map((n) => [n, toDepositKey(n, DEVELOPMENT_XPUBS[n], 'development key')] as const),
  );
}

/** The 20-byte EVM address of a compressed secp256k1 public key, checksummed (EIP-55). */
function evmAddress(compressed: Uint8Array): `0x${string}` {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
  return getAddress(`0x${keccak256(uncompressed.slice(1)).slice(-40)}`);
}

/**
 * The address of child 0/`index` of `key`, in its network's usual form: EIP-55 on Ethereum,
 * Base58Check with the 0x41 prefix on TRON, native segwit (P2WPKH, bech32) on Bitcoin.
 */
export function deriveAddress(key: DepositKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) {
    throw new Error(`derivation index ${index} is out of range`);
  }
  const pub = key.external.deriveChild(index).publicKey;
  if (pub === null) throw new Error('derived key has no public key');
  let address: string;
  if (key.network === 'ethereum') {
    address = evmAddress(pub);
  } else if (key.network === 'tron') {
    const body = Uint8Array.from(Buffer.from(evmAddress(pub).slice(2), 'hex'));
    address = base58check.encode(Uint8Array.of(0x41, ...body));
  } else {
    const program = ripemd160(sha256(pub));
    address = bech32.encode('bc', [0, ...bech32.toWords(program)]);
  }
  // Our own validator must accept what we hand out, or the person's payment could be lost.
  if (!isAddressFor(key.network, address)) {
    throw new Error(`derived ${key.network} address ${address} fails its own check`);
  }
  return address;
}

/** How addresses are compared and stored: EVM addresses are case-insensitive. */
export function canonicalAddress(network: Network, address: string): string {
  return network === 'ethereum' ? address.toLowerCase() : address;
}
