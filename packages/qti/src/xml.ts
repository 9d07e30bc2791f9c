import { DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';

// XML as a package holds it: UTF-8 text, well-formed, and without a document type. A DOCTYPE is where
// entities (and external ones: files, URLs) are declared, so it is refused before anything is parsed.

export type Parsed = { ok: true; doc: Document; text: string } | { ok: false; problem: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeText(path: string, bytes: Uint8Array): { ok: true; text: string } | { ok: false; problem: string } {
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, problem: `${path}: not UTF-8 text (QTI files are UTF-8)` };
  }
}

export function parseXml(path: string, text: string): Parsed {
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (doctype) {
    return {
      ok: false,
      problem: `${path}: ${lineAt(text, doctype.index)}: a DOCTYPE or entity declaration is not accepted (no entities, no external references)`,
    };
  }
  let first: string | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        first ??= message;
        throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    if (!doc.documentElement) return { ok: false, problem: `${path}: not well-formed XML (no root element)` };
    return { ok: true, doc, text };
  } catch (error) {
    const locator = (error as { locator?: { lineNumber?: number; columnNumber?: number } }).locator;
    const where = locator?.lineNumber ? lineOfFault(text, locator.lineNumber, locator.columnNumber ?? 1) : 'xml';
    const message = first ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, problem: `${path}: ${where}: not well-formed XML (${message})` };
  }
}

/**
 * xmldom locates a misplaced tag at the text before it (the end of the last good line): the fault is at the
 * next tag from there.
 */
function lineOfFault(text: string, line: number, column: number) {
  let offset = 0;
  for (let n = 1; n < line && offset >= 0; n++) offset = text.indexOf('\n', offset) + 1;
  offset += column - 1;
  const nextTag = text.indexOf('<', offset);
  return lineAt(text, text[offset] === '<' || nextTag < 0 ? offset : nextTag);
}

function lineAt(text: string, index: number) {
  return `line ${text.slice(0, index).split('\n').length}`;
}

export const serializeXml = (node: Node) => new XMLSerializer().serializeToString(node);

/** The element's name without a prefix: QTI, IMS CP and their versions are told by namespace, not prefix. */
export const localName = (el: Element) => el.localName ?? el.nodeName;

export function childElements(el: Element, name?: string): Element[] {
  const found: Element[] = [];
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (!name || localName(node as Element) === name)) found.push(node as Element);
  }
  return found;
}

/** Every element below `el` (not `el` itself) in document order. */
export function descendants(el: Element | Document, name?: string): Element[] {
  const found: Element[] = [];
  const walk = (parent: Element | Document) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== node.ELEMENT_NODE) continue;
      if (!name || localName(node as Element) === name) found.push(node as Element);
      walk(node as Element);
    }
  };
  walk(el);
  return found;
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The xml:base values in force at `el`, outermost first. */
export function xmlBases(el: Element): string[] {
  const bases: string[] = [];
  for (let node: Element | null = el; node && node.nodeType === node.ELEMENT_NODE; node = node.parentNode as Element | null) {
    const base = node.getAttributeNS(XML_NS, 'base') || node.getAttribute('xml:base');
    if (base) bases.unshift(base);
  }
  return bases;
}
