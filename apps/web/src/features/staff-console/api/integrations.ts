import {
  type CreateTokenRequest,
  type CreateWebhookRequest,
  createdTokenResponseSchema,
  createdWebhookResponseSchema,
  deliveryListResponseSchema,
  deliveryResponseSchema,
  INTEGRATION_PATHS,
  tokenListResponseSchema,
  tokenResponseSchema,
  type UpdateWebhookRequest,
  webhookListResponseSchema,
  webhookResponseSchema,
} from '@prova/contract/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** While a delivery waits for an attempt, its log is read again this often; else less often, for new events. */
const PENDING_REFRESH_MS = 2_000;
const LOG_REFRESH_MS = 5_000;

export function useTokens() {
  return useQuery({
    queryKey: staffKeys.tokens(),
    queryFn: async ({ signal }) => (await api.get(INTEGRATION_PATHS.tokens, tokenListResponseSchema, { signal })).tokens,
  });
}

/** POST /staff/tokens: the answer carries the token itself, shown once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) => api.post(INTEGRATION_PATHS.tokens, body, createdTokenResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.tokens() }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(INTEGRATION_PATHS.token(id), { method: 'DELETE', schema: tokenResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.tokens() }),
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: staffKeys.webhooks(),
    queryFn: async ({ signal }) => (await api.get(INTEGRATION_PATHS.webhooks, webhookListResponseSchema, { signal })).webhooks,
  });
}

/** POST /staff/webhooks: the answer carries the signing secret, shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => api.post(INTEGRATION_PATHS.webhooks, body, createdWebhookResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.webhooks() }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookRequest }) =>
      api.put(INTEGRATION_PATHS.webhook(id), body, webhookResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.webhooks() }),
  });
}

/** POST /staff/webhooks/{id}/test: a ping, shown in the log. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(INTEGRATION_PATHS.test(id), {}, deliveryResponseSchema),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: staffKeys.deliveries(id) }),
  });
}

/** A webhook's latest deliveries, read again while the page is open (more often while one waits for an attempt). */
export function useDeliveries(webhookId: number) {
  return useQuery({
    queryKey: staffKeys.deliveries(webhookId),
    queryFn: async ({ signal }) =>
      (await api.get(INTEGRATION_PATHS.deliveries(webhookId), deliveryListResponseSchema, { signal })).deliveries,
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? PENDING_REFRESH_MS : LOG_REFRESH_MS),
  });
}

export function useResendDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api.post(INTEGRATION_PATHS.resend(webhookId, deliveryId), {}, deliveryResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.deliveries(webhookId) }),
  });
}
