import { useTranslation } from "react-i18next";
import { RecordUpload } from "../../../components/RecordUpload";
import {
  projectDocumentDescriptionMax,
  projectDocumentsPath,
} from "../../../../../backend/src/modules/projects/services/project-documents/project-documents.shared";

/** Uploads files into a folder, with a description (255 max) and an effective period; checked on blur. */
export function FolderUpload({ projectId, folderId, onUploaded }: { projectId: string; folderId: number; onUploaded: () => void }) {
  const { t } = useTranslation("project-documents");
  return (
    <RecordUpload
      path={projectDocumentsPath}
      action="project-documents.create"
      place="projects"
      record={{ projectId, folderId: String(folderId) }}
      descriptionMax={projectDocumentDescriptionMax}
      onUploaded={onUploaded}
      testId="folder-upload"
      texts={{
        description: t("documents.description"),
        descriptionInvalid: t("documents.descriptionTooLong", { max: projectDocumentDescriptionMax }),
        effectiveDate: t("documents.effectiveDate"),
        effectiveUntil: t("documents.effectiveUntil"),
        pickDate: t("documents.pickDate"),
        openEnd: t("documents.openEnd"),
        periodInvalid: t("documents.periodInvalid"),
        file: t("documents.name"),
        fileRequired: t("documents.fileRequired"),
        choose: t("documents.choose"),
        upload: t("documents.upload"),
        uploaded: (count) => t("documents.uploaded", { count }),
      }}
    />
  );
}
