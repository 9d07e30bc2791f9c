import { z } from './zod';
import { DB_INT_MAX, LANGS } from './limits';

export const langSchema = z.enum(LANGS);
/**
 * A whole number as a path or a query gives it (text): decimal digits only, from `min` to `max`. Nothing a number
 * parser would also take: no spaces, sign, leading zero, exponent, fraction or hex (` 1`, `+1`, `01`, `1e0`, `0x10`), so
 * that each value has one spelling, which caches, logs and limits see alike.
 */
export const wholeNumberTextSchema = (min: number, max: number) =>
  z.union([
    // What a client builds before it writes the query (a number has one spelling once written: its digits).
    z.int().check(z.minimum(min), z.maximum(max)),
    z.pipe(
      z.pipe(
        z.string().check(z.regex(min > 0 ? /^[1-9][0-9]{0,15}$/ : /^(?:0|[1-9][0-9]{0,15})$/, 'Expected a whole number in decimal digits')),
        z.transform(Number),
      ),
      z.int().check(z.minimum(min), z.maximum(max)),
    ),
  ]);

/** An id in a path or query: 1 to DB_INT_MAX, in canonical decimal digits (wholeNumberTextSchema). */
export const idSchema = wholeNumberTextSchema(1, DB_INT_MAX);
export const statusOk = z.object({ status: z.literal(true) });

/**
 * A write sent again (its answer was lost) carries the same key as the first send, and the server
 * carries it out once: random, made by the client per write.
 */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey: 16 to 64 letters, digits, - or _'));

/** Path parameter `{id}` as an integer. */
export const idParamsSchema = z.object({ id: idSchema });
