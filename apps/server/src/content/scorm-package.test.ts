import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { prepareScormPackage } from './scorm-package';

const files = (name: string) => filesOf(contentFixture(name));
const manifestOnly = (xml: string) => new Map([['imsmanifest.xml', new TextEncoder().encode(xml)]]);

describe('a SCORM manifest', () => {
  it('1.2: the SCO under every xml:base, with its parameters, its title, and every file served as it is', async () => {
    const given = files('scorm-manifest-12');
    const prepared = await prepareScormPackage(given);
    expect(prepared).toMatchObject({
      ok: true,
      kind: 'scorm',
      delivery: { kind: 'scorm', version: '1.2', launch: 'course/pages/intro.html?lang=it', title: 'Introduzione alla sicurezza' },
      scoring: null,
      notes: [],
    });
    if (!prepared.ok) return;
    expect([...prepared.served.keys()].sort()).toEqual([...given.keys()].sort());
  });

  it("2004: the default organization's first SCO, however deep, and a plain note that only it is delivered", async () => {
    const prepared = await prepareScormPackage(files('scorm-manifest-2004-several'));
    expect(prepared).toMatchObject({
      ok: true,
      delivery: { kind: 'scorm', version: '2004', launch: 'sco1/index.html', title: 'Benvenuto' },
      notes: ['3 SCOs: only the first one, "Benvenuto", is delivered (the others are left out)'],
    });
  });

  it('refuses a package with no SCO, and one whose launch file is not in it', async () => {
    expect(await prepareScormPackage(files('scorm-manifest-no-sco'))).toEqual({
      ok: false,
      problems: ['imsmanifest.xml: organization: no item launches a SCO (a resource with scormtype "sco")'],
    });
    expect(await prepareScormPackage(files('scorm-manifest-missing-launch'))).toEqual({
      ok: false,
      problems: ['imsmanifest.xml: resource: the SCO\'s launch file "lesson/start.html" is not in the package'],
    });
  });

  it('refuses what is not a SCORM manifest: none, a DOCTYPE, broken XML, another schema version, a href outside', async () => {
    const problems = async (f: Map<string, Uint8Array>) => {
      const prepared = await prepareScormPackage(f);
      return prepared.ok ? [] : prepared.problems;
    };
    expect(await problems(new Map())).toEqual([
      'imsmanifest.xml: manifest: no imsmanifest.xml at the root of the package: it is not a SCORM package',
    ]);
    const entity = '<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY x SYSTEM "file:///etc/passwd">]><manifest>&x;</manifest>';
    expect(await problems(manifestOnly(entity))).toEqual(['imsmanifest.xml: manifest: a DOCTYPE or an entity declaration is not accepted']);
    expect((await problems(manifestOnly('<manifest><metadata>')))[0]).toMatch(/^imsmanifest\.xml: manifest: not well-formed XML/);
    expect(await problems(manifestOnly('<manifest><metadata><schemaversion>CAM 1.1</schemaversion></metadata></manifest>'))).toEqual([
      'imsmanifest.xml: schemaversion: not a SCORM 1.2 or 2004 manifest (schemaversion "1.2", "2004 3rd Edition" or "2004 4th Edition")',
    ]);
    const outside = `<manifest xmlns:adlcp="x"><metadata><schemaversion>1.2</schemaversion></metadata>
      <organizations><organization identifier="o"><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
      <resources><resource identifier="r" adlcp:scormtype="sco" href="https://evil.example/sco.html"/></resources></manifest>`;
    expect(await problems(manifestOnly(outside))).toEqual([
      'imsmanifest.xml: resource: the SCO\'s href "https://evil.example/sco.html" is not a file of the package',
    ]);
  });
});
