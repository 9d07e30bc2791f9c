import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';

// An invitation speaks to the person invited: the campaign's `[[male|female|neutral]]` words and the mail's own
// ("sei invitato/a") follow their gender, the neutral form when it is not known. Through a real SMTP server.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const C_WELCOME = 6201;
const ADMIN = 'ada@alfa.example';
const people = [
  { email: 'marco@alfa.example', firstName: 'Marco', gender: 'M' },
  { email: 'giulia@alfa.example', firstName: 'Giulia', gender: 'F' },
  { email: 'andrea@alfa.example', firstName: 'Andrea' },
  { email: 'lucia@alfa.example', firstName: 'Lucía', gender: 'F', lang: 'ES_es' },
];

const bundle = {
  version: 1,
  companies: [{ name: ALFA }],
  users: [
    { company: ALFA, email: ADMIN, password: PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin', privacy: true },
    ...people.map((p) => ({ company: ALFA, password: PASSWORD, lastName: 'Test', privacy: true, ...p })),
  ],
  tests: [{ id: 401, abbreviation: 'STI', name: 'Stili', url: '/activities/workstyles/', jsonData: {} }],
  campaigns: [
    {
      id: C_WELCOME,
      company: ALFA,
      name: {
        IT_it: 'Percorso per [[il nuovo assunto|la nuova assunta|chi è appena arrivato]]',
        ES_es: 'Programa para [[el nuevo empleado|la nueva empleada|quien acaba de llegar]]',
      },
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      tests: [{ test: 401 }],
      participants: people.map((p) => ({ user: p.email })),
    },
  ],
};

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildTestApp(bundle, { env: { SMTP_URL: smtp.url } });
  const cookie = await login(t.app, ADMIN, PASSWORD);
  const invited = await t.app.inject({
    method: 'POST',
    url: `/api/staff/campaigns/${C_WELCOME}/invitations`,
    headers: { cookie },
    payload: {},
  });
  expect(invited.statusCode, invited.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailTo = (email: string) => smtp.waitForMail((m) => m.to.includes(email));

describe('an invitation in the gender of the person invited', () => {
  it('says "invitato" to a man and "invitata" to a woman, the campaign named for each', async () => {
    const marco = await mailTo('marco@alfa.example');
    expect(marco.subject).toBe('Prova: sei invitato a "Percorso per il nuovo assunto"');
    expect(marco.text).toContain('sei invitato a partecipare alla campagna di valutazione "Percorso per il nuovo assunto".');
    expect(marco.html).toContain('sei invitato a partecipare');
    const giulia = await mailTo('giulia@alfa.example');
    expect(giulia.subject).toBe('Prova: sei invitata a "Percorso per la nuova assunta"');
    expect(giulia.text).toContain('sei invitata a partecipare alla campagna di valutazione "Percorso per la nuova assunta".');
  });

  it('takes the neutral form for a person whose gender is not known, and in another language', async () => {
    const andrea = await mailTo('andrea@alfa.example');
    expect(andrea.subject).toBe('Prova: sei invitato/a a "Percorso per chi è appena arrivato"');
    const lucia = await mailTo('lucia@alfa.example');
    expect(lucia.subject).toBe('Prova: te invitamos a "Programa para la nueva empleada"');
    for (const mail of [andrea, lucia]) expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('[[');
  });
});
