import { Create } from "../../components/crud";
import { SiteForm } from "../../components/sites/SiteForm";
import { useVersionedForm } from "../../components/settings/useVersionedForm";
import { siteErrorNotification } from "../../components/sites/siteErrors";

export function SiteCreate() {
  const { formProps, saveButtonProps } = useVersionedForm({ errorNotification: siteErrorNotification });
  return (
    <Create saveButtonProps={saveButtonProps}>
      <SiteForm formProps={{ ...formProps, initialValues: { type: "PHYSICAL", buildingIds: [], ...formProps.initialValues } }} />
    </Create>
  );
}
