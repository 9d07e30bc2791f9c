import type { Element } from '@xmldom/xmldom';
import { type AuthoredItem, type AuthoredTest, AUTHORED_ITEM_KINDS, authoredTestSchema } from '@prova/contract/authored-test';
import type { LangCode } from '@prova/contract/limits';
import { MANIFEST } from '../manifest';
import { childElements, decodeText, descendants, localName, parseXml } from '../xml';
import { FALSE, labelOf, langOfXml, pathsOf, TOOL_NAME, TOOL_VERSION, TRUE, XML_LANG } from './layout';
import { writeAuthoredTest } from './write';

// readAuthoredTest: a package written by writeAuthoredTest read back into the test of the console, so a test
// exported from the console imports back unchanged. A package this writer did not write (another tool's, or
// one of Prova's changed by hand) is refused with the reason: it imports as a QTI package, not as a test to edit.

export type ReadAuthoredTest = { ok: true; test: AuthoredTest } | { ok: false; problems: string[] };

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

function parsed(files: ReadonlyMap<string, Uint8Array>, path: string): Element {
  const bytes = files.get(path) ?? refuse(`${path}: no such file in the package`);
  const text = decodeText(path, bytes);
  if (!text.ok) return refuse(text.problem);
  const xml = parseXml(path, text.text);
  if (!xml.ok) return refuse(xml.problem);
  return xml.doc.documentElement as Element;
}

const only = (parent: Element, name: string, where: string): Element => {
  const found = descendants(parent, name);
  if (found.length !== 1) refuse(`${where}: expected one ${name}, found ${found.length}`);
  return found[0] as Element;
};
const attribute = (el: Element, name: string, where: string) => el.getAttribute(name) ?? refuse(`${where}: ${localName(el)}: no ${name}`);
const numberOf = (text: string, where: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : refuse(`${where}: "${text}" is not a number`);
};

/** Points by map key, in the mapping's order. */
function mappingOf(root: Element, where: string) {
  return descendants(only(root, 'qti-mapping', where), 'qti-map-entry').map((entry) => ({
    key: attribute(entry, 'map-key', where),
    points: numberOf(attribute(entry, 'mapped-value', where), where),
    caseSensitive: entry.getAttribute('case-sensitive') === 'true',
  }));
}
const correctValues = (root: Element) =>
  descendants(root, 'qti-correct-response').flatMap((c) => descendants(c, 'qti-value').map((v) => v.textContent ?? ''));

/** One item in one language (its texts in that language only). */
function readItem(root: Element, lang: LangCode, path: string): AuthoredItem {
  const kind =
    AUTHORED_ITEM_KINDS.find((k) => root.getAttribute('label') === labelOf(k)) ??
    refuse(`${path}: qti-assessment-item: the label does not name a kind of item the console writes`);
  const id = attribute(root, 'identifier', path);
  const text = (el: Element) => ({ [lang]: el.textContent ?? '' });
  const prompt = () => text(only(root, 'qti-prompt', path));
  const choices = () =>
    descendants(only(root, 'qti-choice-interaction', path), 'qti-simple-choice').map((c) => ({
      id: attribute(c, 'identifier', path),
      text: text(c),
    }));
  const shuffle = () => only(root, 'qti-choice-interaction', path).getAttribute('shuffle') === 'true';
  const options = () => {
    const points = new Map(mappingOf(root, path).map((e) => [e.key, e.points]));
    return choices().map((c) => ({ ...c, points: points.get(c.id) ?? refuse(`${path}: qti-mapping: no points for the option "${c.id}"`) }));
  };
  const paragraph = () => text(childElements(only(root, 'qti-item-body', path), 'p')[0] ?? refuse(`${path}: qti-item-body: no prompt`));
  switch (kind) {
    case 'single-choice':
    case 'multiple-choice':
      return { kind, id, prompt: prompt(), shuffle: shuffle(), options: options() };
    case 'likert':
      return { kind, id, prompt: prompt(), options: options() };
    case 'true-false': {
      const [right] = correctValues(root);
      if (right !== TRUE && right !== FALSE) refuse(`${path}: qti-correct-response: expected ${TRUE} or ${FALSE}`);
      const points =
        mappingOf(root, path).find((e) => e.key === right)?.points ?? refuse(`${path}: qti-mapping: no points for the right answer`);
      return { kind, id, prompt: prompt(), answer: right === TRUE, points };
    }
    case 'text-entry': {
      const entries = mappingOf(root, path);
      return {
        kind,
        id,
        prompt: paragraph(),
        answers: entries.map((e) => e.key),
        caseSensitive: entries[0]?.caseSensitive ?? false,
        points: entries[0]?.points ?? refuse(`${path}: qti-mapping: no accepted answer`),
      };
    }
    case 'numeric-entry': {
      const [answer] = correctValues(root);
      const equal = only(root, 'qti-equal', path);
      const [tolerance] = attribute(equal, 'tolerance', path).split(' ');
      return {
        kind,
        id,
        prompt: paragraph(),
        answer: numberOf(answer ?? '', path),
        tolerance: numberOf(tolerance ?? '', path),
        points: numberOf(descendants(only(root, 'qti-response-if', path), 'qti-base-value')[0]?.textContent ?? '', path),
      };
    }
    case 'extended-text': {
      const max = descendants(root, 'qti-outcome-declaration').find((d) => d.getAttribute('identifier') === 'MAXSCORE');
      const value = max ? descendants(max, 'qti-value')[0] : undefined;
      return { kind, id, prompt: prompt(), points: numberOf(value?.textContent ?? '', `${path}: MAXSCORE`) };
    }
  }
}

