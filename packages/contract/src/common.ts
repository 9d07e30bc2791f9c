import { z } from 'zod';
import { DB_INT_MAX, LANGS } from './limits';

export const langSchema = z.enum(LANGS);
export const idSchema = z.coerce.number().int().positive().max(DB_INT_MAX);
export const statusOk = z.object({ status: z.literal(true) });

/** Path parameter `{id}` as an integer. */
export const idParamsSchema = z.object({ id: idSchema });
