import type { LoginRequest } from '@prova/contract/auth';
import { loginResponseSchema } from '@prova/contract/campaigns';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { browserTimezone } from '@/lib/browser-timezone';

/**
 * The answer is either the user and campaigns, or a token and e-mail meaning
 * that a password must be set first (sent to /new_password/:token/:email).
 */
const passwordSetupSchema = z.object({ status: z.literal(true), token: z.string().min(1), email: z.string().min(1) });
export const loginAnswerSchema = z.union([loginResponseSchema, passwordSetupSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return api.post('/auth/login', { ...body, timezone: body.timezone ?? browserTimezone() }, loginAnswerSchema, {
    silentAuth: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
