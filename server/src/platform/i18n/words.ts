import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_TAGS, type Language } from '../../../../contract/languages.ts';
import { assert } from '../../assert.ts';

/** The app's locale files (locales/<lang>/<namespace>.json): one source of the words. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../locales');

type Tree = { [key: string]: string | Tree };
export type WordValues = Readonly<Record<string, string | number>>;

const loaded = new Map<string, Promise<Words>>();

/**
 * One namespace of the app's words in one language, for what the server writes itself (a
 * PDF): the same file the screens read, worded the way i18next does it (`{{name}}` and `{{name, format}}` values,
 * `key_one` / `key_other` plural forms by the language's rules), so a document says what the
 * screen said, in the same words.
 */
export class Words {
  private readonly plurals: Intl.PluralRules;

  private constructor(
    readonly language: Language,
    private readonly entries: ReadonlyMap<string, string>,
  ) {
    this.plurals = new Intl.PluralRules(LANGUAGE_TAGS[language]);
  }

  /** The namespace's words in `language`, read once per process. */
  static load(language: Language, namespace: string): Promise<Words> {
    const key = `${language}/${namespace}`;
    let words = loaded.get(key);
    if (words === undefined) {
      words = readFile(path.join(LOCALES, language, `${namespace}.json`), 'utf8').then(
        (text) => new Words(language, flatten(JSON.parse(text) as Tree)),
        (err: unknown) => {
          loaded.delete(key); // a read that failed is tried again, not remembered
          throw err;
        },
      );
      loaded.set(key, words);
    }
    return words;
  }

  /**
   * The words of `key` with `values` put in. A numeric `count` picks the plural form. A key
   * or a value the words need that is missing is a programming error, never printed raw.
   */
  t(key: string, values: WordValues = {}): string {
    const count = values['count'];
    const form =
      typeof count === 'number' ? this.entries.get(`${key}_${this.plurals.select(count)}`) : null;
    const text = form ?? this.entries.get(key) ?? this.entries.get(`${key}_other`);
    assert(text !== undefined, `no words for ${this.language}:${key}`);
    // `{{name, format}}`: the format is the app's (src/i18n/message-formats.ts); here the
    // caller passes the value already formatted by LocaleFormat, so only the name is read.
    return text.replace(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g, (_, name: string) => {
      const value = values[name];
      assert(value !== undefined, `${this.language}:${key} needs {{${name}}}`);
      return String(value);
    });
  }
}

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}
