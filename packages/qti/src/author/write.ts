import type { AuthoredItem, AuthoredOption, AuthoredTest } from '@prova/contract/authored-test';
import { RATED_BY_ASSESSOR, TRUE_FALSE_TEXTS } from '@prova/contract/authored-test';
import type { LocalizedText } from '@prova/contract/bundle';
import type { LangCode } from '@prova/contract/limits';
import {
  CP_NS,
  FALSE,
  labelOf,
  MAP_RESPONSE,
  PART_IDENTIFIER,
  pathsOf,
  QTI_NS,
  sectionIdentifier,
  TEST_IDENTIFIER,
  TOOL_NAME,
  TOOL_VERSION,
  TRUE,
  XML_LANG,
} from './layout';

// writeAuthoredTest: a test written in the console as a QTI 3 IMS content package, as files (path -> bytes).
// Written by hand as text, so the same test always gives the same bytes (the reader relies on it).

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
// In an attribute a parser turns tabs and line ends into spaces: written as references they come back.
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
const attrs = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
const num = (n: number) => String(n);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** An item's title (what the player's navigation shows): its prompt, short. */
function titleOf(prompt: string) {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  return flat.length <= 60 ? flat : `${flat.slice(0, 59).trimEnd()}…`;
}

const declaration = (cardinality: string, baseType: string, inner: string) =>
  `  <qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}">\n${inner}  </qti-response-declaration>\n`;
const correct = (values: string[]) =>
  values.length
    ? `    <qti-correct-response>\n${values.map((v) => `      <qti-value>${escapeText(v)}</qti-value>\n`).join('')}    </qti-correct-response>\n`
    : '';
const mapping = (entries: Array<{ key: string; points: number; caseSensitive?: boolean }>, lowerBound?: number) =>
  `    <qti-mapping${attrs({ 'default-value': '0', 'lower-bound': lowerBound === undefined ? undefined : num(lowerBound) })}>\n` +
  entries
    .map(
      (e) =>
        `      <qti-map-entry${attrs({ 'map-key': e.key, 'mapped-value': num(e.points), 'case-sensitive': e.caseSensitive === undefined ? undefined : String(e.caseSensitive) })}/>\n`,
    )
    .join('') +
  '    </qti-mapping>\n';
const SCORE_DECLARATION =
  '  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float">\n' +
  '    <qti-default-value>\n      <qti-value>0</qti-value>\n    </qti-default-value>\n  </qti-outcome-declaration>\n';
const maxScoreDeclaration = (points: number) =>
  '  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">\n' +
  `    <qti-default-value>\n      <qti-value>${num(points)}</qti-value>\n    </qti-default-value>\n  </qti-outcome-declaration>\n`;
const MAP_PROCESSING = `  <qti-response-processing template="${MAP_RESPONSE}"/>\n`;

function choiceInteraction(prompt: string, choices: Array<{ id: string; text: string }>, shuffle: boolean, maxChoices: number) {
  return (
    `    <qti-choice-interaction${attrs({ 'response-identifier': 'RESPONSE', shuffle: String(shuffle), 'max-choices': num(maxChoices) })}>\n` +
    `      <qti-prompt>${escapeText(prompt)}</qti-prompt>\n` +
    choices.map((c) => `      <qti-simple-choice${attrs({ identifier: c.id })}>${escapeText(c.text)}</qti-simple-choice>\n`).join('') +
    '    </qti-choice-interaction>\n'
  );
}

const optionChoices = (options: AuthoredOption[], lang: LangCode) => options.map((o) => ({ id: o.id, text: o.text[lang] ?? '' }));
const optionEntries = (options: AuthoredOption[]) => options.map((o) => ({ key: o.id, points: o.points }));

