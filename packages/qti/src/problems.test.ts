import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { prepareQtiPackage } from './package';

// Each kind of problem a package can have, made by changing one file of a good package as an author would.

type Files = Map<string, Uint8Array>;
const allInteractions = () => filesOf(contentFixture('qti-all-interactions'));
const text = (files: Files, path: string) => new TextDecoder().decode(files.get(path));
function edit(files: Files, path: string, change: (text: string) => string): Files {
  const before = text(files, path);
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${path} changed nothing`);
  return new Map(files).set(path, new TextEncoder().encode(after));
}
async function problemsOf(files: Files) {
  const result = await prepareQtiPackage(files);
  if (result.ok) throw new Error('the package was accepted');
  return result.problems;
}
const BODY_END = '  </qti-item-body>';

describe('the manifest', () => {
  it('must be there', async () => {
    const files = allInteractions();
    files.delete('imsmanifest.xml');
    expect(await problemsOf(files)).toEqual([
      "imsmanifest.xml: no imsmanifest.xml at the package's root (a QTI package is an IMS content package)",
    ]);
  });

  it('must name a test, not only items', async () => {
    const files = edit(allInteractions(), 'imsmanifest.xml', (t) => t.replace('type="imsqti_test_xmlv3p0"', 'type="webcontent"'));
    expect(await problemsOf(files)).toEqual([
      'imsmanifest.xml: resources: the package has 12 items but no test (a resource of type imsqti_test_xmlv3p0, or imsqti_test_xmlv2p1/2p2): export the assessment test with its items',
    ]);
  });

  it('must name one test', async () => {
    const files = edit(allInteractions(), 'imsmanifest.xml', (t) =>
      t.replace('<resources>', '<resources><resource identifier="T2" type="imsqti_test_xmlv3p0" href="tests/test.xml"/>'),
    );
    expect(await problemsOf(files)).toEqual([
      'imsmanifest.xml: resources: the package has 2 tests (tests/test.xml, tests/test.xml); a package holds one test',
    ]);
  });

  it('must name only files the package holds, inside it', async () => {
    let files = allInteractions();
    files.delete('images/shapes.png');
    files = edit(files, 'imsmanifest.xml', (t) => t.replace('<file href="styles/items.css"/>', '<file href="../styles/items.css"/>'));
    expect(await problemsOf(files)).toEqual([
      `imsmanifest.xml: resource "ITEM-EXTENDED-TEXT": "../styles/items.css" goes above the package's root`,
      'imsmanifest.xml: resource "ITEM-HOTSPOT": no file "images/shapes.png" in the package',
      'items/hotspot.xml: img src: no file "images/shapes.png" in the package',
    ]);
  });

  it('must be well-formed', async () => {
    const files = edit(allInteractions(), 'imsmanifest.xml', (t) => t.replace('</resources>', '</resource>'));
    expect(await problemsOf(files)).toEqual([expect.stringMatching(/^imsmanifest\.xml: line 54: not well-formed XML \(/)]);
  });
});

describe('XML tricks', () => {
  it('refuses a DOCTYPE and entities (no external references)', async () => {
    const files = edit(allInteractions(), 'items/text-entry.xml', (t) =>
      t.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
      ),
    );
    expect(await problemsOf(files)).toEqual([
      'items/text-entry.xml: line 2: a DOCTYPE or entity declaration is not accepted (no entities, no external references)',
    ]);
  });

  it('refuses XInclude', async () => {
    const files = edit(allInteractions(), 'items/order.xml', (t) =>
      t.replace(BODY_END, `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="../tests/test.xml"/>\n${BODY_END}`),
    );
    expect(await problemsOf(files)).toEqual(['items/order.xml: xi:include: XInclude is not accepted (no external references)']);
  });

  it('refuses a file that is not UTF-8', async () => {
    const files = new Map(allInteractions()).set('items/order.xml', new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e]));
    expect(await problemsOf(files)).toEqual(['items/order.xml: not UTF-8 text (QTI files are UTF-8)']);
  });

  it('refuses a file that is not QTI', async () => {
    const files = edit(allInteractions(), 'items/order.xml', (t) =>
      t.replace('xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"', 'xmlns="http://example.com/quiz"'),
    );
    expect(await problemsOf(files)).toEqual([
      expect.stringMatching(
        /^items\/order\.xml: qti-assessment-item: not QTI 3, 2\.2 or 2\.1 \(namespace "http:\/\/example\.com\/quiz"; accepted: /,
      ),
    ]);
  });
});

