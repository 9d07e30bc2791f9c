/** A person's gender as the bundle gives it ('M', 'F'); null or absent when it is not known. */
export type Gender = 'M' | 'F' | null | undefined;

// `[[stesso|stessa|stesso/a]]`: the forms for a man, a woman and a person whose gender is not known
// (docs/bundle-format.md, "Gendered words"). Three parts exactly, so that other brackets stay as written.
const GENDERED = /\[\[([^|[\]]*)\|([^|[\]]*)\|([^|[\]]*)\]\]/g;

/** The text with each `[[male|female|neutral]]` choice resolved for the person it speaks to or about. */
export function genderedText(text: string, gender: Gender): string {
  if (!text.includes('[[')) return text;
  return text.replace(GENDERED, (_, male: string, female: string, neutral: string) =>
    gender === 'M' ? male : gender === 'F' ? female : neutral,
  );
}

/** A stored gender column as a Gender: anything but 'M' or 'F' is not known. */
export const genderOf = (stored: string | null | undefined): Gender => (stored === 'M' || stored === 'F' ? stored : null);

/**
 * A JSON value (a test's options, say) with each string in it resolved as genderedText does, however deep; keys,
 * numbers, booleans and null stay as they are.
 */
export function genderedJson(value: unknown, gender: Gender): unknown {
  if (typeof value === 'string') return genderedText(value, gender);
  if (Array.isArray(value)) return value.map((item) => genderedJson(item, gender));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, genderedJson(item, gender)]));
}
