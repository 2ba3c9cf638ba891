import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Checkbox, Form, Input, Popconfirm, Select, Space, Table, Tag, Upload, type UploadFile } from "antd";
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../../providers/api";
import { formatDateTime } from "../../../../components/format";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import {
  submissionDocTypes,
  submissionLimits,
  tenantSubmissionFilesPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submissions.shared";

interface FileRow {
  id: number;
  name: string;
  size: number;
  docType: string;
  description: string;
  isDesign: boolean;
  isTechnical: boolean;
  isNa: boolean;
  submitted: boolean;
  submittedDate: string | null;
  updatedAt: string;
}

/**
 * A batch's files with the spec's metadata (submitted, N/A, design, technical, submitted date);
 * while the batch awaits them, the project's people add files (a type must be chosen: checked on
 * leaving the field) and remove unsent ones; a sent file is frozen.
 */
export function BatchFiles({ batchId, filing }: { batchId: number; filing: boolean }) {
  const { t } = useTranslation("submissions");
  const [form] = Form.useForm();
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const { result, query } = useList<FileRow>({
    resource: tenantSubmissionFilesPath,
    filters: [{ field: "submissionId", operator: "eq", value: String(batchId) }],
    pagination: { mode: "off" },
  });

  const upload = async (values: Record<string, any>) => {
    if (!chosen.length) return notifyError(undefined, new Error(t("files.fileRequired")));
    const body = new FormData();
    body.append("submissionId", String(batchId));
    body.append("docType", values.docType);
    body.append("isDesign", String(values.types.includes("design")));
    body.append("isTechnical", String(values.types.includes("technical")));
    body.append("isNa", String(Boolean(values.isNa)));
    if (values.description?.trim()) body.append("description", values.description.trim());
    for (const file of chosen) body.append("files", file.originFileObj as Blob, file.name);
    setBusy(true);
    try {
      await api(tenantSubmissionFilesPath, { method: "POST", body, action: `${tenantSubmissionFilesPath}.create` });
      notifySuccess(t("files.uploaded", { count: chosen.length }));
      setChosen([]);
      form.resetFields();
      await query.refetch();
    } catch (error) {
      notifyError(`${tenantSubmissionFilesPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: FileRow) => {
    try {
      await api(`${tenantSubmissionFilesPath}/${row.id}`, {
        method: "DELETE",
        query: { updatedAt: row.updatedAt },
        action: `${tenantSubmissionFilesPath}.remove`,
      });
      await query.refetch();
    } catch (error) {
      notifyError(`${tenantSubmissionFilesPath}.remove`, error, row.name);
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Table<FileRow>
        size="small"
        rowKey="id"
        scroll={{ x: true }}
        loading={query.isLoading}
        dataSource={result?.data ?? []}
        pagination={false}
        locale={{ emptyText: t("files.none") }}
        data-testid={`batch-files-${batchId}`}
        columns={[
          {
            title: t("files.name"),
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void downloadFile(`${tenantSubmissionFilesPath}/${row.id}/content`, {}, row.name)}
              >
                {row.name}
              </Button>
            ),
          },
          { title: t("files.docType"), dataIndex: "docType", render: (value: string) => t(`docTypes.${value}`) },
          { title: t("files.description"), dataIndex: "description" },
          {
            title: t("files.kind"),
            render: (_, row) => (
              <Space size={2} wrap>
                {row.isDesign && <Tag>{t("files.design")}</Tag>}
                {row.isTechnical && <Tag>{t("files.technical")}</Tag>}
                {row.isNa && <Tag>{t("files.na")}</Tag>}
              </Space>
            ),
          },
          {
            title: t("files.submittedDate"),
            render: (_, row) => (row.submitted ? formatDateTime(row.submittedDate) : <Tag color="gold">{t("files.notSent")}</Tag>),
          },
          {
            title: "",
            render: (_, row) =>
              filing && !row.submitted ? (
                <Popconfirm title={t("files.removeConfirm", { name: row.name })} onConfirm={() => void remove(row)}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("files.remove")} />
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {filing && (
        <Form form={form} layout="inline" onFinish={upload} initialValues={{ docType: "DRAWING", types: ["design"] }} data-testid={`batch-upload-${batchId}`}>
          <Form.Item name="docType" label={t("files.docType")} rules={[{ required: true }]}>
            <Select style={{ minWidth: 150 }} options={submissionDocTypes.map((value) => ({ value, label: t(`docTypes.${value}`) }))} />
          </Form.Item>
          <Form.Item
            name="types"
            label={t("files.kind")}
            validateTrigger="onBlur"
            rules={[{ validator: (_, value: string[]) => (value?.length ? Promise.resolve() : Promise.reject(new Error(t("files.typeRequired")))) }]}
          >
            <Checkbox.Group
              options={[
                { value: "design", label: t("files.design") },
                { value: "technical", label: t("files.technical") },
              ]}
            />
          </Form.Item>
          <Form.Item name="isNa" valuePropName="checked">
            <Checkbox>{t("files.na")}</Checkbox>
          </Form.Item>
          <Form.Item
            name="description"
            label={t("files.description")}
            rules={[{ max: submissionLimits.description, message: t("files.descriptionTooLong", { max: submissionLimits.description }) }]}
            validateTrigger="onBlur"
          >
            <Input style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item>
            <Upload multiple beforeUpload={() => false} fileList={chosen} onChange={({ fileList }) => setChosen(fileList)}>
              <Button icon={<UploadOutlined />}>{t("files.choose")}</Button>
            </Upload>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid={`batch-upload-submit-${batchId}`}>
              {t("files.upload")}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Space>
  );
}
