import ExcelJS from 'exceljs';
import type { ExportTable } from './export-rows';
import { type ExportTexts, wallClock } from './export-texts';

/**
 * One sheet, a bold frozen header row, numbers as numbers and instants as Excel dates. Excel's dates have no time
 * zone: each is the company's wall clock at that instant, in the staff member's order of day and month.
 */
export async function writeXlsx(table: ExportTable, sheetName: string, texts: ExportTexts, timeZone: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Prova';
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Results', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(
      row.map((cell) => {
        if (cell === null || typeof cell !== 'object') return cell;
        const p = wallClock(cell.at, timeZone);
        return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)));
      }),
    );
    row.forEach((cell, i) => {
      if (cell !== null && typeof cell === 'object') added.getCell(i + 1).numFmt = texts.excelDateTime;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
