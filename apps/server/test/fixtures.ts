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
