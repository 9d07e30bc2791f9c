import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@prova/test-support/chromium';
import { shippedServerCommand } from '@prova/test-support/shipped-server';
import { E2E_PORTS } from './fixtures/ports';

// The run's fixed ports: one list, fixtures/ports.ts.
const { app: port, activities: activitiesPort, smtp: smtpPort, partner: partnerPort } = E2E_PORTS;
export const baseURL = `http://localhost:${port}`;
// The app sends its mail to a real SMTP server that the specs needing mail start on this port (specs/accounts.spec.ts).
// A partner's activity runs on its own origin (specs/third-party-activity.spec.ts): the operator's one
// external origin, for the server and for the importer the specs run (fixtures/seed.ts passes the environment on).
const partnerOrigin = `http://127.0.0.1:${partnerPort}`;
process.env.E2E_PARTNER_ORIGIN = partnerOrigin;
process.env.ACTIVITY_ORIGINS = partnerOrigin;
// One fresh database per run; specs add their own people through the importer (fixtures/seed.ts).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prova-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_DATABASE_URL = `sqlite:${join(dataDir, 'prova.db')}`;

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI, reported as "flaky" in the list: a slow shared machine should not block a landing,
  // and a flaky test still shows up in the output to be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Recording a trace costs every test a quarter of its time on two cores: only a retry records one, which is
    // where a failure (or a flaky test) is read from.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: shippedServerCommand(),
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      ACTIVITIES_PORT: String(activitiesPort),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      PUBLIC_URL: baseURL,
      ACTIVITY_ORIGINS: partnerOrigin,
      // The webhook receiver of the integrations spec listens on 127.0.0.1.
      WEBHOOK_PRIVATE_ADDRESSES: '1',
      MAIL_DIR: join(dataDir, 'mail'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      DEMO: '1',
    },
  },
});
