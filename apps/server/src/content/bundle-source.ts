import { lstat, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathProblem, readZip, ZIP_LIMITS, type ZipLimits } from './zip-files';

// Where a bundle comes from: a plain bundle.json, a folder holding bundle.json and the files it names,
// or a zip of such a folder. The bundle is parsed JSON (checked later by the importer); its files are
// read only when a test names them, each checked to be a file of the bundle (no link, nothing outside).

export const BUNDLE_FILE = 'bundle.json';

/** A file the bundle names, by its path relative to bundle.json: its bytes, or why it cannot be read. */
export type BundleFileRead = { ok: true; bytes: Uint8Array } | { ok: false; problem: string };

export interface BundleFiles {
  read(path: string): Promise<BundleFileRead>;
}

export type BundleSource = { ok: true; bundle: unknown; files: BundleFiles } | { ok: false; problems: string[] };

const missing = (path: string): BundleFileRead => ({ ok: false, problem: `no file "${path}" in the bundle` });

/** A plain bundle.json names no files: every file it names is missing. */
export const NO_FILES: BundleFiles = { read: async (path) => missing(path) };

function parseBundle(text: string, where: string): { ok: true; bundle: unknown } | { ok: false; problems: string[] } {
  try {
    return { ok: true, bundle: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problems: [`${where}: not valid JSON: ${(error as Error).message}`] };
  }
}

/** Reads `npm run import`'s argument: a folder, a `.zip` or a bundle.json. Problems name the path given. */
export async function readBundleSource(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<BundleSource> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    return { ok: false, problems: [`${path}: cannot read the file: ${(error as Error).message}`] };
  }
  if (isFolder) return readBundleFolder(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { ok: false, problems: [`${path}: cannot read the file: ${(error as Error).message}`] };
  }
  if (path.toLowerCase().endsWith('.zip')) return readBundleZip(bytes, path, limits);
  const parsed = parseBundle(bytes.toString('utf8'), path);
  return parsed.ok ? { ok: true, bundle: parsed.bundle, files: NO_FILES } : parsed;
}

/**
 * A zip holding bundle.json at its root (or in its one folder, as zipping the folder itself makes it) and
 * the files it names. `label` names the zip in problems.
 */
export async function readBundleZip(bytes: Uint8Array, label: string, limits: ZipLimits = ZIP_LIMITS): Promise<BundleSource> {
  const zip = await readZip(bytes, limits);
  if (!zip.ok) return { ok: false, problems: zip.problems.map((p) => `${label}: ${p}`) };
  const root = rootOf(zip.files);
  if (root === null) return { ok: false, problems: [`${label}: no ${BUNDLE_FILE} at the root of the zip`] };
  const parsed = parseBundle(new TextDecoder().decode(zip.files.get(`${root}${BUNDLE_FILE}`)), `${label}: ${root}${BUNDLE_FILE}`);
  if (!parsed.ok) return parsed;
  const files = new Map([...zip.files].filter(([path]) => path.startsWith(root)).map(([path, data]) => [path.slice(root.length), data]));
  return {
    ok: true,
    bundle: parsed.bundle,
    files: checkedFiles(async (path) => {
      const found = files.get(path);
      return found ? { ok: true, bytes: found } : missing(path);
    }),
  };
}

/** The bundle's files, each name checked (absolute, "..", backslashes) before it is looked for. */
const checkedFiles = (read: (path: string) => Promise<BundleFileRead>): BundleFiles => ({
  read: async (path) => {
    const bad = pathProblem(path);
    return bad ? { ok: false, problem: bad } : read(path);
  },
});

/** Where bundle.json is: '' at the root, `folder/` when every file is in that one folder (what an archiver adds aside). */
function rootOf(files: ReadonlyMap<string, Uint8Array>): string | null {
  if (files.has(BUNDLE_FILE)) return '';
  const paths = [...files.keys()].filter((p) => !p.startsWith('__MACOSX/'));
  const top = paths[0]?.split('/')[0];
  if (!top || !paths.every((p) => p.startsWith(`${top}/`))) return null;
  return files.has(`${top}/${BUNDLE_FILE}`) ? `${top}/` : null;
}

/** A folder holding bundle.json: each named file read when asked for, refused if it or a folder on its way is a link. */
export async function readBundleFolder(folder: string): Promise<BundleSource> {
  let text: string;
  try {
    text = await readFile(join(folder, BUNDLE_FILE), 'utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return {
      ok: false,
      problems: [
        e.code === 'ENOENT'
          ? `${folder}: no ${BUNDLE_FILE} in the folder`
          : `${join(folder, BUNDLE_FILE)}: cannot read the file: ${e.message}`,
      ],
    };
  }
  const parsed = parseBundle(text, join(folder, BUNDLE_FILE));
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    bundle: parsed.bundle,
    files: checkedFiles(async (path) => {
      const parts = path.split('/');
      let at = folder;
      for (let i = 0; i < parts.length; i++) {
        at = join(at, parts[i]);
        let info;
        try {
          info = await lstat(at);
        } catch {
          return missing(path);
        }
        // A link could lead anywhere on the machine: a bundle's files are its own.
        if (info.isSymbolicLink())
          return { ok: false, problem: `"${parts.slice(0, i + 1).join('/')}" is a symbolic link, not a file of the bundle` };
        if (i < parts.length - 1 ? !info.isDirectory() : !info.isFile()) return missing(path);
      }
      return { ok: true, bytes: await readFile(at) };
    }),
  };
}
