import { dayIn } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import type { ApplicationFilters } from "../admissions/applications-list.repository.js";
import { degreeScopeOf, type DegreeScope } from "../users/degree-scope.js";
import { exportColumns, exportRowOf } from "./export.presenter.js";
import { findExportBatch, findMasterNames, measureExport, type ExportExtent } from "./export.repository.js";
import { streamWorkbook, type WorkbookExport } from "./workbook.js";

/**
 * Rows read per query: small enough to keep memory flat, large enough that round trips do not dominate.
 * The embedded database reads a batch in the server's own thread, where every request waits for it:
 * there, half as many keep the status calls beside an export quick (docs/PERFORMANCE.md, nineteenth round).
 */
export const exportBatchSize = { postgres: 500, pglite: 250 } as const satisfies Record<AppContext["engine"], number>;


/**
 * Starts an Excel export of the applications the staff list would show for these filters, within the
 * actor's degrees. Who exported which personal data is logged before the first byte leaves.
 */
export async function exportApplications(ctx: AppContext, actor: Actor, filters: ApplicationFilters, meta: RequestMeta): Promise<WorkbookExport> {
  const scope = await degreeScopeOf(ctx.db, actor);
  const extent = await measureExport(ctx.db, filters, scope);
  await recordActivity(ctx.db, {
    actor: { id: actor.id, userName: actor.userName },
    action: "application.exported",
    entityType: "application",
    summary: `Exported ${extent.total} applications to Excel`,
    details: { filters, rows: extent.total },
    ip: meta.ip,
  });
  const stream = streamWorkbook("Applications", exportColumns, applicationRows(ctx.db, filters, scope, extent, exportBatchSize[ctx.engine]));
  return { total: extent.total, fileName: `applications-${dayIn(ctx.settings.timeZone)}.xlsx`, stream };
}

/** The matching applications in batches by id, each row with its course and degree by name. */
async function* applicationRows(db: Database, filters: ApplicationFilters, scope: DegreeScope, extent: ExportExtent, batchSize: number) {
  const names = await findMasterNames(db);
  let afterId = 0;
  while (afterId < extent.lastId) {
    const batch = await findExportBatch(db, filters, scope, { afterId, lastId: extent.lastId }, batchSize);
    yield batch.map((record) => exportRowOf(record, names));
    if (batch.length < batchSize) break;
    afterId = batch[batch.length - 1]!.id;
  }
}
