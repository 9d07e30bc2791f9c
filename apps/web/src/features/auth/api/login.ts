import type { LoginRequest } from '@prova/contract/auth';
import { loginResponseSchema, type LoginResponse } from '@prova/contract/campaigns';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimezone } from '@/lib/browser-timezone';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('/auth/login', { ...body, timezone: body.timezone ?? browserTimezone() }, loginResponseSchema, {
    silentAuth: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
