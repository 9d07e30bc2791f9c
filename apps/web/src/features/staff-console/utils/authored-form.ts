import {
  authoredTestSchema,
  type AuthoredItem,
  type AuthoredItemKind,
  type AuthoredTest,
  type AuthoredTestInput,
} from '@prova/contract/authored-test';
import type { LocalizedText } from '@prova/contract/bundle';
import type { LangCode } from '@prova/contract/limits';

// The form's values for a test written in the console, and their way to and from the contract's shape
// (authoredTestSchema). The form keeps every field of every kind on an item (so changing nothing loses nothing) and
// the texts of every language ever chosen; what is sent has only the item's kind's fields and the test's languages.
// The field names are the contract's paths, so that an issue's path (the schema's here, the server's 422) names the
// field it is about.

export type FormText = Partial<Record<LangCode, string>>;

export interface FormOption {
  id: string;
  text: FormText;
  /** A number input read with valueAsNumber: NaN when empty, which the schema refuses with its own words. */
  points: number;
}

export interface FormItem {
  kind: AuthoredItemKind;
  id: string;
  prompt: FormText;
  shuffle: boolean;
  options: FormOption[];
  /** true-false: 'true' or 'false'; numeric-entry: the number as typed (a comma taken for the decimal point). */
  answer: string;
  /** text-entry: the accepted answers, one a line. */
  answers: string;
  caseSensitive: boolean;
  tolerance: number;
  points: number;
}

export interface FormSection {
  title: FormText;
  items: FormItem[];
}

