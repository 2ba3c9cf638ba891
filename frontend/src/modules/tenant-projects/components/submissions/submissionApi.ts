import { api } from "../../../../providers/api";

/** A custom method of a review service (send, review, answer...): POST with X-Service-Method, named for the audit. */
export function reviewCall<T = Record<string, any>>(path: string, method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>(path, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${path}.${method}` });
}

export interface Batch {
  id: number;
  projectId: number;
  order: number;
  batchNumber: number;
  status: string;
  designManagerId: number | null;
  cpReviewerId: number | null;
  techManagerId: number | null;
  designOutcome: string | null;
  cpOutcome: string | null;
  techOutcome: string | null;
  sentAt: string | null;
  completedDate: string | null;
  statusReason: string | null;
  ball: { side: "tenant" | "none" } | { side: "reviewer"; step: "design" | "cp" | "technical"; reviewerId: number | null };
  clock: { dueDate: string; daysLeft: number; overdue: boolean } | null;
  pinned: boolean;
  reviewerNames: Record<number, string>;
  updatedAt: string;
}

export interface Comment {
  id: number;
  submissionId: number;
  batchOrder: number;
  type: "DESIGN" | "TECH";
  section: number;
  item: number;
  label: string;
  text: string;
  status: "OPEN" | "ANSWERED" | "NA" | "CLOSED" | "DELETED";
  answer: string | null;
  answeredOrder: number | null;
  sentAt: string | null;
  guidelineId: number | null;
  updatedAt: string;
}
