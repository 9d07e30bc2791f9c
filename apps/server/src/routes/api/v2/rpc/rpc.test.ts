import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { BRUNO, C_MAIN, type Caller, deliveryBundle, MARCO, signIn } from '../../tests/test-delivery-fixtures';

let t: TestApp;
let marco: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  marco = await signIn(t.app, MARCO);
});
afterAll(() => t.close());

const rpc = (who: Caller, payload: object, path = `${C_MAIN}/104`) =>
  t.app.inject({ method: 'POST', url: `/api/v2/rpc/${path}`, headers: { cookie: who.cookie }, payload });

describe('POST /api/v2/rpc/:campaignId/:testId', () => {
  it('runs a registered action', async () => {
    expect((await rpc(marco, { action: 'ping' })).json()).toEqual({ status: true, result: { pong: true } });
    const time = (await rpc(marco, { action: 'time' })).json();
    expect(Math.abs(Date.parse(time.result.now) - Date.now())).toBeLessThan(60_000);
    await t.app.inject({
      method: 'POST',
      url: `/api/tests/104/data/${C_MAIN}/${marco.id}`,
      headers: { cookie: marco.cookie },
      payload: { version: 3, data: 'x' },
    });
    expect((await rpc(marco, { action: 'getProgress', data: {} })).json().result).toMatchObject({ version: 3, status: 'incomplete' });
  });

  it('answers 422 "action not provided" without an action, and 404 for an unknown one', async () => {
    const missing = await rpc(marco, { data: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ status: false, message: 'action not provided' });
    expect((await rpc(marco, { action: '' })).json().message).toBe('action not provided');
    expect((await rpc(marco, { action: 'toString' })).statusCode).toBe(404);
    expect((await rpc(marco, { action: 'launchMissiles' })).statusCode).toBe(404);
  });

  it('checks the campaign and the test like every tracking call', async () => {
    expect((await rpc(marco, { action: 'ping' }, `${C_MAIN}/901`)).statusCode).toBe(404);
    const bruno = await signIn(t.app, BRUNO);
    expect((await rpc(bruno, { action: 'ping' })).statusCode).toBe(404);
  });
});
