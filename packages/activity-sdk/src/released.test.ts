// A version's files never change once released: an activity pinned to /sdk/<version>/ loads what it was tested
// with. The released folders are checked against their checksums, and the current version against the sources.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELEASED, releasedFiles, releasedVersions, SDK_VERSION, versionFiles } from '../build.mjs';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** released/SHA256SUMS, as sha256sum writes it: "<hash>  <version>/<path>". */
const sums = new Map(
  readFileSync(`${RELEASED}/SHA256SUMS`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, path] = line.split(/\s+\*?/);
      return [path, hash] as const;
    }),
);

describe('released SDK versions', () => {
  it('keep every file as it was published, and no file more', () => {
    const found = new Map(
      releasedVersions().flatMap((version) => [...releasedFiles(version)].map(([path, bytes]) => [`${version}/${path}`, sha256(bytes)])),
    );
    expect(found).toEqual(sums);
    expect(releasedVersions()).toContain('1.0.0');
  });

  it('include the current version, exactly as the sources build it (a change needs a new version)', async () => {
    expect(releasedVersions(), `${SDK_VERSION} is not released: node packages/activity-sdk/build.mjs --release`).toContain(SDK_VERSION);
    const built = await versionFiles();
    const frozen = releasedFiles(SDK_VERSION);
    const changed = [...new Set([...built.keys(), ...frozen.keys()])].filter(
      (path) => !built.get(path)?.equals(frozen.get(path) ?? Buffer.alloc(0)),
    );
    expect(
      changed,
      `the SDK's files changed since ${SDK_VERSION} was released: raise the version in package.json, note it in CHANGELOG.md and run build.mjs --release`,
    ).toEqual([]);
  });
});
