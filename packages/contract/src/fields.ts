// Field schemas every input of the API is built from, so that a value the database cannot hold is a 400
// naming the field, never a 500 from PostgreSQL (issue 10, item 6): ids end in int4 columns, text in
// text columns, which refuse a NUL character. apps/server/test/inputBounds.test.ts sends out-of-bounds
// values to every field of every registered route, so a field built without these is found.
import { z } from 'zod';

/** The largest value of a PostgreSQL integer (int4) column: serial ids and counts. */
export const INT4_MAX = 2_147_483_647;

/**
 * Text PostgreSQL stores as sent: no NUL (text cannot hold it, "invalid byte sequence"), and no half of a
 * UTF-16 surrogate pair without the other (it has no UTF-8 form: the driver would store U+FFFD instead,
 * and an idempotency key so altered would no longer be the key its caller sent).
 */
// eslint-disable-next-line no-control-regex -- the control character is the point; a pattern shows in the OpenAPI document
export const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Text of at most `max` characters that PostgreSQL stores as sent. Chain `.trim()`, `.min()`, `.regex()` as needed. */
export const text = (max: number) => z.string().max(max).regex(STORABLE_TEXT, 'pattern');

/** A row id in a JSON body: a positive int4. */
export const id = z.number().int().positive().max(INT4_MAX);

/** A row id in a query string (sent as text). */
export const queryId = z.coerce.number().int().positive().max(INT4_MAX);

/** An id of a smallint reference table (activities, permissions, pools): 1 to 32,767. */
export const smallId = z.number().int().positive().max(32_767);

/** The largest amount one call may move or set: 99,999,999 units (SPEC 5 numeric clamp), in cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_900;

/**
 * Money in cents (a bigint column), 0 to MAX_AMOUNT_CENTS: the only numbers an input may carry above
 * int4. Shared, so the input test knows a field above int4 is money and not a forgotten bound.
 */
export const cents = z.number().int().min(0).max(MAX_AMOUNT_CENTS);

/** A positive amount of cents. */
export const amountCents = z.number().int().positive().max(MAX_AMOUNT_CENTS);

/** An int4 count or number in a JSON body, from `min` (default 0). */
export const int4 = (min = 0) => z.number().int().min(min).max(INT4_MAX);

/**
 * A calendar date (YYYY-MM-DD) that exists: `2026-02-30` is refused, not sent to a date column (nor year
 * 0, which PostgreSQL has not).
 */
export const isoDate = z
  .string()
  .max(10)
  .regex(/^[1-9]\d{3}-\d{2}-\d{2}$/, 'pattern')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'pattern');
