import { api } from "../../../../providers/api";

/** A custom method of a green fit-out service (start, hold, approve, updatePoints...): POST with X-Service-Method, named for the audit. */
export function greenCall<T = Record<string, any>>(path: string, method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>(path, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${path}.${method}` });
}

export interface GreenFitout {
  [field: string]: unknown;
  id: number;
  projectId: number;
  status: "DRAFT" | "UNDER_REVIEW" | "COMPLETED" | "CANCEL";
  onHold: boolean;
  complied: boolean;
  recognised: boolean;
  thresholdPoints: number | null;
  totalPoints?: number;
  sentAt: string | null;
  updatedAt: string;
}

export interface GreenFolder {
  [field: string]: unknown;
  id: number;
  projectId: number;
  greenFitoutId: number;
  category: string;
  title: string;
  status: "DRAFT" | "COMPLETED" | "ACCEPTED" | "REJECTED";
  pointsClaimed?: number;
  pointsAwarded?: number | null;
  reason: string;
  tenancyId: number;
  accountUserIds: number[];
  region: string;
  updatedAt: string;
}

export const statusColour: Record<string, string> = {
  DRAFT: "default",
  UNDER_REVIEW: "processing",
  COMPLETED: "blue",
  CANCEL: "default",
  ACCEPTED: "green",
  REJECTED: "red",
};