describe('the test', () => {
  it('refuses random selection, shuffled order, branching, pre-conditions and sections in other files', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t
        .replace(
          '<qti-assessment-section identifier="section-words" title="Words and choices" visible="true">',
          '$&<qti-selection select="2"/><qti-ordering shuffle="true"/>',
        )
        .replace(
          '<qti-assessment-item-ref identifier="match" href="../items/match.xml"/>',
          '<qti-assessment-item-ref identifier="match" href="../items/match.xml"><qti-pre-condition><qti-base-value base-type="boolean">true</qti-base-value></qti-pre-condition><qti-branch-rule target="EXIT_TEST"><qti-base-value base-type="boolean">true</qti-base-value></qti-branch-rule></qti-assessment-item-ref><qti-assessment-section-ref identifier="more" href="more.xml"/>',
        ),
    );
    expect(await problemsOf(files)).toEqual([
      'tests/test.xml: qti-selection: selecting a subset of items at random is not supported (the player delivers every item)',
      "tests/test.xml: qti-ordering: shuffling the items is not supported (the player delivers them in the test's order)",
      'tests/test.xml: qti-pre-condition: pre-conditions are not supported (the player delivers every item)',
      'tests/test.xml: qti-branch-rule: branch rules are not supported (the player delivers the items in order)',
      'tests/test.xml: qti-assessment-section-ref: sections in files of their own are not supported (put the section in the test)',
    ]);
  });

  it('accepts an ordering that does not shuffle', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t.replace(
        '<qti-assessment-section identifier="section-pairs" title="Pairs and gaps" visible="true">',
        '$&<qti-ordering shuffle="false"/>',
      ),
    );
    expect((await prepareQtiPackage(files)).ok).toBe(true);
  });

  it('must hold an item', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) => t.replace(/<qti-test-part[\s\S]*<\/qti-test-part>/, ''));
    expect(await problemsOf(files)).toEqual([
      'tests/test.xml: qti-assessment-test: the test has no items (a qti-test-part with a qti-assessment-section holding qti-assessment-item-ref)',
    ]);
  });

  it('names each item once', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) => t.replace('identifier="hotspot"', 'identifier="slider"'));
    expect(await problemsOf(files)).toEqual([
      'tests/test.xml: qti-assessment-item-ref "slider": the identifier "slider" is used by another item of the test (outcomes are named by it)',
    ]);
  });

  it('references items inside the package that are there', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t
        .replace('href="../items/order.xml"', 'href="../../order.xml"')
        .replace('href="../items/match.xml"', 'href="https://example.com/match.xml"')
        .replace('href="../items/hottext.xml"', 'href="../items/hot-text.xml"'),
    );
    expect(await problemsOf(files)).toEqual([
      `tests/test.xml: qti-assessment-item-ref "order": "../../order.xml" goes above the package's root`,
      'tests/test.xml: qti-assessment-item-ref "match": "https://example.com/match.xml" is outside the package (only files inside it are read)',
      'tests/test.xml: qti-assessment-item-ref "hottext": no file "items/hot-text.xml" in the package',
    ]);
  });

  it('has parts with known modes and a time limit in seconds', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t
        .replace('navigation-mode="nonlinear" submission-mode="individual">', 'navigation-mode="free" submission-mode="individual">')
        .replace('max-time="1800"', 'max-time="soon"'),
    );
    expect(await problemsOf(files)).toEqual([
      'tests/test.xml: qti-time-limits: max-time is a number of seconds above 0, not "soon"',
      'tests/test.xml: qti-test-part "part-words": navigation-mode is "linear" or "nonlinear", not "free"',
    ]);
  });

  it('resolves item hrefs through xml:base', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t
        .replace(
          '<qti-assessment-section identifier="section-pairs"',
          '<qti-assessment-section xml:base="../items/" identifier="section-pairs"',
        )
        .replace('href="../items/match.xml"', 'href="match.xml"'),
    );
    const result = await prepareQtiPackage(files);
    expect(result.ok && result.delivery.parts[1]?.sections[0]?.items[0]).toEqual({
      identifier: 'match',
      href: 'items/match.xml',
      title: 'Authors',
    });
  });

  it('notes what is not applied', async () => {
    const files = edit(allInteractions(), 'tests/test.xml', (t) =>
      t.replace(
        '<qti-assessment-section identifier="section-pairs" title="Pairs and gaps" visible="true">',
        '$&<qti-time-limits max-time="60"/><qti-rubric-block view="candidate"><qti-content-body><p>Take your time.</p></qti-content-body></qti-rubric-block>',
      ),
    );
    const result = await prepareQtiPackage(files);
    expect(result.ok && result.notes).toEqual([
      "tests/test.xml: the test's rubric blocks are not shown (the player shows items; put such text in an item)",
      'tests/test.xml: the time limit of qti-assessment-section "section-pairs" is not applied (only the test\'s own)',
    ]);
  });
});

