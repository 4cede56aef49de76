// The text and parameters of a raw SQL template (sql`...` with values and nested sql`...`), built without
// drizzle's general query builder. That builder asks of every chunk which of a dozen kinds it is (tables,
// columns, views, encoders...), and on placement's two statements of a batch (some 400 chunks) it took 8%
// of the server's main thread. Anything but strings, plain values, value lists and nested templates
// (a column, a table, a param with an encoder, a Date, an inlined template) returns null: the caller then
// uses drizzle's builder, which gives the same text for what both build (statementText.test.ts; decision 0063).
import { SQL, StringChunk } from 'drizzle-orm';

export interface RawQuery {
  sql: string;
  params: unknown[];
}

/** Thrown inside the walk when a chunk is not one this builder knows; never escapes `rawQuery`. */
const NOT_RAW = Symbol('not raw');

export function rawQuery(query: SQL): RawQuery | null {
  const params: unknown[] = [];
  const parts: string[] = [];
  const value = (v: unknown) => {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') {
      params.push(v);
      parts.push(`$${params.length}`);
    } else if (v === undefined) {
      // drizzle writes nothing for an undefined chunk.
    } else if (Array.isArray(v)) {
      // drizzle writes a list as (a, b, c).
      parts.push('(');
      v.forEach((x, i) => {
        if (i > 0) parts.push(', ');
        chunk(x);
      });
      parts.push(')');
    } else throw NOT_RAW;
  };
  const chunk = (c: unknown) => {
    if (c instanceof StringChunk) parts.push(c.value.join(''));
    else if (c instanceof SQL) {
      if ((c as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw NOT_RAW;
      for (const x of c.queryChunks) chunk(x);
    } else value(c);
  };
  try {
    chunk(query);
  } catch (e) {
    if (e === NOT_RAW) return null;
    throw e;
  }
  return { sql: parts.join(''), params };
}
