import { type BundleReport, bundleReportSchema, bundleSsoSchema, type LocalizedText, localizedTextSchema } from '@prova/contract/bundle';
import { langSchema } from '@prova/contract/common';
import { DEFAULT_LANG, type LangCode, LANGS } from '@prova/contract/limits';
import { type NormTable, normTableSchema } from '@prova/contract/norms';
import { z } from 'zod/mini';
import { parseJson } from '../db/json-column';

/**
 * A JSON column read through its schema (the contract's, where the column holds one of its values): `fallback`
 * when it is empty, not JSON or not of the schema. A corrupt or legacy row then reads as "nothing there" rather
 * than failing the request that met it. Repositories read their JSON columns through this, once, so that what
 * they answer is typed and checked (docs/ARCHITECTURE.md).
 */
export function readColumn<S extends z.ZodMiniType, F extends z.output<S> | null>(
  schema: S,
  stored: string | null | undefined,
  fallback: F,
): F extends null ? z.output<S> | null : z.output<S> {
  const unreadable = Symbol();
  const value = parseJson<unknown>(stored, unreadable);
  const parsed = value === unreadable ? null : schema.safeParse(value);
  return (parsed?.success ? parsed.data : fallback) as F extends null ? z.output<S> | null : z.output<S>;
}

/**
 * A norm's distribution columns, its table parsed: a table stands instead of a mean and sd (import/write-norms.ts), so
 * one that does not read (null then) leaves the norm with neither, never with a mean and sd it was not given.
 */
export function normColumns<R extends { mean: number | null; sd: number | null; norm_table: string | null }>(
  row: R,
): Omit<R, 'norm_table'> & { norm_table: NormTable | null } {
  if (row.norm_table === null) return { ...row, norm_table: null };
  return { ...row, mean: null, sd: null, norm_table: readColumn(normTableSchema, row.norm_table, null) };
}

/** A stored value as a person's own data gives it (their export): JSON parsed, any other text as it is. */
export const storedValue = (stored: string | null): unknown => (stored == null ? null : parseJson<unknown>(stored, stored));

/**
 * A localized text column: JSON of `{ IT_it, EN_en, ES_es }` (what the importer and the console write) or of a
 * string, or a plain text that is not JSON. A string is every language's text (`{ IT_it: text }`, as a bundle's); of
 * an object that the contract's schema refuses, the known languages' texts are kept.
 */
export function storedText(stored: string | null | undefined): LocalizedText {
  if (stored == null || stored === '') return {};
  const value = parseJson<unknown>(stored, stored);
  const parsed = localizedTextSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value == null ? {} : { IT_it: String(value) };
  return Object.fromEntries(
    Object.entries(value).filter(([lang, text]) => typeof text === 'string' && (LANGS as readonly string[]).includes(lang)),
  ) as LocalizedText;
}

/** A company's SSO settings (its `sso` column, the bundle's companies.sso block), an empty secret as none. */
export interface SsoSettings {
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  emailClaim: string;
}

/** A company's `sso` column read: null when it has none, or when what is stored does not read as SSO settings. */
export function ssoSettingsOf(stored: string | null | undefined): SsoSettings | null {
  const parsed = readColumn(bundleSsoSchema, stored, null);
  if (parsed === null) return null;
  const { slug, issuer, clientId, clientSecret, emailClaim } = parsed;
  return { slug, issuer, clientId, clientSecret: clientSecret || undefined, emailClaim };
}

const DEFAULT_REPORT = bundleReportSchema.parse({});

/** A campaign's report settings (its `report` column, the bundle's `report`): the defaults where it has none or they do not read. */
export const reportSettingsOf = (stored: string | null | undefined): BundleReport => readColumn(bundleReportSchema, stored, DEFAULT_REPORT);

const languagesSchema = z.array(langSchema);

/** The languages a campaign's contents are written in (its `languages` column): the default language when it names none or they do not read. */
export function campaignLanguagesOf(stored: string | null | undefined): LangCode[] {
  const langs = readColumn(languagesSchema, stored, [DEFAULT_LANG]);
  return langs.length ? langs : [DEFAULT_LANG];
}
