import { Create } from "../../../../components/crud";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { ContactFields } from "../../components/ContactFields";
import { DuplicateWarning } from "../../components/DuplicateWarning";
import { usePortalBase } from "../../components/portal";

/** A new contact (spec §2 /ccdcontacts/create): possible duplicates are shown before saving. */
export function CcdContactCreate() {
  const { t } = useTranslation("ccdcontacts");
  const base = usePortalBase();
  const [params] = useSearchParams();
  const { formProps, saveButtonProps, form } = useVersionedForm({ redirect: "show" });
  const values = Form.useWatch((all) => all, form) ?? {};
  const companyId = Number(params.get("companyId")) || undefined;
  return (
    <Create saveButtonProps={saveButtonProps} title={t("titles.create")}>
      <Form
        {...formProps}
        layout="vertical"
        validateTrigger="onBlur"
        scrollToFirstError
        initialValues={{
          status: "ACTIVE",
          companyId,
          channels: [
            { kind: "PHONE", type: "OFFICE", value: "" },
            { kind: "EMAIL", type: "WORK", value: "" },
          ],
        }}
      >
        <DuplicateWarning probe={values} base={base} />
        <ContactFields form={form} withCompany={base === ""} />
      </Form>
    </Create>
  );
}
