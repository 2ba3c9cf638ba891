import { createElement } from "react";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { ExportJob, ExportJobAnswer } from "../../../../backend/src/services/exports/exports.shared";
import { apiFetch, saveDownload } from "../../providers/api";
import { filtersToQuery, sortersToQuery } from "../../providers/data-provider";
import i18n from "../../providers/i18n";
import { withApi } from "../../providers/notifications";
import { ExportJobProgress } from "./ExportJobProgress";

/** Shows a long list's export job until its file is ready, then offers the download. */
function followJob(job: ExportJob) {
  withApi((notification) =>
    notification.open({
      key: `export-${job.id}`,
      message: i18n.t("exportJob.title"),
      description: createElement(ExportJobProgress, { job }),
      duration: 0,
    }),
  );
}

/**
 * `GET /v1/exports/<resource>` with the same filters and sort as the list on screen (no paging:
 * the export holds every matching row) and saves the .xlsx it answers; a long list answers 202
 * with a job instead, followed in a notification until its file can be downloaded.
 */
export async function exportList(resource: string, filters: CrudFilter[] = [], sorters: CrudSort[] = []): Promise<void> {
  const query = { ...filtersToQuery(filters), ...sortersToQuery(sorters) };
  const response = await apiFetch(`exports/${resource}`, { query, headers: { Accept: "*/*" } });
  if (response.status === 202) {
    followJob(((await response.json()) as ExportJobAnswer).job);
    return;
  }
  await saveDownload(response, `${resource}.xlsx`);
}
