import { useCallback, useEffect, useState } from "react";
import { useSubscription, type LiveEvent } from "@refinedev/core";
import { api } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import type { FolderState } from "../../../../../backend/src/modules/projects/services/project-folders/project-folders.shared";
import { projectFoldersPath } from "../../../../../backend/src/modules/projects/services/project-folders/project-folders.shared";
import { projectDocumentsPath } from "../../../../../backend/src/modules/projects/services/project-documents/project-documents.shared";

export interface FolderRow {
  id: number;
  projectId: string;
  name: string;
  status: FolderState;
  reason: string | null;
  decidedAt: string | null;
  updatedAt: string;
}

export interface DocumentRow {
  id: number;
  projectId: string;
  folderId: number;
  name: string;
  description: string | null;
  effectiveDate: string | null;
  effectiveUntil: string | null;
  uploadedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A project's folders and their documents as the caller reads them; `reload` after a change.
 * Another user's folder, decision, upload or removal on this project shows here too (live).
 */
export function useProjectDocuments(projectId: string) {
  const [folders, setFolders] = useState<FolderRow[]>([]);
  const [documents, setDocuments] = useState<DocumentRow[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    try {
      const [folderPage, documentPage] = await Promise.all([
        api<{ data: FolderRow[] }>(projectFoldersPath, { query: { projectId, $limit: 500 } }),
        api<{ data: DocumentRow[] }>(projectDocumentsPath, { query: { projectId } }),
      ]);
      setFolders(folderPage.data);
      setDocuments(documentPage.data);
    } catch (error) {
      notifyError("project-documents.find", error);
    } finally {
      setLoading(false);
    }
  }, [projectId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const onLiveEvent = (event: LiveEvent) => {
    if (String(event.payload.record?.projectId ?? "") === projectId) void reload();
  };
  useSubscription({ channel: `resources/${projectFoldersPath}`, types: ["*"], onLiveEvent });
  useSubscription({ channel: `resources/${projectDocumentsPath}`, types: ["*"], onLiveEvent });
  return { folders, documents, loading, reload };
}
