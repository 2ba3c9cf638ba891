import type { BaseKey, BaseRecord, CrudFilter, CrudSort, DataProvider, LogicalFilter, MetaQuery, Pagination } from "@refinedev/core";
import { api, apiBase, isApiError, type Query } from "./api";
import { catalogueMessage, clearFailure, rememberFailure } from "./notifications";

export interface Paged<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}

/** Feathers answers a list either paged or as a plain array (paging disabled on that service). */
export function unpage<T>(result: Paged<T> | T[]): { data: T[]; total: number } {
  return Array.isArray(result) ? { data: result, total: result.length } : { data: result.data, total: result.total };
}

const isEmpty = (value: unknown) => value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Refine filters → a Feathers query object. Empty form values are dropped, not sent as blanks. */
export function filtersToQuery(filters: CrudFilter[] = []): Query {
  const query: Query = {};
  const setOp = (field: string, op: string, value: unknown) => {
    const current = query[field];
    const base = current !== null && typeof current === "object" && !Array.isArray(current) ? current : {};
    query[field] = { ...(base as Query), [op]: value };
  };
  for (const filter of filters) {
    if (filter.operator === "or" || filter.operator === "and") {
      // An "and" inside an "or" is one clause: its fields together (Feathers' $or takes objects).
      const clauses = filter.value
        .map((inner) => (filter.operator === "or" && inner.operator === "and" ? filtersToQuery(inner.value) : filtersToQuery([inner])))
        .filter((q) => Object.keys(q).length);
      if (clauses.length) query[filter.operator === "or" ? "$or" : "$and"] = clauses;
      continue;
    }
    const { field, operator, value } = filter as LogicalFilter;
    if (operator !== "null" && operator !== "nnull" && isEmpty(value)) continue;
    switch (operator) {
      case "eq":
      case "eqs":
        query[field] = value;
        break;
      case "ne":
      case "nes":
      case "lt":
      case "gt":
      case "lte":
      case "gte":
      case "in":
      case "nin":
        setOp(field, `$${operator.replace(/s$/, "")}`, value);
        break;
      case "contains":
        setOp(field, "$ilike", `%${escapeLike(String(value))}%`);
        break;
      case "containss":
        setOp(field, "$like", `%${escapeLike(String(value))}%`);
        break;
      case "startswith":
        setOp(field, "$ilike", `${escapeLike(String(value))}%`);
        break;
      case "endswith":
        setOp(field, "$ilike", `%${escapeLike(String(value))}`);
        break;
      case "between":
        if (Array.isArray(value)) {
          if (!isEmpty(value[0])) setOp(field, "$gte", value[0]);
          if (!isEmpty(value[1])) setOp(field, "$lte", value[1]);
        }
        break;
      case "null":
        query[field] = null;
        break;
      case "nnull":
        setOp(field, "$ne", null);
        break;
      default:
        // Operators without a Feathers counterpart would silently widen the result; refuse them.
        throw new Error(`Filter operator "${operator}" is not supported`);
    }
  }
  return query;
}

export function sortersToQuery(sorters: CrudSort[] = []): Query {
  if (!sorters.length) return {};
  return { $sort: Object.fromEntries(sorters.map((s) => [s.field, s.order === "desc" ? -1 : 1])) };
}

export function paginationToQuery(pagination?: Pagination): Query {
  if (pagination?.mode === "off" || pagination?.mode === "client") return {};
  const pageSize = pagination?.pageSize ?? 25;
  const currentPage = pagination?.currentPage ?? 1;
  return { $limit: pageSize, $skip: (currentPage - 1) * pageSize };
}

/** The full list query a screen is showing; ListToolbar's export sends the same one. */
export function listQuery(filters?: CrudFilter[], sorters?: CrudSort[], pagination?: Pagination): Query {
  return { ...filtersToQuery(filters), ...sortersToQuery(sorters), ...paginationToQuery(pagination) };
}

/**
 * The `updatedAt` each record had when a screen read it with getOne, so an edit sends the version
 * it was based on and a concurrent change answers 410 instead of being overwritten.
 */
const versionsRead = new Map<string, unknown>();
const versionKey = (resource: string, id: BaseKey) => `${resource}/${id}`;

