import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { login } from './build-test-app';
import { PASSWORD } from './fixtures';

// Two companies for the staff console's tests: Alfa with both kinds of staff, an assessor, candidates
// (one imported without a password) and a campaign with a scored test, a timed one, an assessor test
// and a report model; Beta with its own staff member, candidate, test and campaign. Alfa owns its
// tests, Beta its own; the unused test and the one both campaigns list are the operator's library (the
// latter shared with both by their campaigns, as is the 360 test with Alfa).

export const STAFF_ALFA = 21;
export const STAFF_BETA = 22;
export const ADA = 'ada@alfa.example'; // admin
export const SERGIO = 'sergio@alfa.example'; // superassessor
export const ELIO = 'elio@alfa.example'; // Assessor
export const CARLA = 'carla@alfa.example';
export const DARIO = 'dario@alfa.example';
export const NADIA = 'nadia@alfa.example'; // no password
export const BEA = 'bea@beta.example'; // admin of Beta
export const BEN = 'ben@beta.example';
export const C_ALFA = 6001;
export const C_ALFA_360 = 6002;
export const C_BETA_S = 9001;
export const T_SCORED = 301;
export const T_TIMED = 302;
export const T_INTERVIEW = 303;
export const T_UNUSED = 304;
export const T_BETA = 951;
export const T_SHARED = 952;

const SCORE = 'function computeOutcomes(data) { return [{ questionId: "score", value: 8 }]; }';

export const staffBundle = {
  version: 1,
  companies: [
    { id: STAFF_ALFA, name: 'Alfa S.r.l.' },
    { id: STAFF_BETA, name: 'Beta S.p.A.' },
  ],
  users: [
    { company: 'Alfa S.r.l.', email: ADA, password: PASSWORD, firstName: 'Ada', lastName: 'Amministra', role: 'admin', privacy: true },
    {
      company: 'Alfa S.r.l.',
      email: SERGIO,
      password: PASSWORD,
      firstName: 'Sergio',
      lastName: 'Supervisore',
      role: 'superassessor',
      privacy: true,
      lang: 'EN_en',
    },
    { company: 'Alfa S.r.l.', email: ELIO, password: PASSWORD, firstName: 'Elio', lastName: 'Valutatore', role: 'Assessor', privacy: true },
    { company: 'Alfa S.r.l.', email: CARLA, password: PASSWORD, firstName: 'Carla', lastName: 'Bianchi', privacy: true },
    { company: 'Alfa S.r.l.', email: DARIO, password: PASSWORD, firstName: 'Dario', lastName: 'Rossi', privacy: true, lang: 'EN_en' },
    { company: 'Alfa S.r.l.', email: NADIA, firstName: 'Nadia', lastName: 'Senza', lang: 'ES_es' },
    { company: 'Beta S.p.A.', email: BEA, password: PASSWORD, firstName: 'Bea', lastName: 'Beta', role: 'admin', privacy: true },
    { company: 'Beta S.p.A.', email: BEN, password: PASSWORD, firstName: 'Ben', lastName: 'Beta', privacy: true },
  ],
  tests: [
    {
      id: T_SCORED,
      abbreviation: 'SCO',
      name: 'Punteggio',
      url: '/activities/score/',
      jsonData: {},
      algorithm: SCORE,
      owner: 'Alfa S.r.l.',
    },
    {
      id: T_TIMED,
      abbreviation: 'TIM',
      name: 'A tempo',
      url: '/activities/timed/',
      jsonData: { hasTimer: true, duration: 10 },
      owner: 'Alfa S.r.l.',
    },
    { id: T_INTERVIEW, abbreviation: 'INT', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: {}, owner: 'Alfa S.r.l.' },
    { id: T_UNUSED, abbreviation: 'UNU', name: 'Non usato', url: '/activities/unused/', jsonData: {} },
    { id: T_BETA, abbreviation: 'BTE', name: 'Beta test', url: '/activities/beta/', jsonData: {}, owner: 'Beta S.p.A.' },
    { id: T_SHARED, abbreviation: 'SHA', name: 'Condiviso', url: '/activities/shared/', jsonData: {} },
    { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
  ],
  campaigns: [
    {
      id: C_ALFA,
      company: 'Alfa S.r.l.',
      name: { IT_it: 'Selezione 2026', EN_en: 'Selection 2026' },
      languages: ['IT_it', 'EN_en'],
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: T_SCORED }, { test: T_TIMED }, { test: T_INTERVIEW }, { test: T_SHARED }],
      participants: [{ user: CARLA }, { user: DARIO }, { user: NADIA }, { user: ELIO }],
      assessments: [{ assessor: ELIO, assessed: [CARLA, DARIO], tests: [T_INTERVIEW] }],
      report: { allowEarlyDownload: true },
      model: {
        areas: [{ id: 1, name: 'Pensiero' }],
        skills: [{ id: 10, areaId: 1, name: 'Analisi' }],
        markers: [
          { id: 100, skillId: 10, name: 'Calcolo' },
          { id: 101, skillId: 10, name: 'Dialogo' },
        ],
        tasks: [
          { id: 1000, markerId: 100, test: T_SCORED, outcome: 'score', min: 0, max: 10 },
          { id: 1001, markerId: 101, test: T_INTERVIEW, outcome: 'ascolto', min: 1, max: 5 },
        ],
      },
    },
    {
      id: C_ALFA_360,
      company: 'Alfa S.r.l.',
      name: 'Feedback',
      is360: true,
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 360 }],
      participants: [{ user: CARLA }, { user: DARIO }],
      relations360: [
        { evaluator: CARLA, evaluee: CARLA, relationId: 3 },
        { evaluator: CARLA, evaluee: DARIO, relationId: 1 },
      ],
      questions360: { closed: [{ id: 1, text: 'Ascolta' }] },
    },
    {
      id: C_BETA_S,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: T_BETA }, { test: T_SHARED }],
      participants: [{ user: BEN }],
    },
  ],
};

export interface Caller {
  cookie: string;
}

/** Signs in without choosing a campaign (staff need none). */
export async function signInStaff(app: FastifyInstance, email: string): Promise<Caller> {
  return { cookie: await login(app, email, PASSWORD) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A JSON call as `who`. */
export function call(
  app: FastifyInstance,
  who: Caller | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The user id of an e-mail, read from the database. */
export async function userId(app: FastifyInstance, email: string): Promise<number> {
  const row = await app.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}
