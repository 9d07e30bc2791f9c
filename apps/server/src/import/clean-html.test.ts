import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { presentTheme } from '../presenters/present-test';
import { cleanHtmlField } from './clean-html';
import { importBundle } from './import-bundle';

// What a second review got past the sanitizer into candidates' pages: a refresh to another site, a
// fake password field, an overlay over the page, besides scripts, handlers and javascript: links.
const PROBES = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<p>Sessione scaduta: <input type="password" name="password" placeholder="Password"></p>',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff">Accedi di nuovo</div>',
  '<style>body{display:none}</style>',
  '<script>steal()</script>',
  '<img src="x" onerror="steal()">',
  '<a href="javascript:steal()">link</a>',
].join('');
const LEFTOVERS = ['<meta', '<input', 'style', '<script', 'steal', 'javascript:', 'onerror'];

const expectClean = (stored: unknown, where: string) => {
  const text = JSON.stringify(stored);
  for (const bad of LEFTOVERS) expect(text, `${where} holds ${bad}`).not.toContain(bad);
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const campaign = (data: Record<string, unknown>) => ({
  id: 1,
  company: 'Acme',
  theme: 'challenge',
  dateStart: '2026-01-01T08:00:00+01:00',
  dateEnd: '2026-12-31T20:00:00+01:00',
  data,
});

describe('HTML fields at import', () => {
  it('refuses an intro or outro that is not a text or one per language (a list, a number, nested objects)', async () => {
    const result = await importBundle(database, {
      version: 1,
      companies: [{ name: 'Acme' }],
      campaigns: [campaign({ intro: [PROBES], outro: { IT_it: { nested: PROBES } } })],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([
      'campaigns[0].data.intro: Expected a text or an object keyed by language code (IT_it, EN_en, ES_es)',
      'campaigns[0].data.outro.IT_it: Expected a text',
    ]);
  });

  it('cleans every HTML field a bundle writes, in each language', async () => {
    const result = await importBundle(database, {
      version: 1,
      companies: [{ name: 'Acme' }],
      tests: [
        {
          id: 5,
          abbreviation: 'AG',
          name: 'Agenda',
          url: '/activities/numerical/',
          description: PROBES,
          instructions: { IT_it: PROBES, EN_en: PROBES },
          theme: { preview: { type: 'email', subject: 'Ciao', content: { IT_it: PROBES, ES_es: PROBES } } },
        },
        {
          id: 360,
          abbreviation: '360',
          name: '360',
          url: '/skillup-360',
          labels360: [{ lang: 'IT_it', details_360: PROBES, details_auto: PROBES, details_etero: PROBES }],
        },
      ],
      campaigns: [
        {
          ...campaign({ intro: PROBES, outro: { IT_it: PROBES, EN_en: `<p>Fine</p>${PROBES}` }, title: 'Sfida' }),
          description: PROBES,
          onCompleteText: { IT_it: PROBES },
          noReportText: PROBES,
          privacyAgreement: { IT_it: PROBES, EN_en: PROBES },
        },
      ],
    });
    expect(result.ok ? [] : result.problems).toEqual([]);
    const c = await database.db.selectFrom('campaigns').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    for (const field of ['description', 'on_complete_text', 'no_report_text', 'privacy_agreement', 'data'] as const)
      expectClean(c[field], field);
    expect(JSON.parse(c.data!)).toMatchObject({ title: 'Sfida', outro: { EN_en: expect.stringContaining('<p>Fine</p>') } });
    const t = await database.db.selectFrom('tests').selectAll().where('id', '=', 5).executeTakeFirstOrThrow();
    for (const field of ['description', 'instructions', 'theme'] as const) expectClean(t[field], field);
    const t360 = await database.db.selectFrom('tests').select('labels360').where('id', '=', 360).executeTakeFirstOrThrow();
    expectClean(t360.labels360, 'labels360');
    // What is left is what staff may format with: the text of each probe stays.
    expect(JSON.parse(t.description).IT_it).toContain('Accedi di nuovo');
  });
});

describe('cleanHtmlField', () => {
  it('cleans the strings of any shape and leaves the rest alone', () => {
    const cleaned = cleanHtmlField({ a: [PROBES, { b: PROBES, n: 3, ok: true, none: null }], c: PROBES });
    expectClean(cleaned, 'value');
    expect(cleaned).toMatchObject({ a: [expect.any(String), { n: 3, ok: true, none: null }] });
  });
});

describe("the agenda preview's {firstName}", () => {
  const theme = {
    preview: {
      subject: { IT_it: 'Ciao {firstName}' },
      content: { IT_it: '<p title="{firstName}">Benvenuta {firstName}</p>' },
      messages: [{ from: 'Anna', text: { IT_it: 'Ciao {firstName}' } }],
    },
  };
  const name = `"><img src=x onerror=steal()><meta http-equiv="refresh" content="0;url=https://evil.example/"> $& $'`;

  it('goes into the HTML content escaped, and into the texts as it is', () => {
    const preview = presentTheme(theme, 'IT_it', name)!.preview as { subject: string; content: string; messages: { text: string }[] };
    const escaped = `&quot;&gt;&lt;img src=x onerror=steal()&gt;&lt;meta http-equiv=&quot;refresh&quot; content=&quot;0;url=https://evil.example/&quot;&gt; $&amp; $&#39;`;
    expect(preview.content).toBe(`<p title="${escaped}">Benvenuta ${escaped}</p>`);
    expect(preview.content).not.toContain('<img');
    // Plain text, shown as text by the page: the name as the person wrote it.
    expect(preview.subject).toBe(`Ciao ${name}`);
    expect(preview.messages[0]!.text).toBe(`Ciao ${name}`);
  });
});
