import type { Element } from '@xmldom/xmldom';
import type { QtiDelivery } from '@prova/contract/content';
import { resolveHref } from './paths';
import { childElements, descendants, localName, xmlBases } from './xml';

// The test's parts, sections and item references as the player delivers them: nested sections flattened in
// delivery order, each item by its reference's identifier (the one outcomes and saved responses are keyed by).

export interface ItemRef {
  identifier: string;
  /** The item's file, a package path. */
  path: string;
}

type Section = QtiDelivery['parts'][number]['sections'][number];

export interface TestStructure {
  delivery: QtiDelivery;
  refs: ItemRef[];
  problems: string[];
  notes: string[];
}

const REFUSED: Record<string, string> = {
  'qti-selection': 'selecting a subset of items at random is not supported (the player delivers every item)',
  'qti-branch-rule': 'branch rules are not supported (the player delivers the items in order)',
  'qti-pre-condition': 'pre-conditions are not supported (the player delivers every item)',
  'qti-assessment-section-ref': 'sections in files of their own are not supported (put the section in the test)',
  include: 'XInclude is not accepted (no external references)',
};

export function readTestStructure(path: string, root: Element, files: ReadonlyMap<string, unknown>): TestStructure {
  const problems: string[] = [];
  const notes: string[] = [];
  const delivery: QtiDelivery = { kind: 'qti', identifier: '', title: '', maxTimeSeconds: null, parts: [] };
  const refs: ItemRef[] = [];
  if (localName(root) !== 'qti-assessment-test') {
    problems.push(`${path}: ${localName(root)}: not a QTI assessment test (the root element is not qti-assessment-test)`);
    return { delivery, refs, problems, notes };
  }
  delivery.identifier = root.getAttribute('identifier') ?? '';
  delivery.title = root.getAttribute('title') || delivery.identifier;
  if (!delivery.identifier) problems.push(`${path}: qti-assessment-test: no identifier`);
  delivery.maxTimeSeconds = maxTimeOf(path, root, problems);

  if (descendants(root, 'qti-rubric-block').length) {
    notes.push(`${path}: the test's rubric blocks are not shown (the player shows items; put such text in an item)`);
  }
  for (const el of descendants(root)) {
    const name = localName(el);
    const reason = REFUSED[name];
    if (reason) problems.push(`${path}: ${el.nodeName}: ${reason}`);
    if (name === 'qti-ordering' && el.getAttribute('shuffle') === 'true') {
      problems.push(`${path}: qti-ordering: shuffling the items is not supported (the player delivers them in the test's order)`);
    }
    if (name === 'qti-time-limits' && el.parentNode !== root && el.getAttribute('max-time')) {
      notes.push(
        `${path}: the time limit of ${localName(el.parentNode as Element)} "${(el.parentNode as Element).getAttribute('identifier')}" is not applied (only the test's own)`,
      );
    }
  }

  const identifiers = new Set<string>();
  for (const part of childElements(root, 'qti-test-part')) {
    const identifier = part.getAttribute('identifier') ?? '';
    const navigationMode = part.getAttribute('navigation-mode');
    const submissionMode = part.getAttribute('submission-mode');
    if (navigationMode !== 'linear' && navigationMode !== 'nonlinear') {
      problems.push(`${path}: qti-test-part "${identifier}": navigation-mode is "linear" or "nonlinear", not "${navigationMode ?? ''}"`);
    }
    if (submissionMode !== 'individual' && submissionMode !== 'simultaneous') {
      problems.push(
        `${path}: qti-test-part "${identifier}": submission-mode is "individual" or "simultaneous", not "${submissionMode ?? ''}"`,
      );
    }
    const sections: Section[] = [];
    const visit = (section: Element, visible: boolean) => {
      let run: Section | null = null;
      for (const child of childElements(section)) {
        const name = localName(child);
        if (name === 'qti-assessment-section') {
          run = null;
          visit(child, visible && child.getAttribute('visible') !== 'false');
        } else if (name === 'qti-assessment-item-ref') {
          const ref = readItemRef(path, child, files, identifiers, problems);
          if (!ref) continue;
          refs.push(ref);
          if (!run) {
            run = { identifier: section.getAttribute('identifier') ?? '', title: section.getAttribute('title') ?? '', visible, items: [] };
            sections.push(run);
          }
          run.items.push({ identifier: ref.identifier, href: ref.path, title: ref.identifier });
        }
      }
    };
    for (const section of childElements(part, 'qti-assessment-section')) visit(section, section.getAttribute('visible') !== 'false');
    if (childElements(part, 'qti-assessment-item-ref').length) {
      problems.push(`${path}: qti-test-part "${identifier}": item references belong in a qti-assessment-section`);
    }
    delivery.parts.push({
      identifier,
      navigationMode: navigationMode === 'nonlinear' ? 'nonlinear' : 'linear',
      submissionMode: submissionMode === 'simultaneous' ? 'simultaneous' : 'individual',
      sections,
    });
  }
  if (refs.length === 0 && !problems.some((p) => p.includes('qti-assessment-item-ref'))) {
    problems.push(
      `${path}: qti-assessment-test: the test has no items (a qti-test-part with a qti-assessment-section holding qti-assessment-item-ref)`,
    );
  }
  return { delivery, refs, problems, notes };
}

function readItemRef(
  path: string,
  ref: Element,
  files: ReadonlyMap<string, unknown>,
  identifiers: Set<string>,
  problems: string[],
): ItemRef | null {
  const identifier = ref.getAttribute('identifier') ?? '';
  const href = ref.getAttribute('href') ?? '';
  const where = `${path}: qti-assessment-item-ref "${identifier}"`;
  if (!identifier || !href) {
    problems.push(`${where}: an item reference needs an identifier and an href`);
    return null;
  }
  if (identifiers.has(identifier)) {
    problems.push(`${where}: the identifier "${identifier}" is used by another item of the test (outcomes are named by it)`);
    return null;
  }
  identifiers.add(identifier);
  const resolved = resolveHref(path, href, xmlBases(ref));
  if (!resolved.ok) {
    problems.push(`${where}: ${resolved.reason}`);
    return null;
  }
  if (!files.has(resolved.path)) {
    problems.push(`${where}: no file "${resolved.path}" in the package`);
    return null;
  }
  return { identifier, path: resolved.path };
}

function maxTimeOf(path: string, root: Element, problems: string[]): number | null {
  const limits = childElements(root, 'qti-time-limits')[0];
  const maxTime = limits?.getAttribute('max-time');
  if (!maxTime) return null;
  const seconds = Number(maxTime);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    problems.push(`${path}: qti-time-limits: max-time is a number of seconds above 0, not "${maxTime}"`);
    return null;
  }
  return seconds;
}
