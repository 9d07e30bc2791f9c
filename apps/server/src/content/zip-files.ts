import yauzl from 'yauzl';

// A zip's files by path, read with every name checked and every size capped before anything is
// inflated: a bundle or a package comes from outside, and a zip of a few kilobytes may claim gigabytes.

export interface ZipLimits {
  /** Entries in the zip's directory, folders included. */
  maxEntries: number;
  /** One file, uncompressed. */
  maxFileBytes: number;
  /** Every file together, uncompressed. */
  maxTotalBytes: number;
}

/** A bundle's or a package's zip: room for a course with its media, not for a zip bomb. */
export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxFileBytes: 128 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024 };

/** A package zip inside a bundle: read the same way, within the same limits. */
export const PACKAGE_ZIP_LIMITS: ZipLimits = ZIP_LIMITS;

/** `unreadable`: not a zip at all (its directory could not be read), rather than a zip with a bad file in it. */
export type ZipRead = { ok: true; files: Map<string, Uint8Array> } | { ok: false; problems: string[]; unreadable?: true };

const MiB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** Why a path named in a bundle or a zip cannot be a file of it (null: it can). Paths are relative, with `/`. */
export function pathProblem(path: string): string | null {
  if (path === '') return 'an empty path';
  if (path.includes('\\')) return `"${path}" has a backslash (use / between folders)`;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return `"${path}" is an absolute path (name files relative to bundle.json)`;
  if (path.split('/').includes('..')) return `"${path}" goes outside the bundle with ".."`;
  if (path.includes('\0')) return `"${path}" has a NUL character`;
  return null;
}

interface RawEntry extends yauzl.Entry {
  fileNameRaw: Buffer;
  extraFields: { id: number; data: Buffer }[];
}

/** yauzl 3's name decoding (UTF-8 flag, Info-ZIP Unicode path, else CP437), which its types (2.10) lack. */
interface YauzlNames {
  getFileNameLowLevel(flags: number, raw: Buffer, extraFields: RawEntry['extraFields'], strict: boolean): string;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads every file of a zip (folders left out): all of its problems listed (a bad name, a link, a
 * duplicate, a size past the limits), nothing inflated when there is one.
 */
export async function readZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipRead> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded and checked here (all problems listed, not the first one thrown); sizes are checked
    // against what the zip declares, and yauzl stops any entry that inflates past its declared size.
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
        (error, z) => (error || !z ? reject(error ?? new Error('no zip')) : resolve(z)),
      ),
    );
  } catch (error) {
    return { ok: false, problems: [`not a readable zip: ${(error as Error).message}`], unreadable: true };
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      return { ok: false, problems: [`${zip.entryCount} entries, more than the ${limits.maxEntries} a zip may hold`] };
    const problems: string[] = [];
    const entries: { path: string; entry: RawEntry }[] = [];
    const seen = new Set<string>();
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      // Strict: a backslash stays one (and is refused), not taken for a folder separator.
      const name = (yauzl as unknown as YauzlNames).getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const badPath = pathProblem(name);
      if (badPath) {
        problems.push(badPath);
        continue;
      }
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) {
        problems.push(`${name}: a symbolic link (only files and folders may be in a zip)`);
        continue;
      }
      if (name.endsWith('/')) continue;
      if (seen.has(name)) {
        problems.push(`${name}: in the zip twice`);
        continue;
      }
      seen.add(name);
      if (entry.uncompressedSize > limits.maxFileBytes) {
        problems.push(`${name}: ${MiB(entry.uncompressedSize)} uncompressed, more than the ${MiB(limits.maxFileBytes)} a file may have`);
        continue;
      }
      total += entry.uncompressedSize;
      entries.push({ path: name, entry });
    }
    if (total > limits.maxTotalBytes)
      problems.push(`${MiB(total)} uncompressed, more than the ${MiB(limits.maxTotalBytes)} a zip may hold`);
    if (problems.length) return { ok: false, problems };

    const files = new Map<string, Uint8Array>();
    for (const { path, entry } of entries) {
      try {
        files.set(path, await inflate(zip, entry));
      } catch (error) {
        problems.push(`${path}: cannot be read: ${(error as Error).message}`);
      }
    }
    return problems.length ? { ok: false, problems } : { ok: true, files };
  } catch (error) {
    return { ok: false, problems: [`not a readable zip: ${(error as Error).message}`], unreadable: true };
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<RawEntry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: RawEntry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) => (error || !s ? reject(error ?? new Error('no stream')) : resolve(s))),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
