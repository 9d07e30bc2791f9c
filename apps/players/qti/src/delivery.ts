// delivery.json read and checked, and the test's items in delivery order.
import { packageHashSchema, qtiDeliverySchema, type QtiDelivery } from '@prova/contract/content';

export interface DeliveryItem {
  identifier: string;
  href: string;
  title: string;
  /** Index of the test part, and its navigation mode. */
  part: number;
  linear: boolean;
  sectionTitle: string | null;
}

/** The package's hash from the page's address, or null. */
export function packageHash(search: string): string | null {
  const parsed = packageHashSchema.safeParse(new URLSearchParams(search).get('package'));
  return parsed.success ? parsed.data : null;
}

export async function loadDelivery(base: string): Promise<QtiDelivery> {
  const response = await fetch(`${base}delivery.json`);
  if (!response.ok) throw new Error(`delivery.json: HTTP ${response.status}`);
  const parsed = qtiDeliverySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`delivery.json: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** Items as the parts and sections order them (nested sections are already flattened by the import). */
export function deliveryItems(delivery: QtiDelivery): DeliveryItem[] {
  return delivery.parts.flatMap((part, index) =>
    part.sections.flatMap((section) =>
      section.items.map((item) => ({
        ...item,
        part: index,
        linear: part.navigationMode === 'linear',
        sectionTitle: section.visible && section.title ? section.title : null,
      })),
    ),
  );
}

/** The item's XML from the package (stripped of what scores it by the server). */
export async function loadItemXml(base: string, href: string): Promise<string> {
  const response = await fetch(new URL(href, new URL(base, location.href)));
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  return response.text();
}
