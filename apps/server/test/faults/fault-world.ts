import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importWithShippedImporter } from '@prova/test-support/shipped-server';
import { createThrowawayPostgres } from '@prova/test-support/throwaway-postgres';

// The fault and scale tests run the server as it ships (@prova/test-support/shipped-server), which they
// can kill -9 and start again on the same database and port, in a world of their own made here.

// FAULT_SERVER_DIST runs them against another build of the server (a folder beside dist/, so the
// bundle finds the repository as dist/ does): a build with a planted bug shows that the checks catch it.
export const FAULT_DIST = process.env.FAULT_SERVER_DIST ? resolve(process.env.FAULT_SERVER_DIST) : undefined;

/** A scratch folder, and an empty database of its own: a SQLite file in it, or a throwaway PostgreSQL database with TEST_DATABASE_URL. */
export interface FaultWorld {
  dir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

export async function createFaultWorld(): Promise<FaultWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'prova-fault-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? await createThrowawayPostgres(adminUrl) : undefined;
  return {
    dir,
    databaseUrl: postgres?.url ?? `sqlite:${join(dir, 'prova.db')}`,
    dialect: postgres ? 'postgres' : 'sqlite',
    async destroy() {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Imports a bundle through the real importer CLI (which migrates the database first). */
export async function importWithCli(world: FaultWorld, bundle: object): Promise<void> {
  const file = join(world.dir, 'bundle.json');
  writeFileSync(file, JSON.stringify(bundle));
  await importWithShippedImporter(world.databaseUrl, file, {}, FAULT_DIST);
}
