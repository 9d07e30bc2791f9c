import type { Element } from '@xmldom/xmldom';
import { isExternal, resolveHref } from './paths';
import { descendants, localName, xmlBases } from './xml';

// The package's files the player may load beside the stripped items: images, style sheets, fonts, audio and
// video. Never XML (the manifest, the test and the original items are XML) and nothing that runs.

const ASSET_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'bmp',
  'css', 'woff', 'woff2', 'ttf', 'otf',
  'mp3', 'm4a', 'aac', 'oga', 'ogg', 'wav', 'weba', 'flac',
  'mp4', 'm4v', 'webm', 'ogv', 'mov', 'vtt',
]); // prettier-ignore

export const isAsset = (path: string) => ASSET_EXTENSIONS.has(path.slice(path.lastIndexOf('.') + 1).toLowerCase());

/** The attributes by which an item's body loads a file. */
const REFERENCES: ReadonlyArray<[element: string, attribute: string]> = [
  ['img', 'src'],
  ['audio', 'src'],
  ['video', 'src'],
  ['video', 'poster'],
  ['source', 'src'],
  ['track', 'src'],
  ['object', 'data'],
  ['qti-stylesheet', 'href'],
];

/** Checks every file an item loads: inside the package, present, and a kind of file that is served. */
export function checkItemAssets(path: string, root: Element, files: ReadonlyMap<string, unknown>): string[] {
  const problems: string[] = [];
  for (const el of descendants(root)) {
    for (const [element, attribute] of REFERENCES) {
      const href = localName(el) === element ? el.getAttribute(attribute) : null;
      if (!href || href.startsWith('data:')) continue;
      const where = `${path}: ${el.nodeName} ${attribute}`;
      if (isExternal(href)) {
        problems.push(`${where}: "${href}" is outside the package (the player loads only the package's own files)`);
        continue;
      }
      const resolved = resolveHref(path, href, xmlBases(el));
      if (!resolved.ok) problems.push(`${where}: ${resolved.reason}`);
      else if (!files.has(resolved.path)) problems.push(`${where}: no file "${resolved.path}" in the package`);
      else if (!isAsset(resolved.path)) {
        problems.push(`${where}: "${resolved.path}" is not a file the player loads (images, style sheets, fonts, audio, video)`);
      }
    }
  }
  return problems;
}
