import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';
import { PASSWORD } from '../../../../test/fixtures';
import { importBundle } from '../../../import/import-bundle';

// Issue 54: the privacy text in the person's language where the company wrote it, asked once per company and text
// version, and readable again with no campaign selected.
const TEXT = { IT_it: '<p>Informativa di Uno.</p>', ES_es: '<p>Aviso de privacidad de Uno.</p>' };
const window = { dateStart: '2026-01-01T00:00:00Z', dateEnd: '2030-01-01T00:00:00Z' };
const participants = [{ user: 'lucia@uno.example', lang: 'ES_es' }, { user: 'nuovo@uno.example' }];
const bundle = (secondText: object = TEXT) => ({
  version: 1,
  companies: [{ name: 'Uno' }],
  users: ['lucia@uno.example', 'nuovo@uno.example'].map((email) => ({
    company: 'Uno',
    email,
    password: PASSWORD,
    firstName: 'L',
    lastName: 'G',
  })),
  campaigns: [
    { id: 501, company: 'Uno', name: 'Prima', languages: ['IT_it', 'ES_es'], privacyAgreement: TEXT, participants, ...window },
    { id: 502, company: 'Uno', name: 'Seconda', languages: ['IT_it', 'ES_es'], privacyAgreement: secondText, participants, ...window },
    // Its text is only in Italian (the default one).
    { id: 503, company: 'Uno', name: 'Terza', languages: ['IT_it', 'ES_es'], participants, ...window },
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(bundle());
});
afterAll(() => t.close());

const enter = (cookie: string, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/usercampaign/${id}`, headers: { cookie }, payload: { lang: 'ES_es' } });
const agreement = async (cookie: string) => (await t.app.inject({ url: '/api/auth/privacy/agreement', headers: { cookie } })).json();
const accept = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/privacy/giveConsent', headers: { cookie } });
const records = () =>
  t.app.database.db.selectFrom('consent_records').select(['campaign_id', 'company_id', 'accepted_at']).orderBy('id').execute();

describe('privacy consent, once per company and text version', () => {
  it('shows the text in the person language, asks once for the company, and again for another text', async () => {
    const cookie = await login(t.app, 'lucia@uno.example', PASSWORD);
    // Nothing accepted yet, no campaign selected: nothing to show.
    expect(await agreement(cookie)).toMatchObject({ privacy: '', acceptedAt: null, consentDeclaredByCompany: false });

    expect((await enter(cookie, 501)).json()).toMatchObject({ privacy: false, privacyAgreement: TEXT.ES_es });
    expect(await agreement(cookie)).toMatchObject({ privacy: TEXT.ES_es, lang: 'ES_es', acceptedAt: null });
    expect((await accept(cookie)).statusCode).toBe(200);
    const [first] = await records();
    const uno = (await t.app.database.db.selectFrom('companies').select('id').where('name', '=', 'Uno').executeTakeFirstOrThrow()).id;
    expect(first).toMatchObject({ campaign_id: 501, company_id: uno });
    expect(await agreement(cookie)).toMatchObject({ privacy: TEXT.ES_es, acceptedAt: first.accepted_at });

    // The second campaign shows the same text: not asked, its tests open, and it says when it was accepted.
    expect((await enter(cookie, 502)).json()).toMatchObject({ privacy: true, campaign: { privacy: true } });
    expect((await t.app.inject({ url: '/api/usertests', headers: { cookie } })).statusCode).toBe(200);
    expect(await agreement(cookie)).toMatchObject({ privacy: TEXT.ES_es, acceptedAt: first.accepted_at });
    // Confirming there again records nothing: nothing new was accepted.
    await accept(cookie);
    expect(await records()).toHaveLength(1);

    // The third shows another text, only in Italian: asked again, in Italian, said so by the page (lang IT_it).
    expect((await enter(cookie, 503)).json()).toMatchObject({ privacy: false });
    const italian = await agreement(cookie);
    expect(italian).toMatchObject({ lang: 'IT_it', acceptedAt: null });
    expect(italian.privacy).toContain('Consenso al trattamento');
    expect((await t.app.inject({ url: '/api/usertests', headers: { cookie } })).json()).toMatchObject({ code: 'NO_PRIVACY_CONSENT' });
    await accept(cookie);
    expect((await records()).map((r) => r.campaign_id)).toEqual([501, 503]);
  });

  it('a new version of the text asks again, the older consents kept', async () => {
    const cookie = await login(t.app, 'lucia@uno.example', PASSWORD);
    const changed = { IT_it: '<p>Informativa di Uno, seconda versione.</p>', ES_es: '<p>Aviso de Uno, segunda versión.</p>' };
    expect((await importBundle(t.app.database, bundle(changed))).ok).toBe(true);
    expect((await enter(cookie, 502)).json()).toMatchObject({ privacy: false, privacyAgreement: changed.ES_es });
    // The first campaign's text did not change: still accepted.
    expect((await enter(cookie, 501)).json()).toMatchObject({ privacy: true });
    await enter(cookie, 502);
    await accept(cookie);
    expect((await records()).map((r) => r.campaign_id)).toEqual([501, 503, 502]);
  });

  it('with no campaign selected, answers the text accepted last, in the language of its campaign', async () => {
    const cookie = await login(t.app, 'lucia@uno.example', PASSWORD);
    const last = (await records()).at(-1)!;
    expect(await agreement(cookie)).toMatchObject({
      privacy: '<p>Aviso de Uno, segunda versión.</p>',
      lang: 'ES_es',
      acceptedAt: last.accepted_at,
    });
  });

  it('counts a consent given in another window while this campaign was already selected, read by a GET and written by a change', async () => {
    // The second campaign shows the first one's text again.
    expect((await importBundle(t.app.database, bundle())).ok).toBe(true);
    const tab = await login(t.app, 'nuovo@uno.example', PASSWORD);
    expect((await enter(tab, 502)).json()).toMatchObject({ privacy: false });
    // Another window of the same person accepts the same text in the first campaign.
    const other = await login(t.app, 'nuovo@uno.example', PASSWORD);
    await enter(other, 501);
    await accept(other);
    const { db } = t.app.database;
    const consentOf502 = () =>
      db
        .selectFrom('participants')
        .innerJoin('users', 'users.id', 'participants.user_id')
        .select('participants.privacy_consent_at')
        .where('users.email', '=', 'nuovo@uno.example')
        .where('participants.campaign_id', '=', 502)
        .executeTakeFirstOrThrow();

    // The first window, still in the second campaign: not asked, its tests open; a GET writes nothing.
    expect((await t.app.inject({ url: '/api/usercampaign', headers: { cookie: tab } })).json()).toMatchObject({
      campaign: { privacy: true },
    });
    expect((await t.app.inject({ url: '/api/usertests', headers: { cookie: tab } })).statusCode).toBe(200);
    expect(await consentOf502()).toEqual({ privacy_consent_at: null });
    // Confirming there takes the consent over, with its date, and records nothing new.
    const before = (await records()).length;
    await accept(tab);
    expect(await consentOf502()).toEqual({ privacy_consent_at: (await records()).at(-1)!.accepted_at });
    expect(await records()).toHaveLength(before);
  });

  it("another person's consent, or one given to another company, does not count", async () => {
    // Lucia moved to another company: what she accepted for Uno is not a consent to its text there.
    const { db } = t.app.database;
    await db.updateTable('consent_records').set({ company_id: 999 }).where('campaign_id', '=', 501).execute();
    const lucia = await login(t.app, 'lucia@uno.example', PASSWORD);
    await db
      .updateTable('participants')
      .set({ privacy_consent_at: null, privacy_consent_version: null })
      .where('campaign_id', '=', 501)
      .execute();
    expect((await enter(lucia, 501)).json()).toMatchObject({ privacy: false });
  });
});
