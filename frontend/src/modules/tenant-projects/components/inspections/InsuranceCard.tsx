import { useState } from "react";
import { useList } from "@refinedev/core";
import { subject } from "@casl/ability";
import { Button, Card, DatePicker, Descriptions, Form, List, Space, Typography, Upload, type UploadFile } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { dateInputFormat, formatDate } from "../../../../components/format";

const day = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

const insuranceFilesPath = "tenant-project-insurance-files";

/**
 * The project's insurance (issue 30 item 5): its period, kept by whoever may update the project,
 * and its certificates; a reminder goes out 30 days before it ends. Checked as each field is left.
 */
export function InsuranceCard({ project, onChanged }: { project: Record<string, any>; onChanged: () => void }) {
  const { t } = useTranslation("inspections");
  const [form] = Form.useForm();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const ability = currentAbility();
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const mayEdit = !closed && ability.can("update", subject("tenant-projects", { ...project }) as any, "insuredUntil");
  const mayFile = !closed && (mayEdit || ability.can("insurance", insuranceFilesPath));
  const { result } = useList<{ id: number; name: string; description: string; createdAt: string }>({
    resource: insuranceFilesPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    pagination: { pageSize: 50 },
    liveMode: "auto",
  });
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(`tenant-projects/${project.id}`, {
        method: "PATCH",
        body: { insuredFrom: day(values.insuredFrom), insuredUntil: day(values.insuredUntil), updatedAt: project.updatedAt },
        action: "tenant-projects.patch",
      });
      setEditing(false);
      notifySuccess(t("insurance.saved"));
      onChanged();
    } catch (error) {
      notifyError("tenant-projects.patch", error);
    } finally {
      setBusy(false);
    }
  };
  const upload = async () => {
    const body = new FormData();
    body.append("projectId", String(project.id));
    for (const file of chosen) if (file.originFileObj) body.append("files", file.originFileObj);
    setBusy(true);
    try {
      await api(insuranceFilesPath, { method: "POST", body, action: `${insuranceFilesPath}.create` });
      setChosen([]);
      notifySuccess(t("insurance.uploaded"));
    } catch (error) {
      notifyError(`${insuranceFilesPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card id="insurance" title={t("insurance.title")} data-testid="insurance-card">
      {editing ? (
        <Form
          form={form}
          layout="inline"
          initialValues={{
            insuredFrom: project.insuredFrom ? dayjs(project.insuredFrom) : null,
            insuredUntil: project.insuredUntil ? dayjs(project.insuredUntil) : null,
          }}
        >
          <Form.Item name="insuredFrom" label={t("insurance.from")} validateTrigger="onBlur">
            <DatePicker format={dateInputFormat()} data-testid="insurance-from" />
          </Form.Item>
          <Form.Item
            name="insuredUntil"
            label={t("insurance.until")}
            // A picked day is a finished entry: checked when picked, not only when the field is left.
            validateTrigger={["onBlur", "onChange"]}
            dependencies={["insuredFrom"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | null) => {
                  const from: Dayjs | null = getFieldValue("insuredFrom");
                  return !value || !from || !value.isBefore(from, "day") ? Promise.resolve() : Promise.reject(new Error(t("insurance.endBeforeStart")));
                },
              }),
            ]}
          >
            <DatePicker format={dateInputFormat()} data-testid="insurance-until" />
          </Form.Item>
          <Space>
            <Button type="primary" onClick={() => void save()} loading={busy}>
              {t("save")}
            </Button>
            <Button onClick={() => setEditing(false)}>{t("cancel")}</Button>
          </Space>
        </Form>
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t("insurance.from")}>{project.insuredFrom ? formatDate(project.insuredFrom) : "-"}</Descriptions.Item>
          <Descriptions.Item label={t("insurance.until")}>
            <span data-testid="insurance-until-value">{project.insuredUntil ? formatDate(project.insuredUntil) : "-"}</span>
          </Descriptions.Item>
          <Descriptions.Item>
            {mayEdit && (
              <Button size="small" onClick={() => setEditing(true)} data-testid="insurance-edit">
                {t("insurance.edit")}
              </Button>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Text strong>{t("insurance.certificates")}</Typography.Text>
      <List
        rowKey="id"
        size="small"
        dataSource={result?.data ?? []}
        locale={{ emptyText: t("insurance.noCertificate") }}
        renderItem={(file) => (
          <List.Item>
            <Button
              type="link"
              size="small"
              onClick={() => void downloadFile(`${insuranceFilesPath}/${file.id}/content`, {}, file.name).catch((error) => notifyError("documents.get", error))}
            >
              {file.name}
            </Button>
          </List.Item>
        )}
      />
      {mayFile && (
        <Space>
          <Upload multiple beforeUpload={() => false} fileList={chosen} onChange={({ fileList }) => setChosen(fileList)}>
            <Button icon={<UploadOutlined />}>{t("insurance.choose")}</Button>
          </Upload>
          <Button disabled={!chosen.length} loading={busy} onClick={() => void upload()}>
            {t("insurance.upload")}
          </Button>
        </Space>
      )}
    </Card>
  );
}
