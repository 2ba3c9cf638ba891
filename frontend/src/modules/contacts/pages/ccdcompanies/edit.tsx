import { Edit } from "../../../../components/crud";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { EditConflictView, codeLabels, recordNames } from "../../../../components/settings/EditConflictView";
import { CompanyFields } from "../../components/CompanyFields";

/** Edit a company (spec §2 /companies/edit/{id}); its contacts are edited on their own screens. */
export function CcdCompanyEdit() {
  const { t } = useTranslation("ccdcompanies");
  const { formProps, saveButtonProps, form, query, conflict } = useVersionedForm({ redirect: "show" });
  return (
    <Edit saveButtonProps={saveButtonProps} isLoading={query?.isLoading} title={t("titles.edit")}>
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="ccdcompanies"
        display={{ type: codeLabels(t, "types"), status: codeLabels(t, "status"), parentCompanyId: recordNames("companies") }}
      />
      <Form {...formProps} layout="vertical" validateTrigger="onBlur" scrollToFirstError>
        <CompanyFields form={form} />
      </Form>
    </Edit>
  );
}
