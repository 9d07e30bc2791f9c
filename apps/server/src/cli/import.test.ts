import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { playerUrl } from '@prova/contract/content';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { rawZip } from '@prova/test-support/raw-zip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import exampleBundle from '../import/fixtures/example-bundle.json';
import { runImport } from './import';

// The command itself, on a SQLite file (the import logic is tested on both databases beside it).
let dir: string;
let out: string[];
let err: string[];
const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
const run = (...args: string[]) => runImport(args, { DATABASE_URL: `sqlite:${join(dir, 'data', 'prova.db')}`, INIT_CWD: dir }, io);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'prova-cli-'));
  out = [];
  err = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('import command', () => {
  it('imports a bundle, then finds nothing to change', async () => {
    writeFileSync(join(dir, 'bundle.json'), JSON.stringify(exampleBundle));
    expect(await run('bundle.json')).toBe(0);
    expect(out).toContain('  users: 3 created');
    expect(err).toEqual([]);
    out = [];
    expect(await run('bundle.json')).toBe(0);
    expect(out).toContain('  users: 3 unchanged');
  });

  it('lists every problem of an invalid bundle and exits 1', async () => {
    const broken = structuredClone(exampleBundle) as any;
    broken.companies[0].name = '';
    broken.campaigns[0].tests[2].test = 999;
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    expect(await run('broken.json')).toBe(1);
    expect(err).toContain('companies[0].name: No valid company name');
    expect(err).toContain('campaigns[0].tests[2].test: unknown test 999');
    expect(out).toEqual([]);
  });

  it("refuses a test on an origin outside the operator's ACTIVITY_ORIGINS, and takes it once listed", async () => {
    const partner = { version: 1, tests: [{ id: 1, abbreviation: 'P', name: 'Partner', url: 'https://quiz.partner.example/a/' }] };
    writeFileSync(join(dir, 'partner.json'), JSON.stringify(partner));
    expect(await run('partner.json')).toBe(1);
    expect(err[0]).toMatch(/^tests\[0\]\.url: https:\/\/quiz\.partner\.example is not an origin this platform frames/);
    err = [];
    const listed = {
      DATABASE_URL: `sqlite:${join(dir, 'data', 'prova.db')}`,
      INIT_CWD: dir,
      ACTIVITY_ORIGINS: 'https://quiz.partner.example',
    };
    expect(await runImport(['partner.json'], listed, io)).toBe(0);
    expect(err).toEqual([]);
  });

  it('explains an unreadable file, bad JSON and a missing argument', async () => {
    expect(await run('missing.json')).toBe(1);
    expect(err.at(-1)).toMatch(/missing\.json: cannot read the file/);
    writeFileSync(join(dir, 'bad.json'), '{ "version": 1,');
    expect(await run('bad.json')).toBe(1);
    expect(err.at(-1)).toMatch(/bad\.json: not valid JSON/);
    expect(await run()).toBe(1);
    expect(err.at(-1)).toBe('Usage: npm run import -- <bundle.json | folder | bundle.zip>');
  });
});

