import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { authoredTestSchema } from '@prova/contract/authored-test';
import { everyKind } from './fixture';
import { readAuthoredTest } from './read';
import { writeAuthoredTest } from './write';

// A test exported from the console imports back unchanged: the package read back is the test as written, and
// written again it is the same package, byte for byte. A package the console did not write is refused.

const encoder = new TextEncoder();
const edit = (files: Map<string, Uint8Array>, path: string, from: string, to: string) => {
  const xml = new TextDecoder().decode(files.get(path));
  expect(xml).toContain(from);
  const copy = new Map(files);
  copy.set(path, encoder.encode(xml.replace(from, to)));
  return copy;
};

describe('readAuthoredTest', () => {
  it('reads back the test as written, in every language, and writes it again to the same bytes', () => {
    const files = writeAuthoredTest(everyKind);
    const read = readAuthoredTest(files);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    expect(read.test).toEqual(everyKind);
    const again = writeAuthoredTest(read.test);
    expect([...again.keys()]).toEqual([...files.keys()]);
    for (const [path, bytes] of files) expect(Buffer.from(again.get(path) as Uint8Array).equals(Buffer.from(bytes)), path).toBe(true);
  });

  it('reads back a linear test without a time limit, in three languages, and texts that XML must escape', () => {
    const three = (s: string) => ({ IT_it: `${s} <it> & "x"`, EN_en: `${s}\r\n\ten`, ES_es: `  ${s} es  ` });
    const test = authoredTestSchema.parse({
      title: three('T'),
      languages: ['ES_es', 'IT_it', 'EN_en'],
      navigation: 'linear',
      sections: [
        { title: three('S1'), items: [{ kind: 'extended-text', id: 'a', prompt: three('P') }] },
        { title: three('S2'), items: [{ kind: 'numeric-entry', id: 'b', prompt: three('N'), answer: -2.5, points: 1.5 }] },
      ],
    });
    const read = readAuthoredTest(writeAuthoredTest(test));
    expect(read).toEqual({ ok: true, test });
  });

  it('refuses a package another tool wrote, with the reason', () => {
    const read = readAuthoredTest(filesOf(contentFixture('qti-all-interactions')));
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.problems).toEqual(["imsmanifest.xml: manifest: not a package written by Prova's console"]);
    expect(readAuthoredTest(new Map())).toEqual({ ok: false, problems: ['imsmanifest.xml: no such file in the package'] });
  });

  it('refuses a package of the console changed by hand, naming the file', () => {
    const files = writeAuthoredTest(everyKind);
    // A key the reader does not take the points from: what was read would not be all there is.
    const key = edit(files, 'items/capital.xml', '<qti-value>rome</qti-value>', '<qti-value>milan</qti-value>');
    expect(readAuthoredTest(key)).toEqual({
      ok: false,
      problems: ["items/capital.xml: changed since Prova's console wrote it (import the package as a QTI test instead)"],
    });
    const points = edit(files, 'translations/en/items/capital.xml', 'mapped-value="3"', 'mapped-value="5"');
    expect(readAuthoredTest(points)).toEqual({
      ok: false,
      problems: ['translations/en: sections.0.items.0.options.0.points: not as in the first language (5, not 3)'],
    });
    const fewer = edit(files, 'translations/en/test.xml', '<qti-assessment-item-ref identifier="moon" href="items/moon.xml"/>', '');
    expect(readAuthoredTest(fewer)).toEqual({
      ok: false,
      problems: ['translations/en: sections.0.items: not as many as in the first language (3, not 4)'],
    });
    const other = edit(files, 'items/pi.xml', 'tool-name="Prova"', 'tool-name="TAO"');
    expect(readAuthoredTest(other)).toEqual({
      ok: false,
      problems: [`items/pi.xml: qti-assessment-item: not written by Prova's console (tool-name "TAO")`],
    });
    const added = new Map(files).set('items/extra.png', new Uint8Array([1]));
    expect(readAuthoredTest(added)).toEqual({
      ok: false,
      problems: ["items/extra.png: not a file Prova's console writes (import the package as a QTI test instead)"],
    });
  });
});
