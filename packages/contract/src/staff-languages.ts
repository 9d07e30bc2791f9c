import { z } from './zod';
import { langSchema } from './common';
import { SELECTION_MAX } from './staff';

// languages: the platform's list of content languages (the three codes the interface knows), shared
// by every company. Staff read it and may rename a language; a code outside IT_it, EN_en, ES_es is a
// 422; a language a campaign or a person uses cannot be deleted (409 IN_USE). The `{id}` is the code.

export const staffLanguageSchema = z.object({
  /** The code, also the resource's id in paths. */
  id: langSchema,
  lang: langSchema,
  name: z.string(),
  /** Campaigns of the caller's company offering it. */
  campaigns: z.int(),
});
export type StaffLanguage = z.infer<typeof staffLanguageSchema>;

export const languageParamsSchema = z.object({ id: langSchema });
export const languageCreateSchema = z.object({
  lang: langSchema,
  name: z.string().check(z.trim(), z.minLength(1, 'Expected the language name'), z.maxLength(100)),
});
export const languageUpdateSchema = z.pick(languageCreateSchema, { name: true });
export const languageSelectionSchema = z.object({ ids: z.array(langSchema).check(z.minLength(1), z.maxLength(SELECTION_MAX)) });
export type LanguageCreate = z.infer<typeof languageCreateSchema>;
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

export const languageListResponseSchema = z.object({ status: z.literal(true), languages: z.array(staffLanguageSchema) });
export const languageResponseSchema = z.object({ status: z.literal(true), language: staffLanguageSchema });
export const languageDeleteResponseSchema = z.object({ status: z.literal(true), deleted: z.array(langSchema) });
