import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@prova/test-support/webhook-receiver';
import { anotherInstance, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { ADA, call, signInStaff, staffBundle, STAFF_ALFA } from '../../../test/staff-fixtures';

// Two instances of the app on one PostgreSQL database, both sending at once: each delivery is claimed before it is
// sent (for update skip locked, with a lease), so the receiver hears every event once.

/** The receiver listens on 127.0.0.1: a private address, which the operator allows here. */
const LOCAL_RECEIVER = { WEBHOOK_PRIVATE_ADDRESSES: '1' };

let t: TestApp;
let other: FastifyInstance;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [t, receiver] = await Promise.all([buildTestApp(staffBundle, { env: LOCAL_RECEIVER }), startWebhookReceiver({ failFirst: 0 })]);
  other = await anotherInstance(t, LOCAL_RECEIVER);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await receiver?.close();
});

describe('webhook deliveries on two instances of one PostgreSQL database', () => {
  it('are sent once each, whichever instance takes them', async () => {
    const ada = await signInStaff(t.app, ADA);
    const made = await call(t.app, ada, 'POST', '/api/staff/webhooks', { url: receiver.url, events: ['test.completed'] });
    const hookId = made.json().webhook.id;
    await receiver.setSecret(made.json().secret);
    const count = 40;
    for (let i = 0; i < count; i++) await (i % 2 ? other : t.app).webhooks.ping(STAFF_ALFA, hookId);

    const sent = await Promise.all([t.app.webhooks.sendDue(), other.webhooks.sendDue()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(count);
    const received = await receiver.received();
    expect(received).toHaveLength(count);
    expect(new Set(received.map((r) => r.event!.id)).size).toBe(count);
    expect(received.every((r) => r.status === 200 && r.refused === null)).toBe(true);
    const deliveries = (await call(t.app, ada, 'GET', `/api/staff/webhooks/${hookId}/deliveries`)).json().deliveries;
    expect(deliveries.every((d: { state: string; attempts: number }) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
  });
});