function remember(resource: string, record: BaseRecord | undefined) {
  if (record?.id !== undefined && record.updatedAt !== undefined) versionsRead.set(versionKey(resource, record.id), record.updatedAt);
}

/** Audit action name: `meta.action` wins, otherwise `<resource>.<verb>`. */
const actionName = (resource: string, verb: string, meta?: MetaQuery) => (meta?.action as string | undefined) ?? `${resource}.${verb}`;

/**
 * Errors carry the one catalogue message (operation + code + status) so Refine's toasts show it
 * under their title (common:notifications.*, what the user tried), and nothing else.
 */
async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    clearFailure(operation);
    return result;
  } catch (error) {
    if (isApiError(error)) {
      error.message = catalogueMessage(operation, error);
      rememberFailure(operation, error.message);
    }
    throw error;
  }
}

const regionOf = (meta?: MetaQuery) => meta?.region as string | undefined;
const path = (resource: string, id?: BaseKey) => (id === undefined ? resource : `${resource}/${encodeURIComponent(String(id))}`);

export const dataProvider: DataProvider = {
  getApiUrl: () => apiBase(),

  getList: async ({ resource, pagination, sorters, filters, meta }) =>
    call(`${resource}.find`, async () => {
      const query = { ...listQuery(filters, sorters, pagination), ...(meta?.query as Query | undefined) };
      const result = await api<Paged<never> | never[]>(path(resource), { query, region: regionOf(meta) });
      return unpage(result);
    }),

  getMany: async ({ resource, ids, meta }) =>
    call(`${resource}.find`, async () => {
      const query = { id: { $in: ids }, $limit: ids.length };
      return { data: unpage(await api<Paged<never> | never[]>(path(resource), { query, region: regionOf(meta) })).data };
    }),

  getOne: async ({ resource, id, meta }) =>
    call(`${resource}.get`, async () => {
      const data = await api<BaseRecord>(path(resource, id), { query: meta?.query as Query | undefined, region: regionOf(meta) });
      remember(resource, data);
      return { data: data as never };
    }),

  create: async ({ resource, variables, meta }) =>
    call(`${resource}.create`, async () => {
      const data = await api<BaseRecord>(path(resource), {
        method: "POST",
        body: variables,
        action: actionName(resource, "create", meta),
        region: regionOf(meta),
      });
      remember(resource, data);
      return { data: data as never };
    }),

  update: async ({ resource, id, variables, meta }) =>
    call(`${resource}.update`, async () => {
      const body = { ...(variables as Record<string, unknown>) };
      // The version the screen read; the form itself rarely carries updatedAt.
      body.updatedAt ??= (meta?.updatedAt as unknown) ?? versionsRead.get(versionKey(resource, id));
      const data = await api<BaseRecord>(path(resource, id), {
        method: "PATCH",
        body,
        action: actionName(resource, "update", meta),
        region: regionOf(meta),
      });
      remember(resource, data);
      return { data: data as never };
    }),

  deleteOne: async ({ resource, id, meta }) =>
    call(`${resource}.delete`, async () => {
      const data = await api<BaseRecord>(path(resource, id), {
        method: "DELETE",
        action: actionName(resource, "delete", meta),
        region: regionOf(meta),
      });
      versionsRead.delete(versionKey(resource, id));
      return { data: data as never };
    }),

  /**
   * Workflow calls and anything else: `url` is relative to the API base (`buildings/3/lock`) or
   * already absolute. `meta.action` names the write for the audit log.
   */
  custom: async ({ url, method, filters, sorters, payload, query, headers, meta }) =>
    call((meta?.operation as string | undefined) ?? (meta?.action as string | undefined) ?? "custom", async () => {
      const upper = method.toUpperCase() as "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
      const data = await api<BaseRecord>(url, {
        method: upper,
        query: { ...filtersToQuery(filters), ...sortersToQuery(sorters), ...(query as Query | undefined) },
        body: payload,
        headers: headers as Record<string, string> | undefined,
        action: upper === "GET" ? undefined : ((meta?.action as string | undefined) ?? `custom.${upper.toLowerCase()}`),
        region: regionOf(meta),
      });
      return { data: data as never };
    }),
};
