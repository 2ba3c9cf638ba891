import { useState } from "react";
import { Alert, Card, Form, Input, Select, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Create } from "../../../../components/crud";
import { RadioGroup } from "../../../../components/RadioGroup";
import { api } from "../../../../providers/api";
import { formatMoney } from "../../../../components/format";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { PoAttachmentField } from "../../documents/PoAttachmentField";
import type { ProjectMeta } from "../../../../../../backend/src/modules/projects/services/project-meta/project-meta.shared";

interface CreateValues {
  numberType: "PO" | "CONTRACT";
  purchaseId?: number;
  type?: string;
  projectLocation?: string;
  poAttachmentId?: number | null;
}

/**
 * A new project (spec §8 POST projects, project-meta): the purchase order or contract of an
 * awarded tender it starts from, found by its number (each contract revision listed, the latest
 * marked), then its type and location; the vendor, site and money come from that record.
 */
export function ProjectCreate() {
  const { t } = useTranslation("projects");
  const { t: td } = useTranslation("project-documents");
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const numberType = Form.useWatch("numberType", form) ?? "PO";
  const [search, setSearch] = useState("");
  const [saving, setSaving] = useState(false);
  const meta = useQuery({
    queryKey: ["project-meta", numberType, search],
    queryFn: () => api<ProjectMeta[]>("project-meta", { query: { numberType, search } }),
    enabled: search.trim().length >= 2,
  });
  const options = (meta.data ?? []).map((row) => ({
    value: row.id,
    disabled: !row.isAwarded || row.isUsed,
    label: [
      row.number,
      row.revisionNum != null
        ? t("fields.revisionShort", { n: row.revisionNum }) + (row.revisionNum === row.latestRevision ? ` ${t("create.latest")}` : "")
        : null,
      formatMoney(row.amount, row.currency),
      row.isUsed ? t("create.used") : !row.isAwarded ? t("create.notAwarded") : null,
    ]
      .filter(Boolean)
      .join(" · "),
  }));
  const save = async (values: CreateValues) => {
    setSaving(true);
    try {
      const created = await api<{ id: string }>("projects", {
        method: "POST",
        action: "projects.create",
        body: {
          numberType: values.numberType,
          ...(values.numberType === "PO" ? { purchaseOrderId: values.purchaseId } : { contractId: values.purchaseId }),
          ...(values.type?.trim() ? { type: values.type.trim() } : {}),
          ...(values.projectLocation?.trim() ? { projectLocation: values.projectLocation.trim() } : {}),
          ...(values.poAttachmentId ? { poAttachmentId: values.poAttachmentId } : {}),
        },
      });
      notifySuccess(t("done.created"));
      navigate(`/projects/${created.id}`);
    } catch (error) {
      notifyError("projects.create", error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Create title={t("titles.create")} saveButtonProps={{ loading: saving, onClick: () => form.submit(), "data-testid": "project-save" } as never}>
      <Card>
        <Typography.Paragraph type="secondary">{t("create.help")}</Typography.Paragraph>
        <Form<CreateValues> form={form} layout="vertical" validateTrigger="onBlur" initialValues={{ numberType: "PO" }} onFinish={save}>
          <Form.Item name="numberType" label={t("fields.numberType")} rules={[{ required: true }]}>
            <RadioGroup
              onChange={() => form.setFieldValue("purchaseId", undefined)}
              options={[
                { value: "PO", label: t("numberTypes.PO") },
                { value: "CONTRACT", label: t("numberTypes.CONTRACT") },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="purchaseId"
            label={t("fields.number")}
            rules={[{ required: true, message: t("rules.numberRequired") }]}
            validateTrigger={["onBlur", "onChange"]}
          >
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={meta.isFetching}
              options={options}
              placeholder={t("create.searchNumber")}
              notFoundContent={search.trim().length >= 2 ? t("create.noNumber") : t("create.typeMore")}
              data-testid="number-select"
            />
          </Form.Item>
          {meta.isError && <Alert type="error" showIcon message={t("create.lookupFailed")} style={{ marginBottom: 16 }} />}
          <Form.Item name="type" label={t("fields.type")} rules={[{ max: 64 }]}>
            <Input data-testid="type-input" />
          </Form.Item>
          <Form.Item name="projectLocation" label={t("fields.projectLocation")} rules={[{ max: 500 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="poAttachmentId" label={td("poAttachment.label")}>
            <PoAttachmentField />
          </Form.Item>
        </Form>
      </Card>
    </Create>
  );
}
