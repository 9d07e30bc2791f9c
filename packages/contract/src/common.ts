import { z } from 'zod';
import { LANGS } from './limits';

export const langSchema = z.enum(LANGS);
export const idSchema = z.coerce.number().int().positive();
export const statusOk = z.object({ status: z.literal(true) });

/** Path parameter `{id}` as an integer. */
export const idParamsSchema = z.object({ id: idSchema });
