import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

// The one completeness check of the project's texts, whatever holds them: the app's i18next files, the
// contract's report texts, and the texts objects of the plain-script activities and activity kit. Italian
// is the reference: every other language has exactly its keys, with the same interpolation variables
// ({{name}}) or, for a text that is a function, the same number of arguments, and no empty text.

/** A text after flattening: its variables (a function's: its number of arguments, `ƒ/<n>`), and the text. */
interface Text {
  signature: string[];
  shown: string;
}

/** Nested texts as `a.b.c` keys (arrays by index). */
export function flattenTexts(value: unknown, prefix = ''): Map<string, Text> {
  const out = new Map<string, Text>();
  if (typeof value === 'string') out.set(prefix, { signature: variablesOf(value), shown: value });
  // A function of its arguments (a count, say) is compared by their number: it may use the script's constants.
  else if (typeof value === 'function') out.set(prefix, { signature: [`ƒ/${value.length}`], shown: String(value) });
  else if (typeof value === 'number' || typeof value === 'boolean') out.set(prefix, { signature: [], shown: String(value) });
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [k, v] of flattenTexts(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** The interpolation variables of an i18next text, each once, sorted. */
export const variablesOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();

/** i18next context variants ('Benvenuta'): a language has them where its grammar needs, beside the key itself. */
const VARIANT = /_(female|male)$/;
const PLURAL = /_(one|other)$/;

/**
 * What is wrong with a set of texts given by language (`it` the reference), each problem a line naming the
 * language and key; none when it is complete.
 */
export function translationProblems(languages: Record<string, unknown>, reference = 'it'): string[] {
  const problems: string[] = [];
  const flat = new Map(Object.entries(languages).map(([lang, texts]) => [lang, flattenTexts(texts)]));
  const base = flat.get(reference);
  if (!base) return [`no ${reference} texts`];
  const same = (a: string[], b: string[]) => a.join() === b.join();
  for (const [lang, texts] of flat) {
    for (const [key, text] of texts) {
      if (!text.shown.trim()) problems.push(`${lang} ${key}: empty`);
      if (VARIANT.test(key)) {
        const own = texts.get(key.replace(VARIANT, ''));
        if (!own) problems.push(`${lang} ${key}: a variant without its key`);
        else if (!same(text.signature, own.signature)) problems.push(`${lang} ${key}: not the variables of its key`);
      }
      const pair = PLURAL.test(key) ? key.replace(PLURAL, (_, form) => (form === 'one' ? '_other' : '_one')) : undefined;
      if (pair && !texts.has(pair)) problems.push(`${lang} ${key}: no ${pair} beside it`);
    }
    if (lang === reference) continue;
    for (const [key, text] of base) {
      if (VARIANT.test(key)) continue;
      const translated = texts.get(key);
      if (!translated) problems.push(`${lang} ${key}: missing`);
      else if (!same(translated.signature, text.signature))
        problems.push(
          `${lang} ${key}: ${translated.signature.join(' ') || 'no variables'} where ${reference} has ${text.signature.join(' ') || 'none'}`,
        );
    }
    for (const key of texts.keys()) if (!VARIANT.test(key) && !base.has(key)) problems.push(`${lang} ${key}: not in ${reference}`);
  }
  return problems;
}

/**
 * The texts object a plain script (an activity, the activity kit) declares as `var <name> = { it: ..., en: ... };`,
 * evaluated on its own: such objects hold only literals and functions of their arguments.
 */
export function scriptTexts(file: string, name: string): Record<string, unknown> {
  const source = readFileSync(file, 'utf8');
  const found = new RegExp(`^( *)var ${name} = (\\{[\\s\\S]*?\\n\\1\\});`, 'm').exec(source);
  if (!found) throw new Error(`${file} declares no \`var ${name} = {...};\``);
  return runInNewContext(`(${found[2]})`) as Record<string, unknown>;
}
