import { ZipFile } from 'yazl';
import type { PersonalDataFiles } from './personal-data';

/** The export as one zip: data.json (indented, for a person to read too) and reports/*.pdf. */
export async function personalDataZip(files: PersonalDataFiles): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(files.data, null, 2)}\n`, 'utf8'), 'data.json');
  for (const pdf of files.pdfs) zip.addBuffer(pdf.body, pdf.path, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
