import type { BaseRecord } from "@refinedev/core";
import { downloadDocument } from "../DocumentButton";

export const QUERY_COLORS: Record<string, string> = { DRAFT: "default", ISSUED: "processing", SUBMITTED: "success", NO_RESPONSE: "error" };

/** The latest issued (not draft) query of a bid: the one its display status speaks of (spec §4). */
export const latestQuery = (queries: readonly BaseRecord[], bidId: unknown) =>
  queries.filter((query) => query.bidId === bidId && query.status !== "DRAFT").sort((a, b) => Number(b.order) - Number(a.order))[0];

/** Downloads a query as a PDF (documents service, the reader's language). */
export const downloadQuery = (query: BaseRecord, prNumber: string) => downloadDocument("tender-query", query.id as number, prNumber);
