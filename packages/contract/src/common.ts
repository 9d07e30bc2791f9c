import { z } from './zod';
import { DB_INT_MAX, LANGS } from './limits';

export const langSchema = z.enum(LANGS);
export const idSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(DB_INT_MAX));
export const statusOk = z.object({ status: z.literal(true) });

/**
 * A write sent again (its answer was lost) carries the same key as the first send, and the server
 * carries it out once: random, made by the client per write.
 */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey: 16 to 64 letters, digits, - or _'));

/** Path parameter `{id}` as an integer. */
export const idParamsSchema = z.object({ id: idSchema });
