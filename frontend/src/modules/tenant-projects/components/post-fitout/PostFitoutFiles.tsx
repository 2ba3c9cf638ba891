import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, List, Popconfirm, Space, Tag, Typography, Upload, type UploadFile } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import {
  postFitoutFilesPath,
  type PostFitoutFileKind,
} from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.shared";

interface RoundFile {
  id: number;
  kind: PostFitoutFileKind;
  name: string;
  description: string;
  createdAt: string;
}

/**
 * A round's files (spec §3 "Post-fitout submission ... letters"): staff's letters and the tenant's
 * documents, listed live for whoever reads the round; `fileKind` is what the caller files (a letter
 * for staff, a document for the tenant), null when the caller files nothing (or the round is completed).
 */
export function PostFitoutFiles({ roundId, fileKind }: { roundId: number; fileKind: PostFitoutFileKind | null }) {
  const { t } = useTranslation("post-fitout");
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const { result } = useList<RoundFile>({
    resource: postFitoutFilesPath,
    filters: [{ field: "submissionId", operator: "eq", value: roundId }],
    pagination: { pageSize: 100 },
    liveMode: "auto",
  });
  const upload = async () => {
    if (!fileKind) return;
    const body = new FormData();
    body.append("submissionId", String(roundId));
    body.append("kind", fileKind);
    for (const file of chosen) if (file.originFileObj) body.append("files", file.originFileObj);
    setBusy(true);
    try {
      await api(postFitoutFilesPath, { method: "POST", body, action: `${postFitoutFilesPath}.create` });
      setChosen([]);
      notifySuccess(t(`files.uploaded.${fileKind}`));
    } catch (error) {
      notifyError(`${postFitoutFilesPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (file: RoundFile) => {
    try {
      await api(`${postFitoutFilesPath}/${file.id}`, { method: "DELETE", action: `${postFitoutFilesPath}.remove` });
    } catch (error) {
      notifyError(`${postFitoutFilesPath}.remove`, error);
    }
  };
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="post-fitout-files">
      <Typography.Text strong>{t("files.title")}</Typography.Text>
      <List
        rowKey="id"
        size="small"
        dataSource={result?.data ?? []}
        locale={{ emptyText: t("files.none") }}
        renderItem={(file) => (
          <List.Item
            data-testid={`post-fitout-file-${file.kind}`}
            actions={
              fileKind === file.kind
                ? [
                    <Popconfirm key="remove" title={t("files.confirmRemove")} onConfirm={() => remove(file)}>
                      <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t("files.remove")} />
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Space wrap>
              <Tag color={file.kind === "LETTER" ? "blue" : "default"}>{t(`files.kinds.${file.kind}`)}</Tag>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void downloadFile(`${postFitoutFilesPath}/${file.id}/content`, {}, file.name).catch((error) => notifyError("documents.get", error))
                }
              >
                {file.name}
              </Button>
              <Typography.Text type="secondary">{formatDateTime(file.createdAt)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {fileKind && (
        <Space wrap>
          <Upload multiple beforeUpload={() => false} fileList={chosen} onChange={({ fileList }) => setChosen(fileList)}>
            <Button icon={<UploadOutlined />} data-testid="post-fitout-choose">
              {t(`files.choose.${fileKind}`)}
            </Button>
          </Upload>
          <Button type="primary" disabled={!chosen.length} loading={busy} onClick={() => void upload()} data-testid="post-fitout-upload">
            {t(`files.upload.${fileKind}`)}
          </Button>
        </Space>
      )}
    </Space>
  );
}
