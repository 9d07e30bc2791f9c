import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@prova/contract/auth';
import { z } from '@prova/contract/zod';
import { api, setApiErrorListener, type ApiErrorContext } from '@/lib/api-client';
import { getMe } from './get-me';
import { login } from './login';
import { markSignedOut } from './signed-in';

// A refusal that arrives late: a request sent while the session had ended, answered 401 after the person has signed in
// again (a slow phone network). It must not send them back to /login, nor make the app forget they are signed in.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = () => json(401, { status: false, code: 'UNAUTHENTICATED', message: 'Not signed in' });
const user = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Rossi',
  username: 'anna@alfa.example',
  email: 'anna@alfa.example',
  gender: 'F',
  lang: 'IT_it',
  role: { name: 'user' },
  privacy: true,
  hasSSO: false,
  company: { id: 1, name: 'Alfa S.r.l.', logo: null },
  isAssessor: false,
  permissions: [],
} satisfies User;
const signedIn = { status: true, user, campaigns: [] };

/** fetch, answering each call as `answer` says; the calls' paths in order. */
function stubFetch(answer: (path: string) => Promise<Response> | Response) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    paths.push(input);
    return Promise.resolve(answer(input));
  });
  return paths;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setApiErrorListener(undefined);
  markSignedOut();
});

describe('a session begun in this page', () => {
  it('a 401 to a request sent before the sign-in is not taken for the end of the new session', async () => {
    let answerLate: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => (answerLate = resolve));
    stubFetch((path) => (path === '/api/usercampaign' ? late : path === '/api/auth/login' ? json(200, signedIn) : refused()));
    const told: ApiErrorContext[] = [];
    setApiErrorListener((_error, context) => told.push(context));

    const before = api.get('/usercampaign', z.unknown());
    await login({ username: 'anna@alfa.example', password: 'secret' });
    answerLate(refused());
    await expect(before).rejects.toMatchObject({ kind: 'session-expired' });
    // Sent under the new session, a 401 says it has ended.
    await expect(api.get('/usertests', z.unknown())).rejects.toMatchObject({ kind: 'session-expired' });
    expect(told).toEqual([{ silentAuth: true }, { silentAuth: false }]);
  });

  it('is asked about even when the readable cookie is gone, until it ends', async () => {
    const paths = stubFetch((path) => (path === '/api/auth/login' ? json(200, signedIn) : json(200, { status: true, user })));
    // No cookie says a session may be open (no document here at all): nothing is asked.
    expect(await getMe()).toBeNull();
    expect(paths).toEqual([]);

    await login({ username: 'anna@alfa.example', password: 'secret' });
    expect(await getMe()).toMatchObject({ email: 'anna@alfa.example' });
    expect(paths).toEqual(['/api/auth/login', '/api/auth/me']);

    markSignedOut();
    expect(await getMe()).toBeNull();
    expect(paths).toHaveLength(2);
  });

  it('is no longer asked about once the server says it has ended', async () => {
    const paths = stubFetch((path) => (path === '/api/auth/login' ? json(200, signedIn) : refused()));
    await login({ username: 'anna@alfa.example', password: 'secret' });
    expect(await getMe()).toBeNull();
    expect(await getMe()).toBeNull();
    expect(paths).toEqual(['/api/auth/login', '/api/auth/me']);
  });

  it('is not begun by an answer that asks for a password to be set first', async () => {
    const paths = stubFetch(() => json(200, { status: true, passwordMustBeSet: true, token: 't', email: 'anna@alfa.example' }));
    await login({ username: 'anna@alfa.example', password: 'secret' });
    expect(await getMe()).toBeNull();
    expect(paths).toEqual(['/api/auth/login']);
  });
});
