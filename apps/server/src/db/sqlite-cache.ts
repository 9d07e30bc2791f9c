/**
 * The pages each SQLite connection keeps in its own cache (KiB; SQLite's default is 2 MiB). A campaign of
 * 100,000 people has indexes of tens of MiB: with the default, a candidate's lookups read most of their pages
 * again from the operating system, a system call each, and slow down as the campaign grows. The cache fills
 * only with pages that are read.
 */
const SQLITE_CACHE_KIB = 65_536;
export const SQLITE_CACHE_PRAGMA = `cache_size = -${SQLITE_CACHE_KIB}`;
