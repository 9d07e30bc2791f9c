import { rawZip } from '@prova/test-support/raw-zip';
import { zipOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { readZip, ZIP_LIMITS } from './zip-files';

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('reading a zip', () => {
  it('reads every file by its path, folders left out', async () => {
    const zip = await zipOf(
      new Map([
        ['a/b.txt', new TextEncoder().encode('bi')],
        ['c.txt', new TextEncoder().encode('ci')],
      ]),
    );
    const read = await readZip(zip);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect([...read.files.keys()].sort()).toEqual(['a/b.txt', 'c.txt']);
    expect(text(read.files.get('a/b.txt'))).toBe('bi');
  });

  it('lists every bad entry at once: absolute, "..", a backslash, a link, a duplicate', async () => {
    const read = await readZip(
      rawZip([
        { name: '/etc/passwd', data: 'x' },
        { name: 'C:/boot.ini', data: 'x' },
        { name: 'items/../../outside.txt', data: 'x' },
        { name: 'items\\q1.xml', data: 'x' },
        { name: 'link', data: '/etc/passwd', mode: 0o120777 },
        { name: 'ok.txt', data: 'one' },
        { name: 'ok.txt', data: 'two' },
      ]),
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        '"/etc/passwd" is an absolute path (name files relative to bundle.json)',
        '"C:/boot.ini" is an absolute path (name files relative to bundle.json)',
        '"items/../../outside.txt" goes outside the bundle with ".."',
        '"items\\q1.xml" has a backslash (use / between folders)',
        'link: a symbolic link (only files and folders may be in a zip)',
        'ok.txt: in the zip twice',
      ],
    });
  });

  it('refuses a zip bomb by the sizes it declares, before inflating anything', async () => {
    // 4 GiB declared in a zip of a few bytes: refused on the directory alone.
    const bomb = rawZip([{ name: 'zeros.bin', data: new Uint8Array(16), deflate: true, declaredSize: 0xffffffff }]);
    expect(bomb.length).toBeLessThan(200);
    expect(await readZip(bomb)).toEqual({
      ok: false,
      problems: ['zeros.bin: 4096 MiB uncompressed, more than the 128 MiB a file may have'],
    });
    // Files each within the limit, too many bytes together.
    const many = rawZip(
      Array.from({ length: 3 }, (_, i) => ({
        name: `part${i}.bin`,
        data: new Uint8Array(16),
        deflate: true,
        declaredSize: 100 * 1024 * 1024,
      })),
    );
    expect(await readZip(many)).toEqual({ ok: false, problems: ['300 MiB uncompressed, more than the 256 MiB a zip may hold'] });
    // Too many entries, told from the directory's count.
    const crowded = rawZip(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: '' })));
    expect(await readZip(crowded, { ...ZIP_LIMITS, maxEntries: 5 })).toEqual({
      ok: false,
      problems: ['6 entries, more than the 5 a zip may hold'],
    });
  });

  it('stops an entry that inflates past the size it declares', async () => {
    const liar = rawZip([{ name: 'small.txt', data: new Uint8Array(1024 * 1024), deflate: true, declaredSize: 10 }]);
    const read = await readZip(liar);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems[0]).toMatch(/^small\.txt: cannot be read: /);
  });

  it('says plainly that what it was given is not a zip', async () => {
    expect(await readZip(new TextEncoder().encode('{"version": 2}'))).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^not a readable zip: /)],
    });
  });
});
