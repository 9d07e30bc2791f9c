import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { signIn } from './test-delivery-fixtures';

// An activity's options speak to the person taking it: their `[[male|female|neutral]]` words reach the activity at
// init (the SDK's `testData`) in that person's gender, neutral when it is not known, however deep they sit.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const C_OPTIONS = 6101;
const T_OPTIONS = 301;
const people = [
  { email: 'marco@alfa.example', firstName: 'Marco', gender: 'M' },
  { email: 'giulia@alfa.example', firstName: 'Giulia', gender: 'F' },
  { email: 'andrea@alfa.example', firstName: 'Andrea' },
];
const options = {
  intro: 'Sei [[pronto|pronta|pronto o pronta]] a cominciare?',
  steps: [
    { text: { IT_it: 'Immagina di essere [[il nuovo responsabile|la nuova responsabile|alla guida del team]].' }, points: 3 },
    { text: 'Nessuna scelta qui.', points: 0, optional: true, next: null },
  ],
  '[[chiave|chiave|chiave]]': 'Una chiave resta com’è.',
  limit: 2,
};

const bundle = {
  version: 1,
  companies: [{ name: ALFA }],
  users: people.map((p) => ({ company: ALFA, password: PASSWORD, lastName: 'Test', privacy: true, ...p })),
  tests: [{ id: T_OPTIONS, abbreviation: 'OPZ', name: 'Opzioni', url: '/activities/options/', jsonData: { hasTimer: false, options } }],
  campaigns: [
    {
      id: C_OPTIONS,
      company: ALFA,
      name: 'Opzioni',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      tests: [{ test: T_OPTIONS }],
      participants: people.map((p) => ({ user: p.email, lang: 'IT_it' })),
    },
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(bundle);
});
afterAll(() => t.close());

/** What the activity gets at init, read and at the opening alike. */
async function testDataOf(email: string) {
  const who = await signIn(t.app, email, C_OPTIONS);
  const url = `/api/tests/${T_OPTIONS}/sync/${C_OPTIONS}/${who.id}`;
  const read = await t.app.inject({ url, headers: { cookie: who.cookie } });
  expect(read.statusCode, read.body).toBe(200);
  const opened = await t.app.inject({
    method: 'POST',
    url: `/api/tests/${T_OPTIONS}/start/${C_OPTIONS}/${who.id}`,
    headers: { cookie: who.cookie },
    payload: {},
  });
  expect(opened.statusCode, opened.body).toBe(200);
  expect(opened.json().testData).toBe(read.json().testData);
  return JSON.parse(read.json().testData as string);
}

const resolved = (ready: string, leader: string) => ({
  intro: `Sei ${ready} a cominciare?`,
  steps: [
    { text: { IT_it: `Immagina di essere ${leader}.` }, points: 3 },
    { text: 'Nessuna scelta qui.', points: 0, optional: true, next: null },
  ],
  '[[chiave|chiave|chiave]]': 'Una chiave resta com’è.',
  limit: 2,
});

describe("the activity's options at init", () => {
  it('speak to a man in the masculine and to a woman in the feminine', async () => {
    expect(await testDataOf('marco@alfa.example')).toEqual(resolved('pronto', 'il nuovo responsabile'));
    expect(await testDataOf('giulia@alfa.example')).toEqual(resolved('pronta', 'la nuova responsabile'));
  });

  it('take the neutral form for a person whose gender is not known', async () => {
    expect(await testDataOf('andrea@alfa.example')).toEqual(resolved('pronto o pronta', 'alla guida del team'));
  });
});
