import { z } from './zod';
import { type LocalizedText, localizedTextSchema } from './bundle';
import { LANGS, type LangCode } from './limits';

// A test written in the staff console, without a file: sections of items of a few kinds, each text in the
// campaign's languages. The console's form and the server check it with this one schema; packages/qti writes it
// as a QTI 3 package (`writeAuthoredTest`) and reads such a package back (`readAuthoredTest`). docs/qti.md,
// "Tests written in the console".

export const AUTHORED_ITEM_KINDS = [
  'single-choice',
  'multiple-choice',
  'true-false',
  'text-entry',
  'numeric-entry',
  'likert',
  'extended-text',
] as const;
export type AuthoredItemKind = (typeof AUTHORED_ITEM_KINDS)[number];

/** The category an item rated by an assessor carries in the test (it scores 0 until someone rates it). */
export const RATED_BY_ASSESSOR = 'rated-by-assessor';

export const AUTHORED_LIMITS = {
  sections: 50,
  items: 200,
  options: 20,
  answers: 20,
  text: 4000,
  answer: 200,
  points: 1000,
  timeLimitMinutes: 600,
} as const;

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
const IDENTIFIER_ERROR = 'Expected an identifier: a letter, then letters, digits, _ or - (at most 32)';
/** Names the test's own outcomes use: an item named so would be confused with them in the results. */
const RESERVED_ITEM_IDS = new Set(['SCORE', 'MAXSCORE', 'RESPONSE']);

const identifierSchema = z.string({ error: IDENTIFIER_ERROR }).check(z.regex(IDENTIFIER, IDENTIFIER_ERROR));
const pointsSchema = z
  .number({ error: 'Expected a number of points' })
  .check(
    z.gte(-AUTHORED_LIMITS.points, `Expected points from -${AUTHORED_LIMITS.points} to ${AUTHORED_LIMITS.points}`),
    z.lte(AUTHORED_LIMITS.points, `Expected points from -${AUTHORED_LIMITS.points} to ${AUTHORED_LIMITS.points}`),
  );
const positivePointsSchema = pointsSchema.check(z.positive('A right answer is worth more than 0 points'));

const optionSchema = z.object({
  id: identifierSchema,
  text: localizedTextSchema,
  /** What choosing the option scores (negative: a penalty). */
  points: pointsSchema,
});
export type AuthoredOption = z.infer<typeof optionSchema>;

const options = z
  .array(optionSchema)
  .check(z.minLength(2, 'Expected at least 2 options'), z.maxLength(AUTHORED_LIMITS.options, `At most ${AUTHORED_LIMITS.options} options`));

const common = {
  id: identifierSchema,
  prompt: localizedTextSchema,
};

const hasRightOption = z.refine<{ options: AuthoredOption[] }>((item) => item.options.some((o) => o.points > 0), {
  message: 'Expected a right answer: an option worth more than 0 points',
  path: ['options'],
});

const singleChoiceSchema = z
  .object({ ...common, kind: z.literal('single-choice'), shuffle: z._default(z.boolean(), false), options })
  .check(hasRightOption);
const multipleChoiceSchema = z
  .object({ ...common, kind: z.literal('multiple-choice'), shuffle: z._default(z.boolean(), false), options })
  .check(hasRightOption);
const trueFalseSchema = z.object({ ...common, kind: z.literal('true-false'), answer: z.boolean(), points: positivePointsSchema });

/**
 * The two choices of a true/false item as the candidate reads them, in each language: the one place these words are
 * kept: packages/qti's writer puts them in the package, and its reader, which writes the test again and compares, refuses a
 * package whose words differ.
 */
export const TRUE_FALSE_TEXTS: Record<LangCode, { TRUE: string; FALSE: string }> = {
  IT_it: { TRUE: 'Vero', FALSE: 'Falso' },
  EN_en: { TRUE: 'True', FALSE: 'False' },
  ES_es: { TRUE: 'Verdadero', FALSE: 'Falso' },
};
const textEntrySchema = z.object({
  ...common,
  kind: z.literal('text-entry'),
  /** Every answer accepted as right, in any of the test's languages. */
  answers: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'Expected an answer, not a blank'),
          z.maxLength(AUTHORED_LIMITS.answer, `At most ${AUTHORED_LIMITS.answer} characters`),
        ),
    )
    .check(
      z.minLength(1, 'Expected at least one accepted answer'),
      z.maxLength(AUTHORED_LIMITS.answers, `At most ${AUTHORED_LIMITS.answers} answers`),
    ),
  caseSensitive: z._default(z.boolean(), false),
  points: positivePointsSchema,
});
const numericEntrySchema = z.object({
  ...common,
  kind: z.literal('numeric-entry'),
  answer: z.number({ error: 'Expected a number' }),
  /** Right when within answer ± tolerance (bounds included). */
  tolerance: z._default(z.number({ error: 'Expected a number' }).check(z.gte(0, 'A tolerance is 0 or more')), 0),
  points: positivePointsSchema,
});
const likertSchema = z.object({ ...common, kind: z.literal('likert'), options });
const extendedTextSchema = z.object({
  ...common,
  kind: z.literal('extended-text'),
  /** The most an assessor may give it (its MAXSCORE): they rate it from 0 to this. */
  points: z._default(positivePointsSchema, 1),
});

