/** build-tools/locale-chunks.ts: loaders of a language's locale files, by chunk (`zh-funds`). */
declare module 'virtual:locale-chunks*' {
  const loaders: Record<
    string,
    (() => Promise<Record<string, Record<string, unknown> | undefined>>) | undefined
  >;
  export default loaders;
}
