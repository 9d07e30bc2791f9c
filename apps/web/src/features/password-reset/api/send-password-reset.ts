import { sendPasswordResetResponseSchema, type SendPasswordResetRequest } from '@prova/contract/password';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Asks for the reset e-mail; the answer is the same whether or not the address exists. */
export function sendPasswordReset(body: SendPasswordResetRequest) {
  return api.post('/auth/sendPasswordReset', body, sendPasswordResetResponseSchema);
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
