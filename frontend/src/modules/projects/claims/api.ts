import { api } from "../../../providers/api";
import { useSession } from "../../../providers/session";
import { currentAbility } from "../../../providers/access-control";
import { portalOf } from "../../../config/portals";
import { formatAmount, fromCents } from "../../../../../backend/src/format/format.shared";
import { parseCents } from "../../../../../backend/src/format/money.shared";
import type { ClaimActor, ClaimHistoryEntry, SubmissionFacts, SubmissionState } from "../../../../../backend/src/modules/projects/claims/submission.workflow";
import type { claimVersionChanges } from "../../../../../backend/src/modules/projects/claims/claim-versions.shared";
import type { ClaimFigures } from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import type { G702Figures } from "../../../../../backend/src/modules/projects/claims/g702.shared";
import type { ClaimLine, ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import type { ChangeOrderLine } from "../../../../../backend/src/modules/projects/services/project-change-orders/project-change-orders.shared";
import type {
  ChangeOrderAction,
  ChangeOrderState,
} from "../../../../../backend/src/modules/projects/services/project-change-orders/project-change-order.workflow";

/** The claims service (contract: `project-submissions`, amounts in integer cents). */
export const SUBMISSIONS = "project-submissions";
export const SCHEDULE_LINES = "project-schedule-lines";

/** A payment claim as the service answers it. */
export interface Submission {
  id: string;
  projectId: string;
  order: number;
  status: SubmissionState;
  version: number;
  completionType: string | null;
  invoiceNumber: string | null;
  invoiceAmountCents: number | null;
  invoiceDate: string | null;
  completionAmountCents: number | null;
  previousAmountCents: number | null;
  remainingBalanceCents: number | null;
  deductionAmountCents: number | null;
  retentionAmountCents: number | null;
  retainageReleasedCents?: number | null;
  releaseOverrideReason?: string | null;
  lines?: ClaimLine[] | null;
  actionHistory?: ClaimHistoryEntry[] | null;
  rejectReason?: string | null;
  inspectorId?: number | null;
  /** The inspector's name (full reads). */
  inspectorName?: string | null;
  updatedAt: string;
  figures?: ClaimFigures;
  ledger?: G702Figures | null;
  /** The ledger's invariant check (the server's): any failure blocks approval. */
  ledgerFailures?: { code: string; item?: string; figure?: string }[];
  decision?: "ACCEPTED" | "REJECTED" | null;
  /** Each submitted version; `decision` once staff accepted or rejected it (its certificate can then be downloaded). */
  versions?: { version: number; submittedAt: string; pdfSha256: string | null; decision?: "ACCEPTED" | "REJECTED" | null; decidedAt?: string | null }[];
}

export type ScheduleRow = ScheduleLine & { id?: number; position?: number };

/** "Compare with previous": version n of the claim with what changed from version n − 1 (the versions service). */
export async function versionChanges(claimId: string, version: number): Promise<ReturnType<typeof claimVersionChanges> | null> {
  const page = await api<{ data: { version: number; changes: ReturnType<typeof claimVersionChanges> | null }[] }>("project-submission-versions", {
    query: { submissionId: claimId, compare: version },
  });
  return page.data[0]?.changes ?? null;
}

/** The address of a version's PDF (the documents service, as the tender PDFs: claim-document.shared.ts of the claims' documents). */
export const claimPdfUrl = (claimId: string, version: number) => `documents/projectSubmission/${encodeURIComponent(claimId)}?version=${version}`;

/** The workflow actor of the signed-in user, as the server's runner builds it. */
export function useClaimActor(): ClaimActor | null {
  // Subscribed to the rules so that the buttons are drawn anew when they change.
  useSession((s) => s.rules);
  const user = useSession((s) => s.user);
  if (!user) return null;
  return { id: user.id, portal: portalOf(user), companyId: user.companyId ?? null, ability: currentAbility() };
}

/** The facts the claim workflow's guards read, from the claim and its project. */
export function claimFacts(claim: Pick<Submission, "status">, project: Record<string, any>, rejectReason?: string): SubmissionFacts {
  return { status: claim.status, vendorId: project.companyId ?? null, managedBy: project.managedBy ?? null, projectStatus: project.status, rejectReason };
}

/** Cents as the spec shows amounts: "1,234.56"; '' for none. */
export const amountText = (cents: number | null | undefined) => (cents === null || cents === undefined ? "" : formatAmount(fromCents(cents)));

/** What an amount input holds, as integer cents: null when blank, NaN when no amount of at most 2 decimals. */
export function inputCents(value: unknown): number | null {
  if (value === null || value === undefined || String(value).trim() === "") return null;
  const cents = parseCents(String(value).replace(/,/g, "").trim());
  return cents === null ? Number.NaN : Number(cents);
}

/** Cents as an amount input's value. */
export const centsInput = (cents: number | null | undefined) => (cents === null || cents === undefined ? undefined : Number(fromCents(cents)));

/** The change orders service (issue 27 item 3; amounts in integer cents). */
export const CHANGE_ORDERS = "project-change-orders";

/** A change order as the service answers it: `actions` are the workflow moves open to the caller, `editable` whether they may change the draft. */
export interface ChangeOrder {
  id: number;
  projectId: string;
  number: number;
  numberText: string;
  date: string;
  reason: string;
  lines: ChangeOrderLine[];
  netChangeCents: number;
  status: ChangeOrderState;
  rejectReason?: string | null;
  decidedAt?: string | null;
  updatedAt: string;
  actions: ChangeOrderAction[];
  editable: boolean;
}

/** A change order's workflow move (submit, approve, reject), with the updatedAt it read. */
/** Deletes a draft change order (its preparers; 409 once submitted). */
export function removeChangeOrder(changeOrder: Pick<ChangeOrder, "id">): Promise<ChangeOrder> {
  return api<ChangeOrder>(`${CHANGE_ORDERS}/${encodeURIComponent(changeOrder.id)}`, { method: "DELETE", action: `${CHANGE_ORDERS}.remove` });
}

export function moveChangeOrder(
  changeOrder: Pick<ChangeOrder, "id" | "updatedAt">,
  action: ChangeOrderAction,
  extra: Record<string, unknown> = {},
): Promise<ChangeOrder> {
  return api<ChangeOrder>(CHANGE_ORDERS, {
    method: "POST",
    action: `${CHANGE_ORDERS}.${action}`,
    headers: { "x-service-method": action },
    body: { id: changeOrder.id, updatedAt: changeOrder.updatedAt, ...extra },
  });
}

/** A new change order, or the fields of a draft. */
export function saveChangeOrder(
  changeOrder: Pick<ChangeOrder, "id" | "updatedAt"> | null,
  fields: { projectId: string; date: string; reason: string; lines: ChangeOrderLine[] },
): Promise<ChangeOrder> {
  if (!changeOrder) return api<ChangeOrder>(CHANGE_ORDERS, { method: "POST", action: `${CHANGE_ORDERS}.create`, body: fields });
  const { projectId: _projectId, ...patch } = fields;
  return api<ChangeOrder>(`${CHANGE_ORDERS}/${changeOrder.id}`, {
    method: "PATCH",
    action: `${CHANGE_ORDERS}.patch`,
    body: { ...patch, updatedAt: changeOrder.updatedAt },
  });
}