/** The declarations, body and processing of one item, in one language. */
function itemParts(item: AuthoredItem, lang: LangCode): { declarations: string; body: string; processing: string } {
  const prompt = item.prompt[lang] ?? '';
  switch (item.kind) {
    case 'single-choice': {
      const best = item.options.reduce((a, b) => (b.points > a.points ? b : a));
      return {
        declarations: declaration('single', 'identifier', correct([best.id]) + mapping(optionEntries(item.options))),
        body: choiceInteraction(prompt, optionChoices(item.options, lang), item.shuffle, 1),
        processing: MAP_PROCESSING,
      };
    }
    case 'multiple-choice':
      return {
        declarations: declaration(
          'multiple',
          'identifier',
          correct(item.options.filter((o) => o.points > 0).map((o) => o.id)) + mapping(optionEntries(item.options), 0),
        ),
        body: choiceInteraction(prompt, optionChoices(item.options, lang), item.shuffle, 0),
        processing: MAP_PROCESSING,
      };
    case 'true-false': {
      const right = item.answer ? TRUE : FALSE;
      const texts = TRUE_FALSE_TEXTS[lang];
      return {
        declarations: declaration(
          'single',
          'identifier',
          correct([right]) +
            mapping([
              { key: TRUE, points: item.answer ? item.points : 0 },
              { key: FALSE, points: item.answer ? 0 : item.points },
            ]),
        ),
        body: choiceInteraction(
          prompt,
          [
            { id: TRUE, text: texts.TRUE },
            { id: FALSE, text: texts.FALSE },
          ],
          false,
          1,
        ),
        processing: MAP_PROCESSING,
      };
    }
    case 'text-entry':
      return {
        declarations: declaration(
          'single',
          'string',
          correct([item.answers[0] as string]) +
            mapping(item.answers.map((answer) => ({ key: answer, points: item.points, caseSensitive: item.caseSensitive }))),
        ),
        body: `    <p>${escapeText(prompt)}</p>\n    <p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>\n`,
        processing: MAP_PROCESSING,
      };
    case 'numeric-entry':
      return {
        declarations: declaration('single', 'float', correct([num(item.answer)])),
        body: `    <p>${escapeText(prompt)}</p>\n    <p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>\n`,
        // Right within the tolerance either side, bounds included; no response or another number scores 0.
        processing:
          '  <qti-response-processing>\n    <qti-response-condition>\n      <qti-response-if>\n' +
          `        <qti-equal${attrs({ 'tolerance-mode': 'absolute', tolerance: `${num(item.tolerance)} ${num(item.tolerance)}`, 'include-lower-bound': 'true', 'include-upper-bound': 'true' })}>\n` +
          '          <qti-variable identifier="RESPONSE"/>\n          <qti-correct identifier="RESPONSE"/>\n        </qti-equal>\n' +
          `        <qti-set-outcome-value identifier="SCORE">\n          <qti-base-value base-type="float">${num(item.points)}</qti-base-value>\n        </qti-set-outcome-value>\n` +
          '      </qti-response-if>\n      <qti-response-else>\n' +
          '        <qti-set-outcome-value identifier="SCORE">\n          <qti-base-value base-type="float">0</qti-base-value>\n        </qti-set-outcome-value>\n' +
          '      </qti-response-else>\n    </qti-response-condition>\n  </qti-response-processing>\n',
      };
    case 'likert':
      // No right answer: no correct response, each point of the scale worth its points.
      return {
        declarations: declaration('single', 'identifier', mapping(optionEntries(item.options))),
        body: choiceInteraction(prompt, optionChoices(item.options, lang), false, 1),
        processing: MAP_PROCESSING,
      };
    case 'extended-text':
      // Rated by an assessor: no key and no processing, so SCORE stays 0 until rated; the test marks it
      // rated-by-assessor, and its MAXSCORE is the most an assessor may give (the rating is its SCORE).
      return {
        declarations: declaration('single', 'string', '') + maxScoreDeclaration(item.points),
        body: `    <qti-extended-text-interaction response-identifier="RESPONSE">\n      <qti-prompt>${escapeText(prompt)}</qti-prompt>\n    </qti-extended-text-interaction>\n`,
        processing: '',
      };
  }
}

function itemXml(item: AuthoredItem, lang: LangCode) {
  const { declarations, body, processing } = itemParts(item, lang);
  const root = attrs({
    xmlns: QTI_NS,
    identifier: item.id,
    title: titleOf(item.prompt[lang] ?? ''),
    label: labelOf(item.kind),
    'xml:lang': XML_LANG[lang],
    adaptive: 'false',
    'time-dependent': 'false',
    'tool-name': TOOL_NAME,
    'tool-version': TOOL_VERSION,
  });
  return `${XML_DECLARATION}<qti-assessment-item${root}>\n${declarations}${SCORE_DECLARATION}  <qti-item-body>\n${body}  </qti-item-body>\n${processing}</qti-assessment-item>\n`;
}

