import { useEffect, useRef } from "react";
import { Edit } from "../../../../components/crud";
import { Form, Modal } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useVersionedForm } from "../../../../components/settings/useVersionedForm";
import { TenancyForm, toFormValues, toPayload, type TenancyFormValues } from "../../components/TenancyForm";

/**
 * Edit a tenancy record (spec /tenancies/edit/{id}). The version read goes with the save (410
 * when someone else saved meanwhile); a new company name is confirmed first (spec §5), and the
 * server asks for that confirmation too (428).
 */
export function TenancyEdit() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const { formProps, saveButtonProps, form, query } = useVersionedForm<Record<string, any>>({ resource: "tenancies", action: "edit", id, redirect: "show" });
  const record = query?.data?.data;
  const loaded = useRef(false);
  useEffect(() => {
    if (record && !loaded.current) {
      loaded.current = true;
      form.setFieldsValue(toFormValues(record));
    }
  }, [record, form]);

  const save = (values: TenancyFormValues) => {
    const payload = toPayload(values, "edit");
    const renamed = typeof payload.companyName === "string" && payload.companyName.trim() !== record?.companyName;
    if (!renamed) {
      delete payload.companyName;
      return formProps.onFinish?.(payload);
    }
    Modal.confirm({
      title: t("confirm.companyNameTitle"),
      content: t("confirm.companyName", { from: record?.companyName, to: String(payload.companyName).trim() }),
      okText: t("actions.confirm"),
      cancelText: t("actions.cancel"),
      onOk: () => formProps.onFinish?.({ ...payload, confirmCompanyName: true }),
    });
  };

  return (
    <Edit title={t("titles.edit")} saveButtonProps={saveButtonProps} isLoading={!record}>
      <Form {...formProps} initialValues={record ? toFormValues(record) : undefined} layout="vertical" onFinish={(values) => save(values as TenancyFormValues)}>
        <TenancyForm form={form} mode="edit" />
      </Form>
    </Edit>
  );
}
