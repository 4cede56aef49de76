import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT } from '@app/contract';
import { tickets } from '../src/db/schema';
import { rawQuery } from '../src/platform/rawQuery';
import { arrayLiteral, unnested } from '../src/platform/sqlArrays';

const dialect = new PgDialect();
const drizzleBuilt = (q: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { sql: text, params };
};

describe('rawQuery', () => {
  const rows = [
    { id: 1, name: 'a "quoted" \\ name', at: '2026-12-04' },
    { id: 2, name: null, at: '2026-12-05' },
  ];
  const cases: [string, SQL][] = [
    ['values of every plain kind', sql`select ${1}, ${'x'}, ${null}, ${true}, ${10n}`],
    ['nested templates and raw text', sql`with a as (${sql`select ${2} as n`}) select ${sql.raw('"n"')} from a where n > ${0}`],
    ['a joined list', sql`select ${sql.join([sql`${1}`, sql`${2}::int`, sql.raw('3')], sql`, `)}`],
    ['a value list', sql`select 1 where 2 in ${[1, 2, 3]}`],
    ['an empty template and undefined', sql`select 1${sql.empty()}${undefined}`],
    ['rows unnested', sql`select * from ${unnested(rows, 'r', [['id', 'int'], ['name', 'text'], ['at', 'date']])}`],
    ['a template without values', sql`select now()`],
  ];
  it.each(cases)('builds %s as drizzle does', (_name, q) => {
    expect(rawQuery(q)).toEqual(drizzleBuilt(q));
  });

  it.each([
    ['a column', sql`select ${tickets.id} from tickets`],
    ['a table', sql`select 1 from ${tickets}`],
    ['a Date', sql`select ${new Date(0)}`],
    ['an inlined template', sql`select ${'x'}`.inlineParams()],
    ['a param with an encoder', sql`select ${sql.param(5, tickets.id)}`],
    ['an object', sql`select ${{ a: 1 }}`],
  ])('leaves %s to drizzle', (_name, q) => {
    expect(rawQuery(q)).toBeNull();
  });
});

describe('arrayLiteral', () => {
  it('writes numbers, nulls and quoted, escaped text', () => {
    expect(arrayLiteral([1, -2.5, null, undefined])).toBe('{1,-2.5,NULL,NULL}');
    expect(arrayLiteral(['a', 'b "c"', 'd\\e', '', '馬 😀'])).toBe('{"a","b \\"c\\"","d\\\\e","","馬 😀"}');
    expect(arrayLiteral([])).toBe('{}');
  });

  // The rule of STORABLE_TEXT, the contract's, checked without its expression.
  it.each([['a NUL', 'a\u0000b'], ['a lone high surrogate', 'a\uD800b'], ['a lone low surrogate', '\uDC00'], ['a surrogate pair reversed', '\uDE00\uD83D']])(
    'refuses %s as STORABLE_TEXT does',
    (_name, v) => {
      expect(STORABLE_TEXT.test(v)).toBe(false);
      expect(() => arrayLiteral([v])).toThrow(/cannot carry/);
    },
  );

  it.each([[Number.NaN], [Infinity], [true], [{}], [new Date(0)], [10n]])('refuses %s', (v) => {
    expect(() => arrayLiteral([v])).toThrow(/cannot carry/);
  });
});
