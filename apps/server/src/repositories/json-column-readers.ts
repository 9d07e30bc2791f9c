import { type BundleReport, bundleReportSchema, bundleSsoSchema, type LocalizedText, localizedTextSchema } from '@prova/contract/bundle';
import { langSchema } from '@prova/contract/common';
import { DEFAULT_LANG, type LangCode, LANGS } from '@prova/contract/limits';
import { type NormTable, normTableSchema } from '@prova/contract/norms';
import { type Outcome, outcomeSchema } from '@prova/contract/tests';
import { z } from 'zod/mini';
import { parseJson } from '../db/json-column';
import { storedOutcomes } from './staff/stored-attempt';

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

/**
 * An `outcomes` column: its outcomes that read as the contract's (a merged list may pass the OUTCOMES_MAX of one post,
 * so the list itself is not capped). One that does not read is left out rather than losing the others with it (item
 * analysis, which counts attempts, sets aside a whole list that does not read: staff/stored-attempt.ts).
 */
export function readOutcomes(stored: string | null | undefined): Outcome[] {
  // Nearly always the whole list reads, checked by hand where it plainly can be (a post's outcomes are read on each save).
  const whole = storedOutcomes(stored ?? null);
  if (whole) return whole;
  const value = parseJson<unknown>(stored, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = outcomeSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
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