/** The test in one language, from its files at `paths`. */
function readLanguage(files: ReadonlyMap<string, Uint8Array>, testPath: string, lang: LangCode, first: boolean) {
  const paths = pathsOf(lang, first);
  const test = parsed(files, testPath);
  checkMarks(test, testPath);
  if (langOfXml(test.getAttribute('xml:lang')) !== lang) refuse(`${testPath}: qti-assessment-test: xml:lang is not "${lang}"`);
  const part = only(test, 'qti-test-part', testPath);
  const navigation = part.getAttribute('navigation-mode') === 'linear' ? 'linear' : 'nonlinear';
  const maxTime = childElements(test, 'qti-time-limits')[0]?.getAttribute('max-time');
  const sections = childElements(part, 'qti-assessment-section').map((section) => ({
    title: { [lang]: attribute(section, 'title', testPath) },
    items: childElements(section, 'qti-assessment-item-ref').map((ref) => {
      const id = attribute(ref, 'identifier', testPath);
      const path = paths.item(id);
      const item = parsed(files, path);
      checkMarks(item, path);
      return readItem(item, lang, path);
    }),
  }));
  return {
    title: { [lang]: attribute(test, 'title', testPath) },
    languages: [lang],
    navigation,
    ...(maxTime ? { timeLimitMinutes: numberOf(maxTime, testPath) / 60 } : {}),
    sections,
  };
}

function checkMarks(root: Element, path: string) {
  if (root.getAttribute('tool-name') !== TOOL_NAME)
    refuse(`${path}: ${localName(root)}: not written by ${TOOL_NAME}'s console (tool-name "${root.getAttribute('tool-name') ?? ''}")`);
  if (root.getAttribute('tool-version') !== TOOL_VERSION)
    refuse(
      `${path}: ${localName(root)}: written by another version of ${TOOL_NAME} (tool-version "${root.getAttribute('tool-version') ?? ''}")`,
    );
}

/**
 * Two languages' readings of one test as one: objects merged key by key (texts by language), all else equal.
 * `file` is the translation's folder, `where` the path in the test (as the schema's problems name it).
 */
function merge(a: unknown, b: unknown, file: string, where: string): unknown {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) refuse(`${file}: ${where}: not as many as in the first language (${b.length}, not ${a.length})`);
    return a.map((x, i) => merge(x, b[i], file, where ? `${where}.${i}` : `${i}`));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [key, value] of Object.entries(b))
      out[key] = key in out ? merge(out[key], value, file, where ? `${where}.${key}` : key) : value;
    return out;
  }
  return a === b ? a : refuse(`${file}: ${where}: not as in the first language (${JSON.stringify(b)}, not ${JSON.stringify(a)})`);
}

/**
 * The test of the console a package holds, if writeAuthoredTest wrote it: every language, every item as it
 * was written. Anything else is refused with the reason (`<file>: <element>: message`).
 */
export function readAuthoredTest(files: ReadonlyMap<string, Uint8Array>): ReadAuthoredTest {
  try {
    const manifest = parsed(files, MANIFEST);
    if (manifest.getAttribute('identifier') !== 'prova-authored-test')
      refuse(`${MANIFEST}: manifest: not a package written by ${TOOL_NAME}'s console`);
    const main = pathsOf('IT_it', true).test;
    const first =
      langOfXml(parsed(files, main).getAttribute('xml:lang')) ??
      refuse(`${main}: qti-assessment-test: xml:lang is not a language of the platform`);
    const translations = descendants(manifest, 'resource')
      .map((resource) => /^translation-(.+)$/.exec(resource.getAttribute('identifier') ?? '')?.[1] ?? null)
      .filter((tag): tag is string => tag !== null)
      .map((tag) => langOfXml(tag) ?? refuse(`${MANIFEST}: resource "translation-${tag}": not a language of the platform`));
    let merged: unknown = readLanguage(files, main, first, true);
    for (const lang of translations) {
      const read = readLanguage(files, pathsOf(lang, false).test, lang, false);
      merged = merge({ ...(merged as object), languages: [] }, { ...read, languages: [] }, `translations/${XML_LANG[lang]}`, '');
      (merged as { languages: LangCode[] }).languages = [first, ...translations.slice(0, translations.indexOf(lang) + 1)];
    }
    const test = authoredTestSchema.safeParse(merged);
    if (!test.success) return { ok: false, problems: test.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
    // What is read must be all there is: written again, the package comes out the same, byte for byte.
    const again = writeAuthoredTest(test.data);
    const changed = [...new Set([...files.keys(), ...again.keys()])].filter((path) => !sameBytes(files.get(path), again.get(path)));
    if (changed.length)
      return {
        ok: false,
        problems: changed.map(
          (path) =>
            `${path}: ${again.has(path) ? 'changed since' : 'not a file'} ${TOOL_NAME}'s console ${again.has(path) ? 'wrote it' : 'writes'} (import the package as a QTI test instead)`,
        ),
      };
    return { ok: true, test: test.data };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problems: [error.message] };
    throw error;
  }
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined) {
  if (!a || !b || a.length !== b.length) return false;
  return a.every((byte, i) => byte === b[i]);
}
