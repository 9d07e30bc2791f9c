import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';

// PATCH /api/v2/campaigns/{campaignId}/storage: the agenda's storage is written whole, and only as
// the agenda's rules allow; other layouts keep their flags.

const PASSWORD = 'Segreta-2026';
const AGENDA = 7101;
const CHALLENGE = 7102;
const days = { '03/11/2021': 111, '10/11/2021': 112, '17/11/2021': 113 };

const bundle = {
  version: 1,
  companies: [{ name: 'Alfa S.r.l.' }],
  users: [
    { company: 'Alfa S.r.l.', email: 'giulia@alfa.example', password: PASSWORD, firstName: 'Giulia', lastName: 'Ferri', privacy: true },
  ],
  tests: [111, 112, 113].map((id, i) => ({
    id,
    abbreviation: `AG${id}`,
    name: `Giorno ${i + 1}`,
    url: '/activities/workstyles/',
    jsonData: i ? { prerequisites: [id - 1] } : {},
  })),
  campaigns: [
    {
      id: AGENDA,
      company: 'Alfa S.r.l.',
      name: 'Agenda',
      theme: 'agenda',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      tests: [{ test: 111 }, { test: 112 }, { test: 113 }],
      participants: [{ user: 'giulia@alfa.example' }],
      data: { month: '2021-11', tests: days, currentPosition: '03/11/2021' },
    },
    {
      id: CHALLENGE,
      company: 'Alfa S.r.l.',
      name: 'Sfida',
      theme: 'challenge',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      participants: [{ user: 'giulia@alfa.example' }],
      data: { title: { IT_it: 'La sfida' }, order: ['s1'], sections: { s1: { name: 'Analizza', tests: [] } } },
    },
  ],
};

let t: TestApp;
let cookie: string;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp(bundle);
  cookie = await login(t.app, 'giulia@alfa.example', PASSWORD);
  userId = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id;
});
afterAll(() => t.close());

const patch = (campaignId: number, data: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v2/campaigns/${campaignId}/storage`, headers: { cookie }, payload: { data } });
const selected = async (campaignId: number) => {
  await t.app.inject({ method: 'POST', url: `/api/usercampaign/${campaignId}`, headers: { cookie }, payload: {} });
  return (await t.app.inject({ url: '/api/usercampaign', headers: { cookie } })).json().campaign;
};

describe('PATCH /api/v2/campaigns/:campaignId/storage', () => {
  it('keeps a move that follows the rules, and the campaign then reads it back', async () => {
    const moved = {
      tests: { '03/11/2021': 111, '11/11/2021': 112, '12/11/2021': 113 },
      currentPosition: '03/11/2021',
      hasSeenTutorial: true,
    };
    const res = await patch(AGENDA, moved);
    expect(res.statusCode).toBe(200);
    const campaign = await selected(AGENDA);
    expect(campaign.storage).toEqual(moved);
    expect(campaign.layout).toEqual({ kind: 'agenda', month: '2021-11', tutorialVideo: '' });
  });

  it('refuses what the agenda does not allow, naming each problem, and keeps what was there', async () => {
    const res = await patch(AGENDA, {
      tests: { '03/11/2021': 111, '13/11/2021': 112, '11/11/2021': 113 },
      currentPosition: '01/11/2021',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'data.tests.13/11/2021',
      'data.tests.11/11/2021',
      'data.currentPosition',
    ]);
    expect((await patch(AGENDA, { tests: 'none' })).statusCode).toBe(422);
    expect((await selected(AGENDA)).storage.tests).toEqual({ '03/11/2021': 111, '11/11/2021': 112, '12/11/2021': 113 });
  });

  it('never moves a complete test', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/tests/111/status/${AGENDA}/${userId}`,
      headers: { cookie },
      payload: { version: 2, status: 'complete' },
    });
    const res = await patch(AGENDA, { tests: { '04/11/2021': 111, '11/11/2021': 112, '12/11/2021': 113 }, currentPosition: '11/11/2021' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe('test 111 is complete and cannot move');
  });

  it('keeps the flags of other layouts, and gives the challenge its data in the campaign language', async () => {
    expect((await patch(CHALLENGE, { hasSeenTutorial: true })).statusCode).toBe(200);
    expect((await patch(CHALLENGE, { hasSeenTutorial: 'yes' })).statusCode).toBe(422);
    const campaign = await selected(CHALLENGE);
    expect(campaign.storage).toEqual({ hasSeenTutorial: true });
    expect(campaign.layout).toMatchObject({ kind: 'challenge', title: 'La sfida', sections: [{ id: 's1', name: 'Analizza', tests: [] }] });
  });
});
