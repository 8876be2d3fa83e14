import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { Code } from './errors.ts';
import { validate } from './validate.ts';

const schema = z.object({ name: z.string(), note: z.string(), tags: z.array(z.string()) });
const fields = {
  name: { missing: Code.enterAccount, invalid: Code.usernameWrong },
  note: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
} as const;

describe('validate refuses control characters before the schema runs', () => {
  it('names the field, at any depth, with 10155', () => {
    const ok = { name: 'ada', note: 'two\nlines\tand a tab\r\n', tags: ['a'] };
    expect(validate(schema, fields, ok)).toEqual({ ok: true, data: ok });
    for (const bad of [
      { ...ok, name: 'a\u0000b' },
      { ...ok, name: 'a\nb' },
      { ...ok, note: 'a\u0000b' },
      { ...ok, note: 'a\u007fb' },
      { ...ok, note: 'a\u0085b' },
    ]) {
      const field = bad.name === ok.name ? 'note' : 'name';
      expect(validate(schema, fields, bad)).toEqual({
        ok: false,
        code: Code.controlCharacters,
        field,
      });
    }
    expect(validate(schema, fields, { ...ok, tags: [['x', { y: 'z\u0001' }]] })).toEqual({
      ok: false,
      code: Code.controlCharacters,
      field: 'tags',
    });
    expect(validate(schema, fields, 'a\u0000')).toMatchObject({ code: Code.controlCharacters });
  });

  it('walks deeply nested input without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(validate(schema, fields, { ...{ name: 'a', note: '' }, tags: deep })).toMatchObject({
      code: Code.controlCharacters,
      field: 'tags',
    });
  });
});
