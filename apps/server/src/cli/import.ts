import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { activityOriginsOfEnv, loadEnv } from '../config/env';
import { migrateToLatest, openDatabase } from '../db/database';
import { prepareBundlePackages } from '../content/bundle-packages';
import { readBundleSource } from '../content/bundle-source';
import { importBundle } from '../import/import-bundle';
import { formatSummary } from '../import/import-summary';

// `npm run import -- <bundle.json | folder | bundle.zip>`: imports a bundle into DATABASE_URL, with the
// packages its tests name when it is a folder or a zip. Exit code 0 when imported, 1 when the bundle is
// unreadable or invalid (each problem on its own `path: message` line, nothing imported).

const USAGE = 'Usage: npm run import -- <bundle.json | folder | bundle.zip>';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

export async function runImport(args: string[], env: NodeJS.ProcessEnv = process.env, io: Io = consoleIo): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    io.err(USAGE);
    return 1;
  }
  // npm runs workspace scripts in the workspace folder; a relative path means where the user typed it.
  const path = resolve(env.INIT_CWD ?? process.cwd(), file);

  const source = await readBundleSource(path);
  if (!source.ok) {
    for (const problem of source.problems) io.err(problem);
    return 1;
  }
  // Unzipped and prepared before the import's transaction, which only writes them.
  const packages = await prepareBundlePackages(source.bundle, source.files);

  const settings = loadEnv(env);
  const database = await openDatabase(settings.DATABASE_URL, { poolMax: settings.PG_POOL_MAX });
  try {
    await migrateToLatest(database);
    // The test urls the server will frame: its settings, read from the same environment.
    const result = await importBundle(database, source.bundle, { activityOrigins: activityOriginsOfEnv(settings), packages });
    if (!result.ok) {
      for (const problem of result.problems) io.err(problem);
      io.err(`${path}: ${result.problems.length} problem(s); nothing was imported.`);
      return 1;
    }
    io.out(`Imported ${path}`);
    const lines = formatSummary(result.summary);
    for (const line of lines.length ? lines : ['nothing to import']) io.out(`  ${line}`);
    for (const note of result.notes) io.out(`  note: ${note}`);
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
