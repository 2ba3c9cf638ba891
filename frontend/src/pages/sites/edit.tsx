import { Edit } from "../../components/crud";
import { SiteForm } from "../../components/sites/SiteForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { siteErrorNotification } from "../../components/sites/siteErrors";

export function SiteEdit() {
  const { formProps, saveButtonProps, query } = useVersionedForm({ errorNotification: siteErrorNotification });
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <SiteForm formProps={formProps} />
    </Edit>
  );
}
