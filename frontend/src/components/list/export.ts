import type { CrudFilter, CrudSort } from "@refinedev/core";
import { downloadFile } from "../../providers/api";
import { filtersToQuery, sortersToQuery } from "../../providers/data-provider";

/**
 * `GET /v1/exports/<resource>` with the same filters and sort as the list on screen (no paging:
 * the export holds every matching row) and saves the .xlsx it answers.
 */
export function exportList(resource: string, filters: CrudFilter[] = [], sorters: CrudSort[] = []): Promise<void> {
  const query = { ...filtersToQuery(filters), ...sortersToQuery(sorters) };
  return downloadFile(`exports/${resource}`, { query }, `${resource}.xlsx`);
}
