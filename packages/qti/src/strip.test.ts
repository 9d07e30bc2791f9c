import { DOMParser, type Element } from '@xmldom/xmldom';
import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { prepareQtiPackage } from './package';
import { descendants, localName } from './xml';

// Reads every file the candidate's browser may be served and looks for anything of the originals that tells
// or scores an answer.

const SCORING_ELEMENTS = [
  'qti-correct-response',
  'qti-mapping',
  'qti-map-entry',
  'qti-area-mapping',
  'qti-response-processing',
  'qti-response-condition',
  'qti-set-outcome-value',
  'qti-modal-feedback',
  'qti-feedback-block',
  'qti-feedback-inline',
  'qti-match-table',
  'qti-interpolation-table',
];

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml').documentElement as Element;

/** The values an original item scores by, leaving out those the candidate must see anyway (a choice's identifier). */
function secretsOf(original: string): string[] {
  const root = parse(original);
  const body = descendants(root, 'qti-item-body')
    .map((el) => el.toString())
    .join('');
  const values = descendants(root)
    .filter((el) => ['qti-correct-response', 'qti-mapping', 'qti-area-mapping', 'qti-response-processing'].includes(localName(el)))
    .flatMap((el) => descendants(el))
    .flatMap((el) => [
      el.getAttribute('map-key'),
      el.getAttribute('coords'),
      localName(el) === 'qti-value' || localName(el) === 'qti-base-value' ? el.textContent : null,
    ]);
  return [...new Set(values.filter((value): value is string => !!value && value.length > 2 && !body.includes(value)))];
}

describe.each(['qti-all-interactions', 'qti21-basic'])('what %s serves', (name) => {
  it('holds no correct response, mapping, processing rule, feedback or author comment of the originals', async () => {
    const files = filesOf(contentFixture(name));
    const result = await prepareQtiPackage(files);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const servedText = [...result.served].map(([path, bytes]) => ({ path, text: Buffer.from(bytes).toString('latin1') }));

    expect(result.served.has('imsmanifest.xml')).toBe(false);
    expect(result.served.has(result.sources.test.href)).toBe(false);
    const secrets = result.sources.items.flatMap((item) => secretsOf(item.xml));
    expect(secrets.length).toBeGreaterThan(1);
    for (const { path, text } of servedText) {
      for (const secret of [...secrets, 'match_correct', 'map_response', 'rptemplates', 'Well done', 'Scorer guide', 'Reviewer', '<!--']) {
        expect(text.includes(secret), `${path} holds "${secret}"`).toBe(false);
      }
      for (const element of SCORING_ELEMENTS) expect(text.includes(`<${element}`), `${path} holds ${element}`).toBe(false);
    }

    for (const item of result.sources.items) {
      const served = parse(new TextDecoder().decode(result.served.get(item.href)));
      for (const declaration of descendants(served, 'qti-outcome-declaration')) expect(declaration.childNodes.length).toBe(0);
      for (const declaration of descendants(served, 'qti-response-declaration')) {
        expect(declaration.childNodes.length).toBe(0); // the fixtures give no response a default value
        expect(declaration.getAttribute('identifier')).toBeTruthy();
        expect(declaration.getAttribute('cardinality')).toBeTruthy();
        expect(declaration.getAttribute('base-type')).toBeTruthy();
      }
    }
    for (const [path, bytes] of result.served) {
      if (!result.sources.items.some((item) => item.href === path)) expect(bytes).toEqual(files.get(path));
    }
  }, 60_000);
});

describe('a stripped item', () => {
  it('keeps what the candidate reads and answers', async () => {
    const result = await prepareQtiPackage(filesOf(contentFixture('qti-all-interactions')));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const text = (path: string) => new TextDecoder().decode(result.served.get(path));
    expect(text('items/extended-text.xml')).toContain('Answer in one sentence.');
    expect(text('items/extended-text.xml')).toContain('<qti-stylesheet href="../styles/items.css"');
    expect(text('items/choice-single.xml')).toContain('<qti-simple-choice identifier="C">The Rhine</qti-simple-choice>');
    expect(text('items/hotspot.xml')).toContain('<qti-hotspot-choice identifier="CIRCLE" shape="circle" coords="50,50,40"');
    expect(text('items/slider.xml')).toContain('lower-bound="1950" upper-bound="2000"');
    expect(text('items/text-entry.xml')).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<qti-assessment-item xmlns="http:\/\/www.imsglobal.org\/xsd\/imsqtiasi_v3p0"/,
    );
  });
});
