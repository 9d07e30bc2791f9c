import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_BACKOFF_MS, WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_MAX_ATTEMPTS } from '@prova/contract/integrations';
import { freePort } from '@prova/test-support/free-ports';
import { startWebhookReceiver, type WebhookReceiver } from '@prova/test-support/webhook-receiver';
import { buildTestApp, login, type SignedIn, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import {
  ADA,
  BEA,
  C_ALFA,
  call,
  type Caller,
  CARLA,
  signInStaff,
  staffBundle,
  T_SCORED,
  T_SHARED,
  T_TIMED,
  userId,
} from '../../../../../test/staff-fixtures';
import { signatureOf } from '../../../../services/integrations/webhook-sender';

// The deliveries' clock is the test's: the app sends nothing by itself here (SWEEP_INTERVAL_MS=0), each
// sendDue(at) sends what is due at `at`. The receiver is a process of its own that checks every signature.

/** The receiver listens on 127.0.0.1: a private address, which the operator allows here. */
const LOCAL_RECEIVER = { WEBHOOK_PRIVATE_ADDRESSES: '1' };

let t: TestApp;
let receiver: WebhookReceiver;
let ada: Caller;
let bea: Caller;
let carla: SignedIn;

beforeAll(async () => {
  [t, receiver] = await Promise.all([buildTestApp(staffBundle, { env: LOCAL_RECEIVER }), startWebhookReceiver({ failFirst: 2 })]);
  [ada, bea] = await Promise.all([ADA, BEA].map((e) => signInStaff(t.app, e)));
  // Her campaign is in two languages: she picks one as she selects it.
  const cookie = await login(t.app, CARLA, PASSWORD);
  await t.app.inject({ method: 'POST', url: `/api/usercampaign/${C_ALFA}`, headers: { cookie }, payload: { lang: 'IT_it' } });
  carla = { cookie, id: await userId(t.app, CARLA) };
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const finish = async (testId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/outcomes/${C_ALFA}/${testId}/${carla.id}`,
    headers: { cookie: carla.cookie },
    payload: { values: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.scoring.idle();
  await t.app.webhooks.idle();
};
const log = async (webhookId: number) => (await call(t.app, ada, 'GET', `/api/staff/webhooks/${webhookId}/deliveries`)).json().deliveries;

describe('webhooks', () => {
  let hookId: number;

  it('sign each event, are retried with backoff after failures, and log every answer', async () => {
    const made = await call(t.app, ada, 'POST', '/api/staff/webhooks', {
      url: receiver.url,
      events: ['test.completed', 'campaign.finished', 'report.ready', 'person.invited'],
    });
    expect(made.statusCode, made.body).toBe(201);
    hookId = made.json().webhook.id;
    expect(made.json().secret).toMatch(/^whsec_/);
    await receiver.setSecret(made.json().secret);
    // The list never shows the secret again.
    expect((await call(t.app, ada, 'GET', '/api/staff/webhooks')).body).not.toContain(made.json().secret);

    await finish(T_SHARED);
    const start = new Date();
    expect(await t.app.webhooks.sendDue(start)).toBe(1);
    const first = await receiver.waitFor((a) => a.event?.type === 'test.completed');
    expect(first).toMatchObject({ status: 500, refused: null, attempt: 1 });
    // The minimum: ids, no name, no e-mail.
    expect(first.event).toMatchObject({ type: 'test.completed', data: { campaignId: C_ALFA, testId: T_SHARED, participantId: carla.id } });
    expect(Object.keys(first.event!.data).sort()).toEqual(['campaignId', 'participantId', 'testId']);

    let [delivery] = await log(hookId);
    expect(delivery).toMatchObject({ event: 'test.completed', state: 'pending', attempts: 1, lastStatus: 500 });
    expect(delivery.lastAnswer).toContain('failing on purpose');
    expect(Date.parse(delivery.nextAttemptAt) - start.getTime()).toBe(WEBHOOK_BACKOFF_MS[0]);

    // Not before its time; then once more (500), then after the longer wait, 200.
    expect(await t.app.webhooks.sendDue(later(start, WEBHOOK_BACKOFF_MS[0] - 1))).toBe(0);
    expect(await t.app.webhooks.sendDue(later(start, WEBHOOK_BACKOFF_MS[0]))).toBe(1);
    [delivery] = await log(hookId);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 2, lastStatus: 500 });
    const third = later(start, WEBHOOK_BACKOFF_MS[0] + WEBHOOK_BACKOFF_MS[1]);
    expect(await t.app.webhooks.sendDue(later(third, -1))).toBe(0);
    expect(await t.app.webhooks.sendDue(third)).toBe(1);
    [delivery] = await log(hookId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200, lastAnswer: 'ok', nextAttemptAt: null });
    const attempts = (await receiver.received()).filter((a) => a.event?.id === first.event!.id);
    expect(attempts.map((a) => [a.status, a.refused])).toEqual([
      [500, null],
      [500, null],
      [200, null],
    ]);
    expect((await call(t.app, ada, 'GET', '/api/staff/webhooks')).json().webhooks[0]).toMatchObject({ enabled: true, failureCount: 0 });
  });

  it('tell when a participant finished the campaign and their report is ready, once each', async () => {
    await finish(T_TIMED);
    await finish(T_SCORED);
    const events = (await log(hookId)).map((d: { event: string }) => d.event);
    expect(events.filter((e: string) => e === 'campaign.finished')).toHaveLength(1);
    expect(events.filter((e: string) => e === 'report.ready')).toHaveLength(1);
    // Raised again (another instance noticing the same), they are not queued twice.
    t.app.events.testScored({ campaignId: C_ALFA, testId: T_SCORED, userId: carla.id });
    await t.app.webhooks.idle();
    expect((await log(hookId)).filter((d: { event: string }) => d.event === 'report.ready')).toHaveLength(1);

    const now = new Date();
    for (const step of [0, WEBHOOK_BACKOFF_MS[0], WEBHOOK_BACKOFF_MS[0] + WEBHOOK_BACKOFF_MS[1]])
      await t.app.webhooks.sendDue(later(now, step));
    const finished = await receiver.waitFor((a) => a.event?.type === 'campaign.finished' && a.status === 200);
    expect(finished.event!.data).toEqual({ campaignId: C_ALFA, participantId: carla.id, email: CARLA });
    const ready = await receiver.waitFor((a) => a.event?.type === 'report.ready' && a.status === 200);
    expect(ready.event!.data).toEqual({
      campaignId: C_ALFA,
      participantId: carla.id,
      reportPath: `/api/staff/campaigns/${C_ALFA}/participants/${carla.id}/report.pdf`,
    });
  });

  it('send a delivery again on request, and announce invitations', async () => {
    const [delivered] = (await log(hookId)).filter((d: { event: string }) => d.event === 'test.completed');
    const again = await call(t.app, ada, 'POST', `/api/staff/webhooks/${hookId}/deliveries/${delivered.id}/resend`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().delivery.state).toBe('pending');
    await t.app.webhooks.sendDue();
    const resent = await receiver.waitFor((a) => a.event?.id === delivered.eventId && a.attempt === 4);
    expect(resent.status).toBe(200);

    const invited = await call(t.app, ada, 'POST', `/api/staff/campaigns/${C_ALFA}/invitations`, {});
    expect(invited.statusCode, invited.body).toBe(200);
    await t.app.webhooks.idle();
    const invitations = (await log(hookId)).filter((d: { event: string }) => d.event === 'person.invited');
    expect(invitations.length).toBe(invited.json().invited.length);
    expect(Object.keys(JSON.parse(invitations[0].payload).data).sort()).toEqual(['campaignId', 'email', 'participantId']);
  });

  it('are turned off after failing too often, and on again by staff', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/hook`;
    const made = await call(t.app, ada, 'POST', '/api/staff/webhooks', { url: nobody, events: ['test.completed'] });
    const id = made.json().webhook.id;
    // Two pings, each tried WEBHOOK_MAX_ATTEMPTS times at most: enough failures in a row to turn the webhook off.
    for (let i = 0; i < Math.ceil(WEBHOOK_DISABLE_AFTER_FAILURES / WEBHOOK_MAX_ATTEMPTS); i++)
      expect((await call(t.app, ada, 'POST', `/api/staff/webhooks/${id}/test`)).statusCode).toBe(202);
    let at = new Date();
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES + 5; i++) {
      await t.app.webhooks.sendDue(at);
      at = later(at, 7 * 60 * 60 * 1000);
    }
    const hook = (await call(t.app, ada, 'GET', '/api/staff/webhooks')).json().webhooks.find((w: { id: number }) => w.id === id);
    // Off at the limit (an attempt already under way beside the one that reached it is still counted).
    expect(hook.enabled).toBe(false);
    expect(hook.failureCount).toBeGreaterThanOrEqual(WEBHOOK_DISABLE_AFTER_FAILURES);
    expect(hook.failureCount).toBeLessThan(WEBHOOK_DISABLE_AFTER_FAILURES + 2);
    expect(hook.disabledAt).not.toBeNull();
    const deliveries = await log(id);
    expect(deliveries.reduce((n: number, d: { attempts: number }) => n + d.attempts, 0)).toBe(hook.failureCount);
    // Nothing more is sent to it.
    expect(await t.app.webhooks.sendDue(later(at, 24 * 60 * 60 * 1000))).toBe(0);
    expect(deliveries[0].lastAnswer).toMatch(/^Not reached/);

    const on = await call(t.app, ada, 'PUT', `/api/staff/webhooks/${id}`, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, failureCount: 0, disabledAt: null });
  });

  it('belong to their company only', async () => {
    expect((await call(t.app, bea, 'GET', '/api/staff/webhooks')).json().webhooks).toEqual([]);
    expect((await call(t.app, bea, 'GET', `/api/staff/webhooks/${hookId}/deliveries`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'PUT', `/api/staff/webhooks/${hookId}`, { enabled: false })).statusCode).toBe(404);
    expect((await call(t.app, bea, 'POST', `/api/staff/webhooks/${hookId}/test`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'DELETE', `/api/staff/webhooks/${hookId}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', '/api/staff/webhooks', { url: 'ftp://x', events: ['test.completed'] })).statusCode).toBe(422);
    expect((await call(t.app, ada, 'POST', '/api/staff/webhooks', { url: receiver.url, events: ['nope'] })).statusCode).toBe(422);
  });

  it('sign "<t>.<body>" with HMAC-SHA256, as docs/webhooks.md says', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureOf('whsec_test', '{"a":1}', 1_700_000_000)).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
