// A bundle for the test-delivery API tests: candidates, an assessor, one without consent, another company.
export const PASSWORD = 'Segreta-2026';

export const RAG_ALGORITHM =
  "function computeOutcomes(data) { var a = (data && data.answers) || {}; var key = {q1: 'b', q2: 'd', q3: 'a'}; var ok = 0; for (var q in key) { if (a[q] === key[q]) ok++; } return [{ questionId: 'score', value: Math.round(100 * ok / 3) }]; }";
export const LOOPING_ALGORITHM = 'function computeOutcomes(data) { while (true) {} }';

export const ANNA = 'anna@alfa.example';
export const MARCO = 'marco@alfa.example';
export const ELENA = 'elena@alfa.example';
export const UGO = 'ugo@alfa.example';
export const BRUNO = 'bruno@beta.example';
export const SOFIA = 'sofia@alfa.example';

export const C_MAIN = 5001;
export const C_360 = 5002;
export const C_BETA = 8001;

export const deliveryBundle = {
  version: 1,
  companies: [{ name: 'Alfa S.r.l.' }, { name: 'Beta S.p.A.' }],
  users: [
    { company: 'Alfa S.r.l.', email: ANNA, password: PASSWORD, firstName: 'Anna', lastName: 'Rossi', privacy: true },
    { company: 'Alfa S.r.l.', email: MARCO, password: PASSWORD, firstName: 'Marco', lastName: 'Sala', privacy: true },
    { company: 'Alfa S.r.l.', email: ELENA, password: PASSWORD, firstName: 'Elena', lastName: 'Conti', role: 'Assessor', privacy: true },
    { company: 'Alfa S.r.l.', email: UGO, password: PASSWORD, firstName: 'Ugo', lastName: 'Nessuno' },
    { company: 'Alfa S.r.l.', email: SOFIA, password: PASSWORD, firstName: 'Sofia', lastName: 'Neri', role: 'admin', privacy: true },
    { company: 'Beta S.p.A.', email: BRUNO, password: PASSWORD, firstName: 'Bruno', lastName: 'Bianchi', privacy: true },
  ],
  tests: [
    {
      id: 101,
      abbreviation: 'RAG',
      name: { IT_it: 'Ragionamento numerico', EN_en: 'Numerical reasoning' },
      description: { IT_it: 'Dodici quesiti.', EN_en: 'Twelve questions.' },
      url: '/activities/numerical/',
      jsonData: { duration: 20, hasTimer: true, color: '#1565c0', options: { level: 2 }, exitMessage: { IT_it: 'Esci?', EN_en: 'Leave?' } },
      algorithm: RAG_ALGORITHM,
    },
    {
      id: 102,
      abbreviation: 'STI',
      name: 'Stili di lavoro',
      url: '/activities/workstyles/',
      jsonData: { hasTimer: false, prerequisites: [101] },
    },
    { id: 103, abbreviation: 'LOOP', name: 'Loop', url: '/activities/loop/', jsonData: {}, algorithm: LOOPING_ALGORITHM },
    {
      id: 104,
      abbreviation: 'REP',
      name: 'Ripetibile',
      url: '/activities/rep/',
      repeatable: true,
      jsonData: { duration: 10, hasTimer: false },
    },
    { id: 105, abbreviation: 'CMP', name: 'Con prerequisito di campagna', url: '/activities/cmp/', jsonData: {} },
    { id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: { hasTimer: false } },
    {
      id: 106,
      abbreviation: 'AGE',
      name: 'Agenda',
      url: '/activities/agenda/',
      jsonData: {},
      theme: {
        tag: 'mail',
        duration: '30 Min',
        preview: {
          type: 'email',
          sender: 'Capo',
          subject: { IT_it: 'Ciao {firstName}', EN_en: 'Hi {firstName}' },
          content: 'Benvenuta {firstName}',
        },
      },
    },
    { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
    { id: 901, abbreviation: 'BET', name: 'Beta test', url: '/activities/beta/', jsonData: {} },
  ],
  campaigns: [
    {
      id: C_MAIN,
      company: 'Alfa S.r.l.',
      name: 'Principale',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [
        { test: 101 },
        { test: 102 },
        { test: 103 },
        { test: 104 },
        { test: 105, prerequisites: [104] },
        { test: 201 },
        { test: 106 },
      ],
      participants: [{ user: ANNA, extraTimePercent: 25 }, { user: MARCO }, { user: ELENA }, { user: UGO }, { user: SOFIA }],
      assessments: [{ assessor: ELENA, assessed: [ANNA], tests: [201] }],
      // The report model rates two markers in the interview (test 201): the assessor's grid has both.
      model: {
        areas: [{ id: 1, name: 'Relazione' }],
        skills: [{ id: 10, areaId: 1, name: 'Comunicazione' }],
        markers: [
          { id: 100, skillId: 10, name: { IT_it: 'Ascolta e riformula', EN_en: 'Listens and rephrases' } },
          { id: 101, skillId: 10, name: { IT_it: 'Si esprime con chiarezza', EN_en: 'Speaks clearly' } },
        ],
        tasks: [
          { id: 1000, markerId: 100, name: 'Colloquio', test: 201, outcome: 'ascolto', min: 0, max: 5 },
          { id: 1001, markerId: 101, name: 'Colloquio', test: 201, outcome: 'chiarezza', min: 0, max: 5 },
        ],
      },
    },
    {
      id: C_360,
      company: 'Alfa S.r.l.',
      name: 'Feedback',
      is360: true,
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 360 }, { test: 101 }],
      participants: [{ user: ANNA }],
    },
    {
      id: C_BETA,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 901 }, { test: 101 }],
      participants: [{ user: BRUNO }],
    },
  ],
};

import type { FastifyInstance } from 'fastify';
import { login } from '../../../../test/build-test-app';

export interface Caller {
  cookie: string;
  id: number;
}

/** Signs in, and selects a campaign when asked (the test list reads the selected one). */
export async function signIn(app: FastifyInstance, email: string, campaignId?: number): Promise<Caller> {
  const cookie = await login(app, email, PASSWORD);
  const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
  if (campaignId) await app.inject({ method: 'POST', url: `/api/usercampaign/${campaignId}`, headers: { cookie }, payload: {} });
  return { cookie, id: me.json().user.id };
}

export async function userId(app: FastifyInstance, email: string): Promise<number> {
  const row = await (app.database.db as any).selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}
