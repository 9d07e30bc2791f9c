import type { Document, Element, Node } from '@xmldom/xmldom';
import { childElements, descendants, localName, serializeXml } from './xml';

// An item as the candidate's browser receives it: the body and its interactions, the declarations the renderer
// needs (identifier, cardinality, base type), and nothing that tells or scores an answer: correct responses,
// mappings, processing rules, feedback (it reveals the answer), rubrics for other readers, outcome values and
// tables, comments (authors leave notes there).

const REMOVED = new Set([
  'qti-correct-response',
  'qti-mapping',
  'qti-area-mapping',
  'qti-response-processing',
  'qti-template-processing',
  'qti-template-declaration',
  'qti-modal-feedback',
  'qti-feedback-block',
  'qti-feedback-inline',
]);

const DECLARATION_ATTRIBUTES = new Set(['identifier', 'cardinality', 'base-type']);

/** Strips the item in place and writes it back as XML. */
export function stripItem(doc: Document): string {
  const root = doc.documentElement as Element;
  for (const el of descendants(root)) {
    const name = localName(el);
    const forOthers = name === 'qti-rubric-block' && !(el.getAttribute('view') ?? 'candidate').split(/\s+/).includes('candidate');
    if (REMOVED.has(name) || forOthers) el.parentNode?.removeChild(el);
  }
  for (const declaration of childElements(root)) {
    const name = localName(declaration);
    if (name !== 'qti-response-declaration' && name !== 'qti-outcome-declaration') continue;
    for (const attribute of Array.from(declaration.attributes)) {
      if (!DECLARATION_ATTRIBUTES.has(attribute.name)) declaration.removeAttribute(attribute.name);
    }
    // A response's default value is what the candidate starts from; an outcome's children are values and tables.
    for (let child = declaration.firstChild; child;) {
      const next = child.nextSibling;
      const kept =
        name === 'qti-response-declaration' && child.nodeType === child.ELEMENT_NODE && localName(child as Element) === 'qti-default-value';
      if (!kept) declaration.removeChild(child);
      child = next;
    }
  }
  removeCommentsAndInstructions(doc);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXml(root)}`;
}

function removeCommentsAndInstructions(parent: Node) {
  for (let node = parent.firstChild; node;) {
    const next = node.nextSibling;
    if (node.nodeType === node.COMMENT_NODE || node.nodeType === node.PROCESSING_INSTRUCTION_NODE) parent.removeChild(node);
    else if (node.nodeType === node.ELEMENT_NODE) removeCommentsAndInstructions(node);
    node = next;
  }
}