describe('an item', () => {
  const unsupported = [
    '<qti-upload-interaction response-identifier="RESPONSE"/>',
    '<qti-drawing-interaction response-identifier="RESPONSE"><object data="../images/shapes.png" type="image/png"/></qti-drawing-interaction>',
    '<qti-custom-interaction response-identifier="RESPONSE"/>',
    '<qti-portable-custom-interaction response-identifier="RESPONSE" custom-interaction-type-identifier="x"/>',
    '<qti-media-interaction response-identifier="RESPONSE" autostart="false"/>',
    '<qti-graphic-order-interaction response-identifier="RESPONSE"/>',
    '<qti-graphic-associate-interaction response-identifier="RESPONSE"/>',
    '<qti-graphic-gap-match-interaction response-identifier="RESPONSE"/>',
    '<qti-position-object-stage><qti-position-object-interaction response-identifier="RESPONSE"/></qti-position-object-stage>',
    '<qti-select-point-interaction response-identifier="RESPONSE" max-choices="1"/>',
    '<qti-end-attempt-interaction response-identifier="RESPONSE" title="Hint"/>',
  ];
  it.each(unsupported)('is refused with an interaction the player does not deliver: %s', async (interaction) => {
    const files = edit(allInteractions(), 'items/choice-single.xml', (t) => t.replace(BODY_END, `${interaction}\n${BODY_END}`));
    const name = /<(qti-[a-z-]+-interaction)/.exec(interaction)?.[1] as string;
    expect(await problemsOf(files)).toEqual([
      `items/choice-single.xml: ${name}: not supported by the platform's player (supported: choice, text-entry, extended-text, inline-choice, order, match, associate, gap-match, hottext, slider, hotspot)`,
    ]);
  });

  it('has a response declaration for every interaction', async () => {
    const files = edit(allInteractions(), 'items/slider.xml', (t) =>
      t.replace('response-identifier="RESPONSE" lower-bound', 'lower-bound'),
    );
    const other = edit(files, 'items/order.xml', (t) =>
      t.replace('<qti-order-interaction response-identifier="RESPONSE"', '<qti-order-interaction response-identifier="ORDER"'),
    );
    expect(await problemsOf(other)).toEqual([
      'items/order.xml: qti-order-interaction: response-identifier "ORDER" has no qti-response-declaration',
      'items/slider.xml: qti-slider-interaction: no response-identifier',
    ]);
  });

  it('is not adaptive, has no templates and no stimulus in another file', async () => {
    let files = edit(allInteractions(), 'items/hottext.xml', (t) => t.replace('adaptive="false"', 'adaptive="true"'));
    files = edit(files, 'items/match.xml', (t) =>
      t
        .replace(
          '<qti-item-body>',
          '<qti-template-declaration identifier="N" cardinality="single" base-type="integer"/>\n<qti-assessment-stimulus-ref identifier="S" href="stimulus.xml"/>\n<qti-item-body>',
        )
        .replace('<qti-response-processing', '<qti-template-processing/><qti-response-processing'),
    );
    expect(await problemsOf(files)).toEqual([
      'items/match.xml: qti-template-declaration: template variables (cloned items) are not supported',
      'items/match.xml: qti-assessment-stimulus-ref: shared stimuli in files of their own are not supported (put the stimulus in the item body)',
      'items/match.xml: qti-template-processing: template processing (cloned items) is not supported',
      'items/hottext.xml: qti-assessment-item: adaptive items (several attempts with feedback between them) are not supported',
    ]);
  });

  it('loads only files of the package the player may load', async () => {
    let files = edit(allInteractions(), 'items/hotspot.xml', (t) =>
      t.replace('src="../images/shapes.png"', 'src="https://example.com/shapes.png"'),
    );
    files = edit(files, 'items/extended-text.xml', (t) => t.replace('href="../styles/items.css"', 'href="../tests/test.xml"'));
    expect(await problemsOf(files)).toEqual([
      'items/extended-text.xml: qti-stylesheet href: "tests/test.xml" is not a file the player loads (images, style sheets, fonts, audio, video)',
      'items/hotspot.xml: img src: "https://example.com/shapes.png" is outside the package (the player loads only the package\'s own files)',
    ]);
  });

  it('must be an item', async () => {
    const files = edit(allInteractions(), 'items/order.xml', (t) => t.replace(/qti-assessment-item/g, 'qti-assessment-stimulus'));
    expect(await problemsOf(files)).toEqual([
      'items/order.xml: qti-assessment-stimulus: not a QTI assessment item (the root element is not qti-assessment-item)',
    ]);
  });
});

describe('a QTI 2.1 item the player cannot deliver', () => {
  it('is refused after conversion, by its QTI 3 name', async () => {
    const files = edit(filesOf(contentFixture('qti21-basic')), 'items/i60a1/qti.xml', (t) =>
      t.replace('</itemBody>', '<uploadInteraction responseIdentifier="RESPONSE"/></itemBody>'),
    );
    expect(await problemsOf(files)).toEqual([
      expect.stringMatching(/^items\/i60a1\/qti\.xml: qti-upload-interaction: not supported by the platform's player/),
    ]);
  }, 60_000);
});
