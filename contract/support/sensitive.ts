import { wordlist } from '@scure/bip39/wordlists/english';

/**
 * What a chat message looks like it gives away (issue 25: staff never ask for these): a one-time
 * code (six digits, as ours and authenticator apps send them), a wallet's recovery phrase (twelve
 * or more words in a row from the BIP-39 list) or a private key (64 hex digits). The person is
 * asked before it is sent, and staff see the message flagged. A warning, so a false alarm (an
 * order number) costs one click.
 */
export type Sensitive = 'code' | 'phrase' | 'key';

const BIP39 = new Set(wordlist);
const PHRASE_WORDS = 12;
const CODE = /(?<![\d.,])\d{3}[ -]?\d{3}(?![\d.,])/;
const KEY = /(?<![0-9a-f])(0x)?[0-9a-f]{64}(?![0-9a-f])/i;

export function sensitiveKind(text: string): Sensitive | null {
  if (KEY.test(text)) return 'key';
  let run = 0;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word === '') continue;
    run = BIP39.has(word) ? run + 1 : 0;
    if (run >= PHRASE_WORDS) return 'phrase';
  }
  return CODE.test(text) ? 'code' : null;
}
