import { RAG_ALGORITHM } from '../src/routes/api/tests/test-delivery-fixtures';

export const PASSWORD = 'Segreta-2026';

/** A small company: a candidate in two campaigns (one bilingual), one with none, one in another company. */
export const authBundle = {
  version: 1,
  companies: [
    { id: 1, name: 'Alfa S.r.l.' },
    { id: 2, name: 'Beta S.p.A.' },
  ],
  users: [
    { company: 'Alfa S.r.l.', email: 'anna@alfa.example', password: PASSWORD, firstName: 'Anna', lastName: 'Rossi' },
    { company: 'Alfa S.r.l.', email: 'ugo@alfa.example', password: PASSWORD, firstName: 'Ugo', lastName: 'Nessuno' },
    { company: 'Alfa S.r.l.', email: 'sara@alfa.example', password: PASSWORD, firstName: 'Sara', lastName: 'Verdi', privacy: true },
    { company: 'Beta S.p.A.', email: 'bruno@beta.example', password: PASSWORD, firstName: 'Bruno', lastName: 'Bianchi' },
  ],
  campaigns: [
    {
      id: 7001,
      company: 'Alfa S.r.l.',
      name: { IT_it: 'Campagna uno', EN_en: 'Campaign one' },
      languages: ['IT_it', 'EN_en'],
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      participants: [{ user: 'anna@alfa.example' }, { user: 'sara@alfa.example' }],
    },
    {
      id: 7002,
      company: 'Alfa S.r.l.',
      name: 'Campagna due',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      participants: [{ user: 'anna@alfa.example' }],
    },
    {
      id: 7003,
      company: 'Alfa S.r.l.',
      name: 'Campagna chiusa',
      dateStart: '2020-01-01T00:00:00Z',
      dateEnd: '2021-01-01T00:00:00Z',
      participants: [{ user: 'ugo@alfa.example' }, { user: 'anna@alfa.example' }],
    },
    {
      id: 8001,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      participants: [{ user: 'bruno@beta.example' }],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Two companies with every kind of caller: candidates, an assessor assigned to one candidate in one
// test, both kinds of staff, someone without consent, a campaign each (the access matrix's and the
// fuzzer's world).

export const ANNA = 'anna@alfa.example';
export const MARCO = 'marco@alfa.example';
export const ELENA = 'elena@alfa.example';
export const BRUNO = 'bruno@beta.example';
export const BERTA = 'berta@beta.example';
export const SOFIA = 'sofia@alfa.example';
export const SANDRO = 'sandro@alfa.example';
export const GINO = 'gino@alfa.example';
export const ALFA = 11;
export const BETA = 12;
export const C_MAIN = 5001;
export const C_ANNA = 5002;
export const C_BETA = 8001;
export const C_FUTURE = 5003;
export const C_ENDED = 5004;
const ALGORITHM = 'function computeOutcomes() { return [{ questionId: "score", value: 1 }]; }';
/** Each campaign offers one report document, and reads the scored test into a one-task model. */
export const REPORT_DOC = 12;
const reporting = (test: number) => ({
  report: { allowEarlyDownload: true, documents: [{ id: REPORT_DOC, name: 'Report' }] },
  model: {
    areas: [{ id: 1, name: 'Area' }],
    skills: [{ id: 10, areaId: 1, name: 'Skill' }],
    markers: [{ id: 100, skillId: 10, name: 'Marker' }],
    tasks: [{ id: 1000, markerId: 100, test, outcome: 'score', min: 0, max: 1 }],
  },
});

export const accessBundle = {
  version: 1,
  companies: [
    { id: ALFA, name: 'Alfa S.r.l.' },
    { id: BETA, name: 'Beta S.p.A.' },
  ],
  users: [
    { company: 'Alfa S.r.l.', email: ANNA, password: PASSWORD, firstName: 'Anna', lastName: 'Rossi', privacy: true },
    { company: 'Alfa S.r.l.', email: MARCO, password: PASSWORD, firstName: 'Marco', lastName: 'Sala', privacy: true },
    { company: 'Alfa S.r.l.', email: ELENA, password: PASSWORD, firstName: 'Elena', lastName: 'Conti', role: 'Assessor', privacy: true },
    { company: 'Alfa S.r.l.', email: SOFIA, password: PASSWORD, firstName: 'Sofia', lastName: 'Neri', role: 'admin', privacy: true },
    {
      company: 'Alfa S.r.l.',
      email: SANDRO,
      password: PASSWORD,
      firstName: 'Sandro',
      lastName: 'Gatti',
      role: 'superassessor',
      privacy: true,
    },
    // Takes part in the main campaign but has not given consent.
    { company: 'Alfa S.r.l.', email: GINO, password: PASSWORD, firstName: 'Gino', lastName: 'Senza' },
    { company: 'Beta S.p.A.', email: BRUNO, password: PASSWORD, firstName: 'Bruno', lastName: 'Bianchi', privacy: true },
    { company: 'Beta S.p.A.', email: BERTA, password: PASSWORD, firstName: 'Berta', lastName: 'Neri', privacy: true },
  ],
  tests: [
    { id: 101, abbreviation: 'RAG', name: 'Ragionamento', url: '/activities/numerical/', jsonData: {}, algorithm: RAG_ALGORITHM },
    { id: 109, abbreviation: 'ALF', name: 'Solo Alfa', url: '/activities/alfa/', jsonData: {}, algorithm: ALGORITHM },
    { id: 104, abbreviation: 'REP', name: 'Ripetibile', url: '/activities/rep/', repeatable: true, jsonData: {} },
    { id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: {} },
    { id: 108, abbreviation: 'ANN', name: 'Solo di Anna', url: '/activities/anna/', jsonData: {}, algorithm: ALGORITHM },
    { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
    { id: 901, abbreviation: 'BET', name: 'Beta test', url: '/activities/beta/', jsonData: {}, algorithm: ALGORITHM },
  ],
  campaigns: [
    {
      id: C_MAIN,
      company: 'Alfa S.r.l.',
      name: 'Principale',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 101 }, { test: 104 }, { test: 201 }, { test: 109 }],
      participants: [{ user: ANNA }, { user: MARCO }, { user: ELENA }, { user: SOFIA }, { user: SANDRO }, { user: GINO }],
      assessments: [{ assessor: ELENA, assessed: [ANNA], tests: [201] }],
      ...reporting(109),
    },
    {
      id: C_ANNA,
      company: 'Alfa S.r.l.',
      name: 'Solo Anna',
      is360: true,
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 360 }, { test: 108 }],
      participants: [{ user: ANNA }],
      // Anna evaluates herself: the 360 calls' rightful caller.
      relations360: [{ evaluator: ANNA, evaluee: ANNA, relationId: 3 }],
      questions360: { closed: [{ id: 1, text: 'Ascolta' }] },
      ...reporting(108),
    },
    {
      id: C_FUTURE,
      company: 'Alfa S.r.l.',
      name: 'Non ancora aperta',
      dateStart: '2029-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 104 }],
      participants: [{ user: ANNA }],
    },
    {
      id: C_ENDED,
      company: 'Alfa S.r.l.',
      name: 'Già chiusa',
      dateStart: '2024-01-01T00:00:00Z',
      dateEnd: '2025-01-01T00:00:00Z',
      tests: [{ test: 104 }],
      participants: [{ user: ANNA }],
    },
    {
      id: C_BETA,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 901 }, { test: 101 }],
      participants: [{ user: BRUNO }, { user: BERTA }],
      ...reporting(901),
    },
  ],
};

/** Path segments and query values no schema asks for: the access matrix sends each, the fuzzer draws from them. */
export const MALFORMED_SEGMENTS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e400',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(400),
  'null',
  '%00',
  '%20',
  '%ZZ',
  '1%3B%20drop',
];
