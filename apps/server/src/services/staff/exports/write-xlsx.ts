import ExcelJS from 'exceljs';
import type { ExportTable } from './export-rows';

/** One sheet, a bold frozen header row, numbers as numbers. */
export async function writeXlsx(table: ExportTable, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Prova';
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Results', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
