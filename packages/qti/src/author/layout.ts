import type { LangCode } from '@prova/contract/limits';

// How a package written from a test of the console is laid out (docs/qti.md, "Tests written in the console").
// The reader knows a package of its own by these marks and refuses any other.

/** `tool-name` of the test and of every item: the reader takes only packages that say so. */
export const TOOL_NAME = 'Prova';
/** `tool-version`: the layout below; a later layout gets the next one, and its reader still reads this one. */
export const TOOL_VERSION = '1';

export const QTI_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
export const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
export const MAP_RESPONSE = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml';

export const TEST_IDENTIFIER = 'TEST';
export const PART_IDENTIFIER = 'P1';
export const sectionIdentifier = (index: number) => `S${index + 1}`;

/** The xml:lang of each of the platform's languages. */
export const XML_LANG: Record<LangCode, string> = { IT_it: 'it', EN_en: 'en', ES_es: 'es' };
export const langOfXml = (tag: string | null) => (Object.keys(XML_LANG) as LangCode[]).find((lang) => XML_LANG[lang] === tag);

/** The files of one language: the first language's are the ones delivered; the others' are beside them. */
export function pathsOf(lang: LangCode, first: boolean) {
  const root = first ? '' : `translations/${XML_LANG[lang]}/`;
  return { test: `${root}test.xml`, item: (id: string) => `${root}items/${id}.xml`, itemHref: (id: string) => `items/${id}.xml` };
}

/** The item's `label` (a field QTI leaves to the authoring tool) names its kind in the console. */
export const labelOf = (kind: string) => `prova:${kind}`;

/** The true/false item's two choices (their texts in each language are the contract's `TRUE_FALSE_TEXTS`). */
export const TRUE = 'TRUE';
export const FALSE = 'FALSE';
