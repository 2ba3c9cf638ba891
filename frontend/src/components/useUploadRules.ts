import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@refinedev/core";
import { Upload } from "antd";
import type { RcFile } from "antd/es/upload";
import { useTranslation } from "react-i18next";
import { api } from "../providers/api";
import { notifyWarning } from "../providers/notifications";
import { useSession } from "../providers/session";
import { acceptOf, uploadLimitsPath, uploadRefusal, type UploadLimits } from "../../../backend/src/services/upload-limits/upload-limits.shared";

/** What one upload place takes beyond the region's settings: fewer files, or its own types (a sheet the screen reads). */
export interface UploadPlace {
  /** The upload place (settings `upload.places`, e.g. "tenders"): its own file rule where the administrator gave one. */
  place?: string;
  maxCount?: number;
  types?: readonly string[];
}

export interface UploadRules {
  /** The limits of this place in the region; undefined until read (the server checks meanwhile). */
  limits?: UploadLimits;
  /** The file input's `accept`, so the picker offers the allowed types first. */
  accept?: string;
  /** Why these files would be refused, in the user's language, naming the limit; undefined when they may go. */
  refusal: (files: readonly { name: string; size: number }[]) => string | undefined;
  /** antd Upload's `beforeUpload` for a place that sends at once: refused files are told and never listed or sent. */
  beforeUpload: (file: RcFile, fileList: RcFile[]) => boolean | typeof Upload.LIST_IGNORE;
  /** `beforeUpload` for a place that sends each file itself: checked as above, then `send` (antd's own request never runs). */
  sendEach: (send: (file: RcFile) => unknown) => (file: RcFile, fileList: RcFile[]) => boolean | typeof Upload.LIST_IGNORE;
}

/**
 * The one check every upload place makes before sending a byte (issue 27 item 15): the region's
 * `upload.maxSizeMb`, `upload.maxCount` and `upload.types` (GET upload-limits), narrowed by the
 * place, told with the same catalogue messages as the server's refusals (errors:code.FILE_*).
 */
export function useUploadRules(place: UploadPlace = {}): UploadRules {
  const { t } = useTranslation(["errors", "files"]);
  const region = useSession((s) => s.region);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: [uploadLimitsPath, region, place.place ?? ""],
    queryFn: () => api<UploadLimits>(uploadLimitsPath, { query: place.place ? { place: place.place } : undefined }),
    staleTime: 60_000,
  });
  // An administrator changed the rules: read them again at once (the server checks meanwhile).
  useSubscription({
    channel: `resources/${uploadLimitsPath}`,
    types: ["*"],
    onLiveEvent: () => void queryClient.invalidateQueries({ queryKey: [uploadLimitsPath] }),
  });
  const limits: UploadLimits | undefined = data && {
    maxSizeMb: data.maxSizeMb,
    maxCount: Math.min(data.maxCount, place.maxCount ?? Number.POSITIVE_INFINITY),
    types: place.types ?? data.types,
  };
  const refusal = (files: readonly { name: string; size: number }[]) => {
    const refused = limits && uploadRefusal(files, limits);
    if (!refused) return undefined;
    // The browser knows how many were chosen; the server's refusal names only the limit.
    if (refused.code === "FILE_COUNT") return t("files:fileCount", { max: refused.max, count: refused.count }) as string;
    return t(`errors:code.${refused.code}`, { ...refused }) as string;
  };
  const beforeUpload = (_file: RcFile, fileList: RcFile[]) => {
    const text = refusal(fileList);
    if (!text) return true;
    notifyWarning(t("files:refused"), text);
    return Upload.LIST_IGNORE;
  };
  return {
    limits,
    accept: limits && acceptOf(limits.types),
    refusal,
    beforeUpload,
    sendEach: (send) => (file, fileList) => {
      const allowed = beforeUpload(file, fileList);
      if (allowed !== true) return allowed;
      void send(file);
      return false;
    },
  };
}
