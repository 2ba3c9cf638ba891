import { useEffect, useRef } from "react";
import { useDataProvider, useSubscription, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../../providers/session";
import { regionDay } from "../../../components/format";
import { tenantSubmissionsPath } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submissions.shared";
import { reviewSteps, type ReviewStep } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";

/** The states a reviewer holds the ball in, by step (the workflow's own table). */
export const reviewStatusOf = Object.fromEntries(Object.entries(reviewSteps).map(([status, step]) => [step, status])) as Record<ReviewStep, string>;
export const reviewStatuses = Object.keys(reviewSteps);

/** The chart's bars in the batch's order of life: the three review steps and the tenant's update between CP and technical. */
export const chartSteps = [
  { key: "design", status: reviewStatusOf.design, clock: true },
  { key: "cp", status: reviewStatusOf.cp, clock: true },
  { key: "update", status: "UPDATE_PENDING", clock: false },
  { key: "technical", status: reviewStatusOf.technical, clock: true },
] as const;

export interface StepCount {
  step: (typeof chartSteps)[number]["key"];
  clock: boolean;
  total: number;
  overdue: number;
  onTime: number;
}

/** The largest page the service answers (kit/query.ts MAX_PAGE). */
const PAGE = 100;

/** At most this many open batches are grouped by reviewer in the browser (pages of the service's largest). */
export const GROUPED_LIMIT = 500;

/** Reads again shortly after the last of a burst of batch events (one review moves one batch, a reassign another). */
function useBatchEvents(refetch: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useSubscription({
    channel: `resources/${tenantSubmissionsPath}`,
    types: ["*"],
    onLiveEvent: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(refetch, 300);
    },
  });
}

/**
 * The open batches per step, and how many of them are overdue (their due day before the region's
 * today, as the batch's clock reads it): counts only, `$limit: 0` per figure, no row loaded.
 */
export function useStepCounts() {
  const region = useSession((s) => s.region);
  const dataProvider = useDataProvider();
  const today = regionDay(new Date());
  const query = useQuery({
    queryKey: [tenantSubmissionsPath, "review-dashboard", "counts", region, today],
    queryFn: async (): Promise<StepCount[]> => {
      const count = async (filters: CrudFilter[]) =>
        (await dataProvider().getList({ resource: tenantSubmissionsPath, filters, pagination: { mode: "off" }, meta: { query: { $limit: 0 } } })).total;
      return Promise.all(
        chartSteps.map(async ({ key, status, clock }) => {
          const inStep: CrudFilter = { field: "status", operator: "eq", value: status };
          const [total, overdue] = await Promise.all([count([inStep]), clock ? count([inStep, { field: "dueDate", operator: "lt", value: today }]) : 0]);
          return { step: key, clock, total, overdue, onTime: total - overdue };
        }),
      );
    },
  });
  useBatchEvents(() => void query.refetch());
  return query;
}

/**
 * The batches in review (of one step, or all), the nearest due first, read in pages of the
 * service's largest up to GROUPED_LIMIT; `total` says how many there are in all.
 */
export function useBatchesInReview(step: ReviewStep | "all") {
  const region = useSession((s) => s.region);
  const dataProvider = useDataProvider();
  const query = useQuery({
    queryKey: [tenantSubmissionsPath, "review-dashboard", "in-review", region, step],
    queryFn: async () => {
      const filters: CrudFilter[] = [{ field: "status", operator: "in", value: step === "all" ? reviewStatuses : [reviewStatusOf[step]] }];
      const rows: BaseRecord[] = [];
      let total = 0;
      for (let page = 1; rows.length < GROUPED_LIMIT; page++) {
        const answer = await dataProvider().getList({
          resource: tenantSubmissionsPath,
          filters,
          sorters: [
            { field: "dueDate", order: "asc" },
            { field: "id", order: "asc" },
          ],
          pagination: { currentPage: page, pageSize: PAGE },
        });
        rows.push(...answer.data);
        total = answer.total;
        if (answer.data.length < PAGE || rows.length >= total) break;
      }
      return { rows: rows.slice(0, GROUPED_LIMIT), total };
    },
  });
  useBatchEvents(() => void query.refetch());
  return query;
}
