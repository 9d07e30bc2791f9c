import { qtiDeliverySchema } from '@prova/contract/content';
import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { prepareQtiPackage, type PreparedQti } from './package';

const prepared = async (name: string) => {
  const result = await prepareQtiPackage(filesOf(contentFixture(name)));
  return result;
};
const ready = (result: PreparedQti) => {
  if (!result.ok) throw new Error(`refused:\n${result.problems.join('\n')}`);
  return result;
};

describe('a QTI 3 package with every interaction the player delivers', () => {
  it('delivers the test as its parts and sections say, items by their references', async () => {
    const result = ready(await prepared('qti-all-interactions'));
    expect(qtiDeliverySchema.parse(result.delivery)).toEqual(result.delivery);
    expect(result.delivery).toEqual({
      kind: 'qti',
      identifier: 'all-interactions',
      title: 'Every interaction the player delivers',
      maxTimeSeconds: 1800,
      parts: [
        {
          identifier: 'part-words',
          navigationMode: 'nonlinear',
          submissionMode: 'individual',
          sections: [
            {
              identifier: 'section-words',
              title: 'Words and choices',
              visible: true,
              items: [
                { identifier: 'choice-single', href: 'items/choice-single.xml', title: 'Rivers' },
                { identifier: 'choice-multiple', href: 'items/choice-multiple.xml', title: 'Prime numbers' },
                { identifier: 'text-entry', href: 'items/text-entry.xml', title: 'Capital' },
              ],
            },
            {
              identifier: 'section-writing',
              title: 'Writing',
              visible: true,
              items: [
                { identifier: 'extended-text', href: 'items/extended-text.xml', title: 'Photosynthesis' },
                { identifier: 'inline-choice', href: 'items/inline-choice.xml', title: 'Verb' },
              ],
            },
            {
              identifier: 'section-words',
              title: 'Words and choices',
              visible: true,
              items: [{ identifier: 'order', href: 'items/order.xml', title: 'Planets' }],
            },
          ],
        },
        {
          identifier: 'part-pairs',
          navigationMode: 'nonlinear',
          submissionMode: 'individual',
          sections: [
            {
              identifier: 'section-pairs',
              title: 'Pairs and gaps',
              visible: true,
              items: [
                { identifier: 'match', href: 'items/match.xml', title: 'Authors' },
                { identifier: 'associate', href: 'items/associate.xml', title: 'Opposites' },
                { identifier: 'gap-match', href: 'items/gap-match.xml', title: 'Seasons' },
              ],
            },
            {
              identifier: 'section-pointing',
              title: 'Pointing',
              visible: false,
              items: [
                { identifier: 'hottext', href: 'items/hottext.xml', title: 'Mistake' },
                { identifier: 'slider', href: 'items/slider.xml', title: 'Moon landing' },
                { identifier: 'hotspot', href: 'items/hotspot.xml', title: 'Circle' },
              ],
            },
          ],
        },
      ],
    });
    expect(result.notes).toEqual([]);
  });

  it('serves the stripped items and the assets, never the manifest, the test or an original item', async () => {
    const files = filesOf(contentFixture('qti-all-interactions'));
    const result = ready(await prepareQtiPackage(files));
    const items = result.delivery.parts.flatMap((part) => part.sections.flatMap((section) => section.items.map((item) => item.href)));
    expect([...result.served.keys()].sort()).toEqual([...items, 'images/shapes.png', 'styles/items.css'].sort());
    expect(result.served.get('images/shapes.png')).toEqual(files.get('images/shapes.png'));
    for (const href of items)
      expect(Buffer.from(result.served.get(href) as Uint8Array).equals(Buffer.from(files.get(href) as Uint8Array))).toBe(false);
  });

  it('gives the scoring the test and every item as the package has them', async () => {
    const files = filesOf(contentFixture('qti-all-interactions'));
    const result = ready(await prepareQtiPackage(files));
    const text = (path: string) => new TextDecoder().decode(files.get(path));
    expect(result.sources.test).toEqual({ href: 'tests/test.xml', xml: text('tests/test.xml') });
    expect(result.sources.items.map(item => item.identifier)).toEqual([
      'choice-single', 'choice-multiple', 'text-entry', 'extended-text', 'inline-choice', 'order',
      'match', 'associate', 'gap-match', 'hottext', 'slider', 'hotspot',
    ]); // prettier-ignore
    for (const item of result.sources.items) expect(item.xml).toBe(text(item.href));
  });
});

describe('a QTI 2.1 package as TAO exports it', () => {
  it('is converted to QTI 3 and delivered', async () => {
    const result = ready(await prepared('qti21-basic'));
    expect(result.notes).toEqual(['converted from QTI 2.1 to QTI 3 (4 files)']);
    expect(result.delivery).toEqual({
      kind: 'qti',
      identifier: 't60b1',
      title: 'General knowledge',
      maxTimeSeconds: 900,
      parts: [
        {
          identifier: 'testPart-1',
          navigationMode: 'linear',
          submissionMode: 'individual',
          sections: [
            {
              identifier: 'assessmentSection-1',
              title: 'Section 1',
              visible: true,
              items: [
                { identifier: 'item-1', href: 'items/i60a1/qti.xml', title: 'Colours' },
                { identifier: 'item-2', href: 'items/i60a2/qti.xml', title: 'Boiling point' },
                { identifier: 'item-3', href: 'items/i60a3/qti.xml', title: 'Continents' },
              ],
            },
          ],
        },
      ],
    });
    const served = new TextDecoder().decode(result.served.get('items/i60a2/qti.xml'));
    expect(served).toContain('<qti-text-entry-interaction');
    expect(served).toContain('http://www.imsglobal.org/xsd/imsqtiasi_v3p0');
    expect(result.sources.test.xml).toContain('<qti-assessment-test');
    expect(result.sources.test.xml).toContain('<qti-outcome-processing>');
    expect(result.sources.items[1]?.xml).toContain('<qti-map-entry map-key="hundred"');
    expect(result.sources.items[1]?.xml).toContain('rptemplates/map_response');
  }, 60_000); // Saxon-JS loads in seconds on a busy machine
});

describe('a package with several faults', () => {
  it('is refused with every problem, each naming its file and element', async () => {
    const result = await prepared('qti-broken');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      'imsmanifest.xml: resource "Q2": no file "items/q2.xml" in the package',
      'test.xml: qti-assessment-item-ref "q2": no file "items/q2.xml" in the package',
      'items/q3.xml: line 6: not well-formed XML (Opening and ending tag mismatch: "p" != "qti-item-body")',
      expect.stringMatching(
        /^items\/q7\.xml: qti-upload-interaction: not supported by the platform's player \(supported: choice, text-entry, /,
      ),
      'items/q7.xml: qti-text-entry-interaction: response-identifier "NOTE" has no qti-response-declaration',
    ]);
  });
});
