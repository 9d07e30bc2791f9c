// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentTestId, setCurrentTestId } from '@/lib/current-test';
import { getMe } from './get-me';
import { login } from './login';
import { clearSession } from './logout';

// What the browser keeps of a person (the 360 answers being given, the challenge's count, the current test) must not
// outlive their session: on a shared computer the next person would find it in localStorage.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = {
  id: 5,
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

const DRAFT = 'prova.feedback360.5.70';

function leaveTraces() {
  localStorage.setItem(
    DRAFT,
    JSON.stringify({ 12: { version: 3, status: 'p', answers: { closed: { 1: 4 }, open: { 9: 'Sa ascoltare' } } } }),
  );
  localStorage.setItem('prova.challenge.5.70.completed', '2');
  // Another application of the same origin keeps its own.
  localStorage.setItem('other-app', 'kept');
  setCurrentTestId(101);
}

beforeEach(() => {
  localStorage.clear();
  leaveTraces();
});

afterEach(() => vi.unstubAllGlobals());

describe('personal storage at the end of a session', () => {
  it('is removed when the person signs out (or the app finds their session expired)', () => {
    clearSession(new QueryClient());
    expect(localStorage.getItem(DRAFT)).toBeNull();
    expect(localStorage.getItem('prova.challenge.5.70.completed')).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('kept');
    expect(getCurrentTestId()).toBeNull();
    expect(sessionStorage.getItem('prova.currentTest')).toBeNull();
  });

  it('is removed when GET /auth/me says the session has ended', async () => {
    vi.stubGlobal('fetch', (path: string) =>
      Promise.resolve(
        path === '/api/auth/login'
          ? json(200, { status: true, user, campaigns: [] })
          : json(401, { status: false, code: 'UNAUTHENTICATED', message: 'Authentication required' }),
      ),
    );
    await login({ username: 'anna@alfa.example', password: 'secret' });
    leaveTraces();
    expect(await getMe()).toBeNull();
    expect(localStorage.getItem(DRAFT)).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('kept');
  });

  it('is removed when no session is left at all (it ended while the browser was closed)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await getMe()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT)).toBeNull();
    expect(localStorage.getItem('prova.challenge.5.70.completed')).toBeNull();
  });
});
