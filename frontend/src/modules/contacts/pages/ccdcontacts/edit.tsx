import { Edit } from "../../../../components/crud";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { EditConflictView, codeLabels, recordNames } from "../../../../components/settings/EditConflictView";
import { ContactFields } from "../../components/ContactFields";
import { DuplicateWarning } from "../../components/DuplicateWarning";
import { usePortalBase } from "../../components/portal";
import { useCan } from "@refinedev/core";

/** Edit a contact (spec §2 /ccdcontacts/edit/{id}); the version read goes with the save (410 when stale). */
export function CcdContactEdit() {
  const { t } = useTranslation("ccdcontacts");
  const base = usePortalBase();
  const { formProps, saveButtonProps, form, query, conflict } = useVersionedForm({ redirect: "show" });
  const values = Form.useWatch((all) => all, form) ?? {};
  const { data: merge } = useCan({ resource: "ccdcontacts", action: "merge" });
  const record = query?.data?.data;
  return (
    <Edit
      saveButtonProps={saveButtonProps}
      isLoading={query?.isLoading}
      title={t("titles.edit")}
      deleteButtonProps={{ accessControl: { enabled: true, hideIfUnauthorized: true } }}
    >
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="ccdcontacts"
        display={{
          companyId: recordNames("companies"),
          prefix: codeLabels(t, "prefixes"),
          gender: codeLabels(t, "genders"),
          status: codeLabels(t, "status"),
          roleType: codeLabels(t, "roleTypes"),
        }}
      />
      <Form {...formProps} layout="vertical" validateTrigger="onBlur" scrollToFirstError>
        {record && (
          <DuplicateWarning
            probe={{ ...values, id: record.id, companyId: values.companyId ?? record.companyId }}
            base={base}
            mayMerge={base === "" && Boolean(merge?.can)}
          />
        )}
        <ContactFields form={form} withCompany={base === ""} />
      </Form>
    </Edit>
  );
}
