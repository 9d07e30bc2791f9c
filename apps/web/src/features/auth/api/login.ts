import type { LoginRequest } from '@prova/contract/auth';
import { loginAnswerSchema, mustSetPassword, type LoginAnswer } from '@prova/contract/campaigns';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimezone } from '@/lib/browser-timezone';
import { markSignedIn } from './signed-in';

/** Signed in (the user and their campaigns), or told that a password must be set first (nobody is signed in then). */
export async function login(body: LoginRequest): Promise<LoginAnswer> {
  const answer = await api.post('/auth/login', { ...body, timezone: body.timezone ?? browserTimezone() }, loginAnswerSchema, {
    silentAuth: true,
  });
  if (!mustSetPassword(answer)) markSignedIn();
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