describe('import command: bundles with files', () => {
  const scormTest = (id: number, file: string) => ({ id, abbreviation: `S${id}`, name: `Corso ${id}`, package: { type: 'scorm', file } });
  const writeFolder = (files: Record<string, string | Uint8Array>) => {
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
  };
  const openDb = () => openDatabase(`sqlite:${join(dir, 'data', 'prova.db')}`);
  const stored = async () => {
    const database = await openDb();
    try {
      const tests = await database.db.selectFrom('tests').select(['id', 'url', 'package_hash']).orderBy('id').execute();
      const packages = await database.db.selectFrom('content_packages').select(['hash', 'kind', 'delivery', 'size']).execute();
      const files = await database.db.selectFrom('content_package_files').select(['hash', 'path', 'media_type']).orderBy('path').execute();
      return { tests, packages, files };
    } finally {
      await database.close();
    }
  };

  it('imports a folder: its SCORM package stored once (two tests, two names of the same bytes, two imports), each test playing it', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
    const hash = createHash('sha256').update(course).digest('hex');
    const bundle = {
      version: 2,
      tests: [scormTest(1, 'courses/safety.zip'), scormTest(2, 'courses/safety.zip'), scormTest(3, 'copy/same.zip')],
    };
    writeFolder({ 'b/bundle.json': JSON.stringify(bundle), 'b/courses/safety.zip': course, 'b/copy/same.zip': course });
    expect(await run('b')).toBe(0);
    expect(err).toEqual([]);
    expect(out).toContain('  packages: 1 created');
    const first = await stored();
    expect(first.tests).toEqual([1, 2, 3].map((id) => ({ id, url: playerUrl('scorm', hash), package_hash: hash })));
    expect(first.packages).toEqual([{ hash, kind: 'scorm', delivery: expect.any(String), size: course.length }]);
    expect(JSON.parse(first.packages[0].delivery)).toEqual({
      kind: 'scorm',
      version: '1.2',
      launch: 'course/pages/intro.html?lang=it',
      title: 'Introduzione alla sicurezza',
    });
    expect(first.files).toEqual([
      { hash, path: 'course/logo.svg', media_type: 'image/svg+xml' },
      { hash, path: 'course/pages/intro.html', media_type: 'text/html; charset=utf-8' },
      { hash, path: 'imsmanifest.xml', media_type: 'application/xml' },
    ]);

    out = [];
    expect(await run('b')).toBe(0);
    expect(out).toContain('  packages: 1 unchanged');
    expect(out).toContain('  tests: 3 unchanged');
    const again = await stored();
    expect(again.packages).toHaveLength(1);
    expect(again.files).toHaveLength(3);
  });

  it("imports a folder with QTI banks: a TAO-style 2.1 export converted and scored, a broken one refused with each fault's file and element", async () => {
    const qtiTest = (id: number, file: string) => ({ id, abbreviation: `Q${id}`, name: 'Banca', package: { type: 'qti', file } });
    writeFolder({
      'q/bundle.json': JSON.stringify({ version: 2, tests: [qtiTest(21, 'banks/general.zip')] }),
      'q/banks/general.zip': await zipOf(filesOf(contentFixture('qti21-basic'))),
    });
    expect(await run('q')).toBe(0);
    expect(err).toEqual([]);
    expect(out.some((line) => /^ {2}note: tests\[0\]\.package\.file: banks\/general\.zip: converted from QTI 2\.1/.test(line))).toBe(true);
    const { tests, packages } = await stored();
    expect(tests[0].url).toBe(playerUrl('qti', packages[0].hash));
    expect(JSON.parse(packages[0].delivery)).toMatchObject({ kind: 'qti', identifier: 't60b1', maxTimeSeconds: 900 });
    // Scored on the server from the model compiled at import: the 2.1 test's own outcome is there.
    const database = await openDb();
    const scoring = await database.db.selectFrom('content_packages').select('scoring').executeTakeFirstOrThrow();
    await database.close();
    expect(JSON.parse(scoring.scoring as string).test.outcomes.map((o: { identifier: string }) => o.identifier)).toContain('SCORE_TOTAL');

    err = [];
    writeFolder({
      'b/bundle.json': JSON.stringify({ version: 2, tests: [qtiTest(22, 'banks/broken.zip')] }),
      'b/banks/broken.zip': await zipOf(filesOf(contentFixture('qti-broken'))),
    });
    expect(await run('b')).toBe(1);
    const where = 'tests[0].package.file: banks/broken.zip: ';
    expect(err).toEqual(
      expect.arrayContaining([
        `${where}test.xml: qti-assessment-item-ref "q2": no file "items/q2.xml" in the package`,
        `${where}items/q3.xml: line 6: not well-formed XML (Opening and ending tag mismatch: "p" != "qti-item-body")`,
        expect.stringMatching(
          /^tests\[0\]\.package\.file: banks\/broken\.zip: items\/q7\.xml: qti-upload-interaction: not supported by the platform's player/,
        ),
      ]),
    );
    expect((await stored()).packages).toHaveLength(1);
  });

  it('imports a zip holding bundle.json and its package, and says plainly that only the first SCO is delivered', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-2004-several')));
    const bundle = { version: 2, tests: [scormTest(7, 'courses/onboarding.zip')] };
    const zip = await zipOf(
      new Map([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['courses/onboarding.zip', course],
      ]),
    );
    writeFileSync(join(dir, 'bundle.zip'), zip);
    expect(await run('bundle.zip')).toBe(0);
    expect(err).toEqual([]);
    expect(out).toContain(
      '  note: tests[0].package.file: courses/onboarding.zip: 3 SCOs: only the first one, "Benvenuto", is delivered (the others are left out)',
    );
    const { tests, packages } = await stored();
    expect(tests[0].url).toBe(playerUrl('scorm', packages[0].hash));
    expect(JSON.parse(packages[0].delivery)).toMatchObject({ version: '2004', launch: 'sco1/index.html' });
  });

  it("lists every problem of the files, inside packages too, with the bundle's own, and writes nothing", async () => {
    const good = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
    const noSco = await zipOf(filesOf(contentFixture('scorm-manifest-no-sco')));
    const qti = await zipOf(
      new Map([
        ['imsmanifest.xml', Buffer.from('<manifest/>')],
        ['items/q1.xml', Buffer.from('<qti-assessment-item/>')],
      ]),
    );
    const bundle = {
      version: 2,
      companies: [{ name: '' }],
      tests: [
        scormTest(1, 'courses/good.zip'),
        scormTest(2, 'courses/missing.zip'),
        scormTest(3, '/etc/passwd'),
        scormTest(4, '../outside.zip'),
        scormTest(5, 'courses/link.zip'),
        scormTest(6, 'courses/no-sco.zip'),
        { id: 8, abbreviation: 'Q', name: 'Banca', package: { type: 'qti', file: 'items/bank.zip' } },
        scormTest(9, 'courses/bad.zip'),
      ],
    };
    writeFolder({
      'b/bundle.json': JSON.stringify(bundle),
      'b/courses/good.zip': good,
      'b/courses/no-sco.zip': noSco,
      'b/items/bank.zip': qti,
      'b/courses/bad.zip': rawZip([{ name: '../../evil.js', data: 'x' }]),
      'outside.zip': good,
    });
    symlinkSync(join(dir, 'outside.zip'), join(dir, 'b/courses/link.zip'));
    expect(await run('b')).toBe(1);
    expect(err).toEqual(
      expect.arrayContaining([
        'companies[0].name: No valid company name',
        'tests[1].package.file: no file "courses/missing.zip" in the bundle',
        'tests[2].package.file: Expected a path relative to bundle.json, not an absolute path',
        'tests[3].package.file: A file of the bundle cannot be outside it ("..")',
        'tests[4].package.file: "courses/link.zip" is a symbolic link, not a file of the bundle',
        'tests[5].package.file: courses/no-sco.zip: imsmanifest.xml: organization: no item launches a SCO (a resource with scormtype "sco")',
        'tests[6].package.file: items/bank.zip: imsmanifest.xml: resources: the package has no QTI test (a resource of type imsqti_test_xmlv3p0, or imsqti_test_xmlv2p1/2p2): export the assessment test with its items',
        'tests[7].package.file: courses/bad.zip: "../../evil.js" goes outside the bundle with ".."',
      ]),
    );
    expect(err.at(-1)).toMatch(/: 8 problem\(s\); nothing was imported\.$/);
    const { tests, packages, files } = await stored();
    expect({ tests, packages, files }).toEqual({ tests: [], packages: [], files: [] });
  });

  it('refuses a package in a version 1 bundle or a plain bundle.json, and a test with both a url and a package, or neither', async () => {
    const bundle = {
      version: 1,
      tests: [
        scormTest(1, 'courses/a.zip'),
        { id: 2, abbreviation: 'B', name: 'Entrambi', url: '/activities/x/', package: { type: 'scorm', file: 'courses/a.zip' } },
        { id: 3, abbreviation: 'N', name: 'Nessuno' },
      ],
    };
    writeFileSync(join(dir, 'plain.json'), JSON.stringify(bundle));
    expect(await run('plain.json')).toBe(1);
    expect(err.slice(0, -1).sort()).toEqual(
      [
        'version: tests with a package need "version": 2 (tests[0])',
        'tests[0].package.file: no file "courses/a.zip" in the bundle',
        'tests[1].package: A test has a url or a package, not both: the url of a package is its player',
        'tests[2].url: Expected a url, or a package the platform plays',
      ].sort(),
    );
  });

  it('reads a zip of the folder itself: bundle.json in its one folder', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
    const bundle = { version: 2, tests: [scormTest(5, 'courses/safety.zip')] };
    const zip = await zipOf(
      new Map([
        ['campagna/bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['campagna/courses/safety.zip', course],
        ['__MACOSX/campagna/._bundle.json', Buffer.from('resource fork')],
      ]),
    );
    writeFileSync(join(dir, 'campagna.zip'), zip);
    expect(await run('campagna.zip')).toBe(0);
    expect(err).toEqual([]);
    expect((await stored()).tests).toHaveLength(1);
  });

  it('explains a zip without bundle.json and a folder without one', async () => {
    writeFileSync(join(dir, 'empty.zip'), await zipOf(new Map([['readme.txt', Buffer.from('hi')]])));
    expect(await run('empty.zip')).toBe(1);
    expect(err.at(-1)).toBe(`${join(dir, 'empty.zip')}: no bundle.json at the root of the zip`);
    mkdirSync(join(dir, 'nothing'));
    expect(await run('nothing')).toBe(1);
    expect(err.at(-1)).toBe(`${join(dir, 'nothing')}: no bundle.json in the folder`);
  });
});
