// Baseline: Fastify with an empty route, nothing else (no database, no plugins): what HTTP and JSON cost
// on this machine. It answers the save request's shape without doing anything.
import Fastify from 'fastify';
import { SAVE_ROUTE, serveUntilStopped } from './serve-until-stopped';

const app = Fastify({ logger: false });
app.post(SAVE_ROUTE, async () => ({ status: true, version: 0, stored: true, testStatus: 'incomplete' }));
await serveUntilStopped(app);
