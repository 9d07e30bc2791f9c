import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { enGB, es, it, type Locale } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UI_LANG, isUiLang, type UiLang } from './i18n';

/** Date formats of the product. `PP` is the default and follows the locale. */
export const DATE_FORMATS = {
  default: 'PP',
  day: 'dd/MM/yyyy',
  shortDay: 'dd.MM.yy',
  dateTime: 'dd.MM.yyyy HH:mm',
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

const LOCALES: Record<UiLang, Locale> = { it, en: enGB, es };

/** Accepts ISO strings (`2026-03-01T09:00:00Z`, `2026-03-01 09:00:00`) and Date objects. */
export function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value == null || value === '') return undefined;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : undefined;
}

/** Formats a date in the interface language; an unreadable value gives an empty string. */
export function formatDate(
  value: string | Date | null | undefined,
  pattern: DateFormat = DATE_FORMATS.default,
  lang: UiLang = 'it',
): string {
  const date = toDate(value);
  return date ? formatDateFns(date, pattern, { locale: LOCALES[lang] }) : '';
}

/** The machine-readable value for `<time dateTime>`. */
export function toDateTimeAttribute(value: string | Date | null | undefined): string | undefined {
  return toDate(value)?.toISOString();
}

/** Date formatting bound to the current interface language (here, not in i18n.ts: date-fns then loads only with the screens that show dates). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const lang: UiLang = isUiLang(i18n.language) ? i18n.language : DEFAULT_UI_LANG;
  return (value: string | Date | null | undefined, pattern?: DateFormat) => formatDate(value, pattern, lang);
}