function testXml(test: AuthoredTest, lang: LangCode) {
  const paths = pathsOf(lang, true);
  const text = (t: LocalizedText) => t[lang] ?? '';
  const root = attrs({
    xmlns: QTI_NS,
    identifier: TEST_IDENTIFIER,
    title: text(test.title),
    'xml:lang': XML_LANG[lang],
    'tool-name': TOOL_NAME,
    'tool-version': TOOL_VERSION,
  });
  const limits = test.timeLimitMinutes ? `  <qti-time-limits max-time="${test.timeLimitMinutes * 60}"/>\n` : '';
  const sections = test.sections
    .map(
      (section, s) =>
        `    <qti-assessment-section${attrs({ identifier: sectionIdentifier(s), title: text(section.title), visible: 'true' })}>\n` +
        section.items
          .map(
            (item) =>
              `      <qti-assessment-item-ref${attrs({ identifier: item.id, href: paths.itemHref(item.id), category: item.kind === 'extended-text' ? RATED_BY_ASSESSOR : undefined })}/>\n`,
          )
          .join('') +
        '    </qti-assessment-section>\n',
    )
    .join('');
  // No outcome processing: the test's SCORE is the sum of its items' (scoreQti).
  return (
    `${XML_DECLARATION}<qti-assessment-test${root}>\n${limits}` +
    `  <qti-test-part${attrs({ identifier: PART_IDENTIFIER, 'navigation-mode': test.navigation, 'submission-mode': 'simultaneous' })}>\n` +
    `${sections}  </qti-test-part>\n</qti-assessment-test>\n`
  );
}

const itemsOf = (test: AuthoredTest) => test.sections.flatMap((section) => section.items);

function manifestXml(test: AuthoredTest) {
  const [first, ...others] = test.languages as [LangCode, ...LangCode[]];
  const main = pathsOf(first, true);
  const items = itemsOf(test);
  const file = (href: string) => `      <file${attrs({ href })}/>\n`;
  const resources = [
    `    <resource identifier="test" type="imsqti_test_xmlv3p0"${attrs({ href: main.test })}>\n${file(main.test)}` +
      items.map((item) => `      <dependency${attrs({ identifierref: `item-${item.id}` })}/>\n`).join('') +
      '    </resource>\n',
    ...items.map(
      (item) =>
        `    <resource${attrs({ identifier: `item-${item.id}`, type: 'imsqti_item_xmlv3p0', href: main.item(item.id) })}>\n${file(main.item(item.id))}    </resource>\n`,
    ),
    // The other languages: the same test and items translated, beside the delivered ones (not QTI resources of
    // their own: a package holds one test).
    ...others.map((lang) => {
      const paths = pathsOf(lang, false);
      return (
        `    <resource${attrs({ identifier: `translation-${XML_LANG[lang]}`, type: 'webcontent' })}>\n` +
        file(paths.test) +
        items.map((item) => file(paths.item(item.id))).join('') +
        '    </resource>\n'
      );
    }),
  ];
  return (
    `${XML_DECLARATION}<manifest${attrs({ xmlns: CP_NS, identifier: 'prova-authored-test' })}>\n` +
    '  <metadata>\n    <schema>QTI Package</schema>\n    <schemaversion>3.0.0</schemaversion>\n  </metadata>\n' +
    `  <organizations/>\n  <resources>\n${resources.join('')}  </resources>\n</manifest>\n`
  );
}

/**
 * A test written in the console (checked with `authoredTestSchema`) as a QTI 3 package: `imsmanifest.xml`,
 * the test and one item per question in the test's first language, and each other language's translation of
 * them under `translations/<lang>/`. Zip it to import or download it (packages/qti has no zip writer).
 */
export function writeAuthoredTest(test: AuthoredTest): Map<string, Uint8Array> {
  const encoder = new TextEncoder();
  const files = new Map<string, Uint8Array>();
  files.set('imsmanifest.xml', encoder.encode(manifestXml(test)));
  test.languages.forEach((lang, index) => {
    const paths = pathsOf(lang, index === 0);
    files.set(paths.test, encoder.encode(testXml(test, lang)));
    for (const item of itemsOf(test)) files.set(paths.item(item.id), encoder.encode(itemXml(item, lang)));
  });
  return files;
}
