// The types of build.mjs, for the tests that read what it builds and what is released.
export const SDK_VERSION: string;
export const RELEASED: string;
export function versionFiles(): Promise<Map<string, Buffer>>;
export function releasedFiles(version: string): Map<string, Buffer>;
export function releasedVersions(): string[];
export function build(): Promise<{ gzipBytes: number }>;
export function release(): Promise<void>;
