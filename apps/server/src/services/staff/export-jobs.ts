import type { FastifyInstance } from 'fastify';
import { DEFAULT_TIME_ZONE } from '@prova/contract/staff-companies';
import type { ExportFormat, Job } from '@prova/contract/staff-jobs';
import type { StaffCampaignRow } from '../../repositories/staff/campaign-progress-repository';
import { localize } from '../../presenters/localize';
import { buildExportTable } from './exports/export-rows';
import { writeCsv } from './exports/write-csv';
import { writeXlsx } from './exports/write-xlsx';
import { exportTextsFor } from './exports/export-texts';
import { findJob } from './import-jobs';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Starts exporting a campaign's results as CSV or Excel: a job whose file is downloaded when done. */
export async function startExport(
  app: FastifyInstance,
  by: { companyId: number; userId: number; lang: string },
  campaign: StaffCampaignRow,
  format: ExportFormat,
): Promise<Job> {
  const id = await app.staffJobs.create({
    companyId: by.companyId,
    createdBy: by.userId,
    kind: 'export',
    state: 'exporting',
    phase: 'rows',
    campaign_id: campaign.id,
    format,
  });
  app.staffJobs.run(id, async (progress) => {
    const texts = exportTextsFor(by.lang);
    const [table, company] = await Promise.all([
      buildExportTable(app.repos, by.companyId, campaign, by.lang, texts, progress),
      app.repos.staff.companies.find(by.companyId),
    ]);
    progress('file', 0, 1);
    const name = localize(campaign.name, by.lang) || `campaign-${campaign.id}`;
    const timeZone = company?.time_zone ?? DEFAULT_TIME_ZONE;
    const body = format === 'csv' ? writeCsv(table, texts, timeZone) : await writeXlsx(table, name, texts, timeZone);
    return {
      state: 'done',
      phase: 'done',
      done: table.rows.length,
      total: table.rows.length,
      file_name: `${name} - results.${format}`,
      file_type: CONTENT_TYPES[format],
      file_data: body.toString('base64'),
      file_size: body.length,
    };
  });
  return findJob(app, by.companyId, id);
}
