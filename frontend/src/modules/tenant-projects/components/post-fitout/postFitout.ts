import { api } from "../../../../providers/api";
import { postFitoutSubmissionsPath } from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.shared";
import type { PostFitoutState } from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.workflow";

export interface GuidelineItem {
  id: number;
  itemId: string;
  sectionContent: { order: number; value: string }[];
}

/** A post-fit-out round as the server answers it (staff's notes only to staff). */
export interface PostFitoutRound {
  [field: string]: unknown;
  id: number;
  projectId: number;
  status: PostFitoutState;
  isFinal: boolean;
  remarks: string;
  staffNotes?: string;
  compliedItemIds: string[];
  pendingGuidelines: GuidelineItem[];
  compliedGuidelines: GuidelineItem[];
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A guideline item's heading: its number and first line. */
export const headingOf = (item: GuidelineItem) => `${item.itemId}. ${[...item.sectionContent].sort((a, b) => a.order - b.order)[0]?.value ?? ""}`;

/** The round's write (PATCH), on the version read; a refusal is thrown to the caller, whose form keeps what was typed. */
export const saveRound = (round: PostFitoutRound, changes: Record<string, unknown>) =>
  api<PostFitoutRound>(`${postFitoutSubmissionsPath}/${round.id}`, {
    method: "PATCH",
    body: { ...changes, updatedAt: round.updatedAt },
    action: `${postFitoutSubmissionsPath}.patch`,
  });
