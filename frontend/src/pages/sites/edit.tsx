import { Edit } from "../../components/crud";
import { SiteForm } from "../../components/sites/SiteForm";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { EditConflictView, codeLabels, recordNames } from "../../components/settings/EditConflictView";
import { siteErrorNotification } from "../../components/sites/siteErrors";

export function SiteEdit() {
  const { t } = useTranslation("sites");
  const { formProps, saveButtonProps, query, form, conflict } = useVersionedForm({ errorNotification: siteErrorNotification });
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <EditConflictView conflict={conflict} form={form} ns="sites" display={{ type: codeLabels(t, "types"), buildingIds: recordNames("buildings") }} />
      <SiteForm formProps={formProps} />
    </Edit>
  );
}
