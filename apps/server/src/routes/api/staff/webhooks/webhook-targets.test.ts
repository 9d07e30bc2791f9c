import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@prova/test-support/webhook-receiver';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { ADA, type Caller, call, signInStaff, staffBundle, STAFF_ALFA } from '../../../../../test/staff-fixtures';

// As the operator runs it by default (WEBHOOK_PRIVATE_ADDRESSES unset): a webhook never posts to the server itself or
// its network. Refused when saved; and a URL that points there by the time it is sent (a name resolving elsewhere
// since, a URL saved while the operator allowed it) is not sent to.

let t: TestApp;
let receiver: WebhookReceiver;
let ada: Caller;

beforeAll(async () => {
  [t, receiver] = await Promise.all([buildTestApp(staffBundle), startWebhookReceiver({ failFirst: 0 })]);
  ada = await signInStaff(t.app, ADA);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('webhook URLs at a private address', () => {
  it('are refused when saved, at the url, with why', async () => {
    for (const url of [receiver.url, 'http://localhost:9/hook', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/hook']) {
      const made = await call(t.app, ada, 'POST', '/api/staff/webhooks', { url, events: ['test.completed'] });
      expect(made.statusCode, url).toBe(422);
      expect(made.json()).toMatchObject({
        code: 'VALIDATION',
        errors: [
          { path: 'body.url', code: 'PRIVATE_ADDRESS', message: expect.stringMatching(/is a loopback, private or link-local address/) },
        ],
      });
    }
    const listed = (await call(t.app, ada, 'GET', '/api/staff/webhooks')).json().webhooks;
    expect(listed).toEqual([]);
  });

  it('are refused when changed to, and a delivery to one already saved is not sent', async () => {
    // Saved as the operator's setting once allowed, or as its name resolved then.
    const me = (await call(t.app, ada, 'GET', '/api/auth/me')).json().user.id as number;
    const row = await t.app.repos.staff.webhooks.create({
      company_id: STAFF_ALFA,
      url: receiver.url,
      secret: 'whsec_test',
      events: JSON.stringify(['test.completed']),
      enabled: 1,
      created_by: me,
      created_at: new Date().toISOString(),
    });
    const moved = await call(t.app, ada, 'PUT', `/api/staff/webhooks/${row.id}`, { url: 'http://10.0.0.1/hook' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors[0].path).toBe('body.url');

    await t.app.webhooks.ping(STAFF_ALFA, row.id);
    expect(await t.app.webhooks.sendDue()).toBe(1);
    expect(await receiver.received()).toEqual([]);
    const [delivery] = (await call(t.app, ada, 'GET', `/api/staff/webhooks/${row.id}/deliveries`)).json().deliveries;
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: null });
    expect(delivery.lastAnswer).toMatch(/^Not sent: 127\.0\.0\.1 is a loopback, private or link-local address/);
  });
});
