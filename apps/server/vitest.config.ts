import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The same tests run on SQLite and, with TEST_DATABASE_URL, on PostgreSQL; the few that need one database are named
// for it (*.sqlite.test.ts, *.postgres.test.ts) and run only in that pass, so that neither pass skips any.
const onPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, onPostgres ? '**/*.sqlite.test.ts' : '**/*.postgres.test.ts'],
    // One module graph per worker for all files: loading the server's modules again for each file cost more than
    // its tests (no test mocks a module; each builds its own app over its own database).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