export const authoredItemSchema = z.discriminatedUnion(
  'kind',
  [singleChoiceSchema, multipleChoiceSchema, trueFalseSchema, textEntrySchema, numericEntrySchema, likertSchema, extendedTextSchema],
  { error: `Expected an item kind: ${AUTHORED_ITEM_KINDS.join(', ')}` },
);
export type AuthoredItem = z.infer<typeof authoredItemSchema>;

const sectionSchema = z.object({
  title: localizedTextSchema,
  items: z
    .array(authoredItemSchema)
    .check(z.minLength(1, 'Expected at least one item'), z.maxLength(AUTHORED_LIMITS.items, `At most ${AUTHORED_LIMITS.items} items`)),
});

const fields = z.object({
  title: localizedTextSchema,
  /** The campaign's languages: every text has each of them, and only them. The first is the one delivered first. */
  languages: z.array(z.enum(LANGS, { error: `Expected a language code (${LANGS.join(', ')})` })).check(
    z.minLength(1, 'Expected at least one language'),
    z.refine((langs) => new Set(langs).size === langs.length, 'A language is listed twice'),
  ),
  timeLimitMinutes: z.optional(
    z
      .int({ error: 'Expected a whole number of minutes' })
      .check(
        z.positive('A time limit is at least 1 minute'),
        z.lte(AUTHORED_LIMITS.timeLimitMinutes, `At most ${AUTHORED_LIMITS.timeLimitMinutes} minutes`),
      ),
  ),
  /** nonlinear: the candidate moves freely and may flag items for review; linear: one after another. */
  navigation: z._default(z.enum(['linear', 'nonlinear']), 'nonlinear'),
  sections: z
    .array(sectionSchema)
    .check(
      z.minLength(1, 'Expected at least one section'),
      z.maxLength(AUTHORED_LIMITS.sections, `At most ${AUTHORED_LIMITS.sections} sections`),
    ),
});

type Fields = z.output<typeof fields>;
type Issue = { path: PropertyKey[]; message: string };

/** Each text has every language of the test, not blank, and no other. */
function checkText(text: LocalizedText, languages: readonly LangCode[], path: PropertyKey[], issues: Issue[]) {
  for (const lang of languages) {
    if (!text[lang]?.trim())
      issues.push({ path: [...path, lang], message: `Expected the text in ${lang} (the test's languages: ${languages.join(', ')})` });
    else if (text[lang].length > AUTHORED_LIMITS.text)
      issues.push({ path: [...path, lang], message: `At most ${AUTHORED_LIMITS.text} characters` });
  }
  for (const lang of Object.keys(text)) {
    if (!languages.includes(lang as LangCode))
      issues.push({ path: [...path, lang], message: `${lang} is not one of the test's languages (${languages.join(', ')})` });
  }
}

function authoredTestIssues(test: Fields): Issue[] {
  const issues: Issue[] = [];
  const langs = test.languages;
  checkText(test.title, langs, ['title'], issues);
  const itemIds = new Set<string>();
  test.sections.forEach((section, s) => {
    checkText(section.title, langs, ['sections', s, 'title'], issues);
    section.items.forEach((item, i) => {
      const at = ['sections', s, 'items', i];
      if (itemIds.has(item.id))
        issues.push({ path: [...at, 'id'], message: `The item id "${item.id}" is used by another item of the test` });
      else if (RESERVED_ITEM_IDS.has(item.id.toUpperCase()))
        issues.push({ path: [...at, 'id'], message: `"${item.id}" names the test's own results: choose another item id` });
      itemIds.add(item.id);
      checkText(item.prompt, langs, [...at, 'prompt'], issues);
      if ('options' in item) {
        const optionIds = new Set<string>();
        item.options.forEach((option, o) => {
          if (optionIds.has(option.id))
            issues.push({
              path: [...at, 'options', o, 'id'],
              message: `The option id "${option.id}" is used by another option of the item`,
            });
          optionIds.add(option.id);
          checkText(option.text, langs, [...at, 'options', o, 'text'], issues);
        });
      }
      if (item.kind === 'text-entry') {
        const seen = new Set<string>();
        item.answers.forEach((answer, a) => {
          const key = item.caseSensitive ? answer : answer.toLowerCase();
          if (seen.has(key)) issues.push({ path: [...at, 'answers', a], message: `The answer "${answer}" is listed twice` });
          seen.add(key);
        });
      }
    });
  });
  return issues;
}

/** A test written in the console, checked: the console's form and the server's request alike. */
export const authoredTestSchema = fields.check(
  z.superRefine((test, ctx) => {
    for (const issue of authoredTestIssues(test)) ctx.addIssue({ code: 'custom', ...issue });
  }),
);
export type AuthoredTest = z.output<typeof authoredTestSchema>;
export type AuthoredTestInput = z.input<typeof authoredTestSchema>;
