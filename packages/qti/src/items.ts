import type { Element } from '@xmldom/xmldom';
import { checkInteractions } from './interactions';
import { childElements, descendants, localName } from './xml';

// What makes a QTI 3 item deliverable by the platform, beyond its interactions.

const REFUSED: Record<string, string> = {
  'qti-template-declaration': 'template variables (cloned items) are not supported',
  'qti-template-processing': 'template processing (cloned items) is not supported',
  'qti-assessment-stimulus-ref': 'shared stimuli in files of their own are not supported (put the stimulus in the item body)',
  include: 'XInclude is not accepted (no external references)',
};

export function checkItem(path: string, root: Element): string[] {
  if (localName(root) !== 'qti-assessment-item') {
    return [`${path}: ${localName(root)}: not a QTI assessment item (the root element is not qti-assessment-item)`];
  }
  const problems: string[] = [];
  if (!root.getAttribute('identifier')) problems.push(`${path}: qti-assessment-item: no identifier`);
  if (root.getAttribute('adaptive') === 'true') {
    problems.push(`${path}: qti-assessment-item: adaptive items (several attempts with feedback between them) are not supported`);
  }
  const bodies = childElements(root, 'qti-item-body');
  if (bodies.length !== 1) problems.push(`${path}: qti-assessment-item: an item has one qti-item-body`);
  const seen = new Set<string>();
  for (const el of descendants(root)) {
    const reason = REFUSED[localName(el)];
    if (reason && !seen.has(localName(el))) {
      seen.add(localName(el));
      problems.push(`${path}: ${el.nodeName}: ${reason}`);
    }
  }
  const declared = new Set(childElements(root, 'qti-response-declaration').map((d) => d.getAttribute('identifier') ?? ''));
  problems.push(...checkInteractions(path, root, declared));
  return problems;
}
