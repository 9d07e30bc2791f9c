import type { LoginRequest } from '@prova/contract/auth';
import { loginAnswerSchema, type LoginAnswer } from '@prova/contract/campaigns';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimezone } from '@/lib/browser-timezone';

/** Signed in (the user and their campaigns), or told that a password must be set first (nobody is signed in then). */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return api.post('/auth/login', { ...body, timezone: body.timezone ?? browserTimezone() }, loginAnswerSchema, {
    silentAuth: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