export interface AuthoredFormValues {
  title: FormText;
  languages: LangCode[];
  navigation: 'linear' | 'nonlinear';
  /** As typed: empty is no limit. */
  timeLimitMinutes: string;
  sections: FormSection[];
  /** Campaigns to add the test to (those already listing it are not sent again). */
  campaignIds: number[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The first of A, B, C... (then O27, O28...) no option of the item has. */
export function nextOptionId(options: readonly { id: string }[]): string {
  const used = new Set(options.map((o) => o.id));
  for (let n = 0; ; n++) {
    const id = n < LETTERS.length ? LETTERS[n] : `O${n + 1}`;
    if (!used.has(id)) return id;
  }
}

/** The first of q1, q2... no item of the test has. */
export function nextItemId(sections: readonly { items: readonly { id: string }[] }[]): string {
  const used = new Set(sections.flatMap((s) => s.items.map((i) => i.id)));
  for (let n = 1; ; n++) if (!used.has(`q${n}`)) return `q${n}`;
}

export function emptyOption(options: readonly { id: string }[], points = 0): FormOption {
  return { id: nextOptionId(options), text: {}, points };
}

function optionsOf(points: number[]): FormOption[] {
  const out: FormOption[] = [];
  for (const p of points) out.push(emptyOption(out, p));
  return out;
}

/** A new item of a kind, with what it needs to be right: two options the first of which scores, 1 point, a Likert scale of 5. */
export function newItem(kind: AuthoredItemKind, id: string): FormItem {
  const base: FormItem = {
    kind,
    id,
    prompt: {},
    shuffle: false,
    options: [],
    answer: '',
    answers: '',
    caseSensitive: false,
    tolerance: 0,
    points: 1,
  };
  if (kind === 'single-choice' || kind === 'multiple-choice') return { ...base, options: optionsOf([1, 0]) };
  if (kind === 'likert') return { ...base, options: optionsOf([1, 2, 3, 4, 5]) };
  if (kind === 'true-false') return { ...base, answer: 'true' };
  return base;
}

export function newSection(sections: readonly FormSection[]): FormSection {
  return { title: {}, items: [newItem('single-choice', nextItemId(sections))] };
}

export function emptyForm(languages: LangCode[]): AuthoredFormValues {
  return { title: {}, languages, navigation: 'nonlinear', timeLimitMinutes: '', sections: [newSection([])], campaignIds: [] };
}

const text = (value: LocalizedText): FormText => ({ ...value });

/** A saved test as the form edits it. */
export function formOf(test: AuthoredTest): AuthoredFormValues {
  return {
    title: text(test.title),
    languages: [...test.languages],
    navigation: test.navigation,
    timeLimitMinutes: test.timeLimitMinutes === undefined ? '' : String(test.timeLimitMinutes),
    campaignIds: [],
    sections: test.sections.map((section) => ({
      title: text(section.title),
      items: section.items.map((item) => formItemOf(item)),
    })),
  };
}

function formItemOf(item: AuthoredItem): FormItem {
  const base = newItem(item.kind, item.id);
  const prompt = text(item.prompt);
  switch (item.kind) {
    case 'single-choice':
    case 'multiple-choice':
      return { ...base, prompt, shuffle: item.shuffle, options: item.options.map((o) => ({ ...o, text: text(o.text) })) };
    case 'likert':
      return { ...base, prompt, options: item.options.map((o) => ({ ...o, text: text(o.text) })) };
    case 'true-false':
      return { ...base, prompt, answer: String(item.answer), points: item.points };
    case 'text-entry':
      return { ...base, prompt, answers: item.answers.join('\n'), caseSensitive: item.caseSensitive, points: item.points };
    case 'numeric-entry':
      return { ...base, prompt, answer: String(item.answer), tolerance: item.tolerance, points: item.points };
    case 'extended-text':
      return { ...base, prompt };
  }
}

/** Only the test's languages, in its order (a language taken off keeps its texts in the form, but they are not sent). */
function textFor(value: FormText, languages: readonly LangCode[]): Record<string, string> {
  return Object.fromEntries(languages.map((lang) => [lang, value[lang] ?? '']));
}

function numberOf(typed: string): number {
  const trimmed = typed.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function itemBody(item: FormItem, languages: readonly LangCode[]): AuthoredTestInput['sections'][number]['items'][number] {
  const common = { id: item.id.trim(), prompt: textFor(item.prompt, languages) };
  const options = () => item.options.map((o) => ({ id: o.id.trim(), text: textFor(o.text, languages), points: o.points }));
  switch (item.kind) {
    case 'single-choice':
    case 'multiple-choice':
      return { ...common, kind: item.kind, shuffle: item.shuffle, options: options() };
    case 'likert':
      return { ...common, kind: 'likert', options: options() };
    case 'true-false':
      return { ...common, kind: 'true-false', answer: item.answer === 'true', points: item.points };
    case 'text-entry':
      return {
        ...common,
        kind: 'text-entry',
        answers: item.answers
          .split('\n')
          .map((a) => a.trim())
          .filter((a) => a !== ''),
        caseSensitive: item.caseSensitive,
        points: item.points,
      };
    case 'numeric-entry':
      return { ...common, kind: 'numeric-entry', answer: numberOf(item.answer), tolerance: item.tolerance, points: item.points };
    case 'extended-text':
      return { ...common, kind: 'extended-text' };
  }
}

/** The test as the contract has it, from the form (not yet checked). */
export function testBody(values: AuthoredFormValues): AuthoredTestInput {
  const languages = values.languages;
  const minutes = values.timeLimitMinutes.trim();
  return {
    title: textFor(values.title, languages),
    languages,
    navigation: values.navigation,
    ...(minutes === '' ? {} : { timeLimitMinutes: numberOf(minutes) }),
    sections: values.sections.map((section) => ({
      title: textFor(section.title, languages),
      items: section.items.map((item) => itemBody(item, languages)),
    })),
  };
}

/** Issues by the form field they are about: `sections.0.items.2.answers.1` is the answers' field. */
export type FieldIssues = Record<string, string>;

/** Where the form shows an issue with this path (the path of a field, or of a group of fields). */
export function fieldOf(path: string): string {
  return path
    .replace(/^body\./, '')
    .replace(/^test\./, '')
    .replace(/(\.answers)\.\d+$/, '$1');
}

export function issuesOf(list: readonly { path: string; message: string }[]): FieldIssues {
  const out: FieldIssues = {};
  for (const { path, message } of list) {
    const field = fieldOf(path);
    out[field] ??= message;
  }
  return out;
}

/** Checks the form with the contract's schema: the test to send, or the issues by field. */
export function checkForm(values: AuthoredFormValues): { test: AuthoredTestInput } | { issues: FieldIssues } {
  const test = testBody(values);
  const parsed = authoredTestSchema.safeParse(test);
  if (parsed.success) return { test };
  return { issues: issuesOf(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))) };
}
