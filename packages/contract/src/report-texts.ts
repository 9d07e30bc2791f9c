// The report's texts (locales/*/report.json) are filled in by the page (i18next) and by the server's PDF alike: this
// is what both need beyond plain {{variables}}. Italian elides the article before a number that is read starting
// with a vowel: "dell'88%" (ottantotto), "l'8° percentile" (ottavo), but "del 18%" (diciotto), "il 1°" (primo). A
// text names the article with the number as an i18next format, `{{p, del}}` or `{{low, il°}}`, so the words around
// it stay the translator's.

/** How a number is read: as a count ("uno", "otto") or as a rank ("primo", "ottavo", written 1°, 8°). */
export type NumberReading = 'cardinal' | 'ordinal';

/** Below a thousand: the numbers whose Italian word starts with a vowel (uno, otto, undici, ottanta…, ottocento…). */
function smallReadsWithVowel(n: number, reading: NumberReading): boolean {
  if (n === 1) return reading === 'cardinal'; // uno, but primo
  return n === 8 || n === 11 || (n >= 80 && n <= 89) || (n >= 800 && n <= 899);
}

/**
 * Whether the Italian reading of `value` starts with a vowel. Whole numbers are read by their leading group of three
 * digits: 8000 ottomila, 1000 mille, 1 000 000 un milione (but milionesimo); a decimal by its whole part (8,5: otto
 * virgola cinque); zero and negatives (meno…) start with a consonant.
 */
export function readsWithVowel(value: number, reading: NumberReading = 'cardinal'): boolean {
  if (!Number.isFinite(value) || value < 1) return false;
  let n = Math.floor(value);
  let groups = 0;
  while (n >= 1000) {
    n = Math.floor(n / 1000);
    groups++;
  }
  if (groups === 0) return smallReadsWithVowel(n, reading);
  // mille (millesimo); un milione, un miliardo (milionesimo, miliardesimo).
  if (n === 1) return groups > 1 && reading === 'cardinal';
  return smallReadsWithVowel(n, 'cardinal');
}

/**
 * The articles and articulated prepositions (masculine singular) a number may follow, and their elided forms; `Dal`
 * opens a sentence.
 */
const ELIDED = { il: "l'", del: "dell'", al: "all'", dal: "dall'", Dal: "Dall'", nel: "nell'", sul: "sull'" } as const;
export type ItalianArticle = keyof typeof ELIDED;

/** `article` before `value`, elided where Italian says so: "il 46", "l'8", "dell'88". */
export function withItalianArticle(article: ItalianArticle, value: number, reading: NumberReading = 'cardinal'): string {
  return readsWithVowel(value, reading) ? `${ELIDED[article]}${value}` : `${article} ${value}`;
}

/**
 * `article` before a date (or a time) already written out, "08/11/2021", "11.12.2026 18:00": its day is read as a date's
 * is, "l'8 novembre", "l'11", "il 1° dicembre" (primo). Not a date: as it is.
 */
function withArticleBeforeDate(article: ItalianArticle, value: unknown): string {
  const text = String(value ?? '');
  const day = /^\d+/.exec(text)?.[0];
  if (day === undefined) return text;
  return `${readsWithVowel(Number(day), 'ordinal') ? ELIDED[article] : `${article} `}${text}`;
}

/**
 * The formats the report's texts may give a number: `{{p, del}}` (a count: "dell'88", "del 46") and `{{p, del°}}`
 * (a rank, the degree sign included: "l'8°", "il 1°"), one of each for every article above; before a date written
 * out, by its day (`{{date, il}}`: "l'11/12/2026").
 */
export const REPORT_TEXT_FORMATS: Readonly<Record<string, (value: unknown) => string>> = Object.fromEntries(
  (Object.keys(ELIDED) as ItalianArticle[]).flatMap((article) => [
    [article, (value: unknown) => (typeof value === 'number' ? withItalianArticle(article, value) : withArticleBeforeDate(article, value))],
    [
      `${article}°`,
      (value: unknown) => (typeof value === 'number' ? `${withItalianArticle(article, value, 'ordinal')}°` : String(value ?? '')),
    ],
  ]),
);

/**
 * A report text with its variables filled in, as i18next fills it in the page: `{{name}}`, or `{{name, format}}` with
 * one of REPORT_TEXT_FORMATS. A variable not given is left empty.
 */
export function fillReportText(text: string, vars: Readonly<Record<string, string | number | undefined>>): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*([^}]*?)\s*)?\}\}/g, (_, name: string, format: string | undefined) => {
    const value = vars[name];
    const formatter = format === undefined ? undefined : REPORT_TEXT_FORMATS[format];
    if (formatter) return formatter(value);
    return String(value ?? '');
  });
}
