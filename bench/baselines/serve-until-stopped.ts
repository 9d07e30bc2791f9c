import type { FastifyInstance } from 'fastify';

/** Listens on a free port of 127.0.0.1, tells the parent which (IPC), and closes on 'stop'. */
export async function serveUntilStopped(app: FastifyInstance, close: () => Promise<void> | void = () => {}): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as { port: number }).port });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await close();
    process.exit(0);
  });
}

/** The body of a save, as the bench sends it to every server. */
export interface SaveBody {
  version: number;
  data: unknown;
}

export interface SaveParams {
  testId: string;
  campaignId: string;
  userId: string;
}

/** The route of a data save, the same path as the app's, so that one load drives them all. */
export const SAVE_ROUTE = '/api/tests/:testId/data/:campaignId/:userId';
