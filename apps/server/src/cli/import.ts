import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { activityOriginsOfEnv, loadEnv } from '../config/env';
import { migrateToLatest, openDatabase } from '../db/database';
import { importBundle } from '../import/import-bundle';
import { formatSummary } from '../import/import-summary';

// `npm run import -- <bundle.json>`: imports a bundle into DATABASE_URL. Exit code 0 when imported,
// 1 when the bundle is unreadable or invalid (each problem on its own `path: message` line).

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

export async function runImport(args: string[], env: NodeJS.ProcessEnv = process.env, io: Io = consoleIo): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    io.err('Usage: npm run import -- <bundle.json>');
    return 1;
  }
  // npm runs workspace scripts in the workspace folder; a relative path means where the user typed it.
  const path = resolve(env.INIT_CWD ?? process.cwd(), file);

  let bundle: unknown;
  try {
    bundle = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(e instanceof SyntaxError ? `${path}: not valid JSON: ${e.message}` : `${path}: cannot read the file: ${e.message}`);
    return 1;
  }

  const settings = loadEnv(env);
  const database = await openDatabase(settings.DATABASE_URL, { poolMax: settings.PG_POOL_MAX });
  try {
    await migrateToLatest(database);
    // The test urls the server will frame: its settings, read from the same environment.
    const result = await importBundle(database, bundle, { activityOrigins: activityOriginsOfEnv(settings) });
    if (!result.ok) {
      for (const problem of result.problems) io.err(problem);
      io.err(`${path}: ${result.problems.length} problem(s); nothing was imported.`);
      return 1;
    }
    io.out(`Imported ${path}`);
    const lines = formatSummary(result.summary);
    for (const line of lines.length ? lines : ['nothing to import']) io.out(`  ${line}`);
    return 0;
  } finally {
    await database.close();
  }
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isEntry) {
  runImport(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
