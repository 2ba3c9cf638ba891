import { Edit } from "@refinedev/antd";
import { SiteForm } from "../../components/sites/SiteForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";

export function SiteEdit() {
  const { formProps, saveButtonProps, query } = useVersionedForm();
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      <SiteForm formProps={formProps} />
    </Edit>
  );
}
