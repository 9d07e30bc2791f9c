import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A name for one running app as it claims work that must be done once across instances (a scoring, a staff job):
 * readable in the database (host and process), and unique (the random part: two apps in one process differ too).
 */
export const claimerName = () => `${hostname()}:${process.pid}:${randomBytes(6).toString('base64url')}`;
