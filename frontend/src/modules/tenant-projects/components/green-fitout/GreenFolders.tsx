import { useState } from "react";
import { subject } from "@casl/ability";
import { useList } from "@refinedev/core";
import { Button, InputNumber, List, Popconfirm, Space, Table, Tag, Typography, Upload, type UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatCount } from "../../../../components/format";
import {
  folderTakesUploads,
  greenFitoutWorkflow,
  greenFolderWorkflow,
} from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitout.workflow";
import {
  greenFitoutFolderFilesPath,
  greenFitoutFoldersPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import { greenCall, statusColour, type GreenFitout, type GreenFolder } from "./greenApi";
import { AddFolder, DecideFolder } from "./FolderDialogs";

/**
 * The points a folder claims, changed in place while it is undecided (spec §3 "folders with
 * points"): by the tenant for its claim, by staff who run the scheme; saved when the field is left
 * with a new figure, put back when the save is refused.
 */
function ClaimedPoints({ folder }: { folder: GreenFolder }) {
  const { t } = useTranslation("green-fitout");
  const [value, setValue] = useState<number | null>(folder.pointsClaimed ?? 0);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(folder.pointsClaimed);
  if (shown !== folder.pointsClaimed) {
    // Someone else's change arrived live: show it.
    setShown(folder.pointsClaimed);
    setValue(folder.pointsClaimed ?? 0);
  }
  const save = async () => {
    if (value == null || value === folder.pointsClaimed) return setValue(folder.pointsClaimed ?? 0);
    setBusy(true);
    try {
      await api(`${greenFitoutFoldersPath}/${folder.id}`, {
        method: "PATCH",
        body: { pointsClaimed: value, updatedAt: folder.updatedAt },
        action: `${greenFitoutFoldersPath}.patch`,
      });
      notifySuccess(t("folders.claimSaved"));
    } catch (error) {
      setValue(folder.pointsClaimed ?? 0);
      notifyError(`${greenFitoutFoldersPath}.patch`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={1000}
      precision={0}
      value={value}
      disabled={busy}
      onChange={(next) => setValue(next)}
      onBlur={() => void save()}
      onPressEnter={() => void save()}
      style={{ width: 90 }}
      aria-label={t("folders.claimFor", { title: folder.title })}
      data-testid="green-folder-claim"
    />
  );
}

/** What the tenant uploads into one folder: chosen, then sent (the folder's evidence). */
function FolderUpload({ folder }: { folder: GreenFolder }) {
  const { t } = useTranslation("green-fitout");
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const body = new FormData();
    body.append("folderId", String(folder.id));
    for (const file of chosen) if (file.originFileObj) body.append("files", file.originFileObj);
    setBusy(true);
    try {
      await api(greenFitoutFolderFilesPath, { method: "POST", body, action: `${greenFitoutFolderFilesPath}.create` });
      setChosen([]);
      notifySuccess(t("folders.uploaded"));
    } catch (error) {
      notifyError(`${greenFitoutFolderFilesPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size="small">
      <Upload multiple beforeUpload={() => false} fileList={chosen} onChange={({ fileList }) => setChosen(fileList)} showUploadList={{ showRemoveIcon: true }}>
        <Button size="small" icon={<UploadOutlined />} data-testid={`green-folder-choose-${folder.id}`}>
          {t("folders.choose")}
        </Button>
      </Upload>
      <Button size="small" disabled={!chosen.length} loading={busy} onClick={() => void upload()}>
        {t("folders.upload")}
      </Button>
    </Space>
  );
}

/** The files uploaded into a folder, each downloaded on a click (read with the folder). */
function FolderFiles({ folder }: { folder: GreenFolder }) {
  const { t } = useTranslation("green-fitout");
  const { result } = useList<{ id: number; name: string; description: string }>({
    resource: greenFitoutFolderFilesPath,
    filters: [{ field: "folderId", operator: "eq", value: folder.id }],
    pagination: { pageSize: 50 },
    liveMode: "auto",
  });
  return (
    <List
      size="small"
      rowKey="id"
      dataSource={result?.data ?? []}
      locale={{ emptyText: t("folders.noFiles") }}
      data-testid={`green-folder-files-${folder.id}`}
      renderItem={(file) => (
        <List.Item>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void downloadFile(`${greenFitoutFolderFilesPath}/${file.id}/content`, {}, file.name).catch((error) => notifyError("documents.get", error))
            }
          >
            {file.name}
          </Button>
          {file.description && <Typography.Text type="secondary">{file.description}</Typography.Text>}
        </List.Item>
      )}
    />
  );
}

/**
 * The scheme's folders (spec §3 "folders with points; folder actions REJECT, APPROVE,
 * UPDATE_POINTS"): status, category, the points claimed and awarded, and the buttons the folder
 * table and the caller's rights open: the tenant uploads into an open folder and hands it in;
 * reviewers set the points, approve or reject. Decided folders show as locked.
 */
export function GreenFolders({ fitout, folders, project }: { fitout: GreenFitout; folders: GreenFolder[]; project: Record<string, any> }) {
  const { t } = useTranslation("green-fitout");
  const ability = currentAbility();
  const [deciding, setDeciding] = useState<{ folder: GreenFolder; action: "approve" | "reject" | "updatePoints" } | null>(null);
  const [adding, setAdding] = useState(false);
  const mayAdd = greenFitoutWorkflow.isIn("open", fitout.status) && ability.can("start", "green-fitouts");
  const projectFacts = { id: project.id, region: project.region, tenancyId: project.tenancyId, accountUserIds: project.accountUserIds ?? [] };
  const mayUpload = ability.can("update", subject("tenant-projects", { ...project }) as any) || ability.can("start", "green-fitouts");
  const submit = async (folder: GreenFolder) => {
    try {
      await greenCall(greenFitoutFoldersPath, "submit", { id: folder.id, updatedAt: folder.updatedAt });
      notifySuccess(t("folders.done.submit"));
    } catch (error) {
      notifyError(`${greenFitoutFoldersPath}.submit`, error);
    }
  };
  return (
    <>
      {mayAdd && (
        <Button style={{ marginBottom: 12 }} onClick={() => setAdding(true)} data-testid="green-add-folder">
          {t("folders.add")}
        </Button>
      )}
      <Table<GreenFolder>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={folders}
        data-testid="green-folders"
        locale={{ emptyText: t("folders.none") }}
        expandable={{ expandedRowRender: (folder) => <FolderFiles folder={folder} />, rowExpandable: () => true }}
        onRow={(folder) => ({ "data-testid": `green-folder-${folder.title}` }) as any}
        columns={[
          { title: t("folders.category"), dataIndex: "category", render: (value: string) => t(`categories.${value}`) },
          {
            title: t("folders.titleField"),
            dataIndex: "title",
            render: (value: string, folder) => (
              <Space direction="vertical" size={0}>
                <span>{value}</span>
                {folder.status === "REJECTED" && folder.reason && <Typography.Text type="danger">{folder.reason}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t("folders.status"),
            dataIndex: "status",
            render: (value: string) => (
              <Space size={4}>
                <Tag color={statusColour[value]} data-testid="green-folder-status">
                  {t(`folderStatus.${value}`)}
                </Tag>
                {greenFolderWorkflow.isIn("locked", value) && <Tag>{t("folders.locked")}</Tag>}
              </Space>
            ),
          },
          {
            title: t("folders.pointsClaimed"),
            dataIndex: "pointsClaimed",
            align: "right",
            render: (value: number | undefined, folder) =>
              mayUpload && greenFitoutWorkflow.isIn("open", fitout.status) && !greenFolderWorkflow.isIn("locked", folder.status) && value !== undefined ? (
                <ClaimedPoints folder={folder} />
              ) : value === undefined ? (
                "-"
              ) : (
                formatCount(value)
              ),
          },
          {
            title: t("folders.pointsAwarded"),
            dataIndex: "pointsAwarded",
            align: "right",
            render: (value?: number | null) => <span data-testid="green-folder-points">{value == null ? "-" : formatCount(value)}</span>,
          },
          {
            title: t("folders.actionsTitle"),
            key: "actions",
            render: (_, folder) => {
              const facts = { ...folder, fitoutStatus: fitout.status, fitoutOnHold: fitout.onHold, project: projectFacts };
              const open = greenFolderWorkflow.actionsFrom(folder.status, facts, { ability });
              return (
                <Space wrap size="small">
                  {mayUpload && folderTakesUploads(facts) && <FolderUpload folder={folder} />}
                  {open.includes("submit") && (
                    <Popconfirm title={t("folders.confirmSubmit")} onConfirm={() => submit(folder)} okText={t("folders.actions.submit")}>
                      <Button size="small" data-testid="green-folder-submit">
                        {t("folders.actions.submit")}
                      </Button>
                    </Popconfirm>
                  )}
                  {(["updatePoints", "approve", "reject"] as const)
                    .filter((action) => open.includes(action))
                    .map((action) => (
                      <Button
                        key={action}
                        size="small"
                        type={action === "approve" ? "primary" : "default"}
                        danger={action === "reject"}
                        onClick={() => setDeciding({ folder, action })}
                        data-testid={`green-folder-${action}`}
                      >
                        {t(`folders.actions.${action}`)}
                      </Button>
                    ))}
                </Space>
              );
            },
          },
        ]}
      />
      {deciding && <DecideFolder folder={deciding.folder} action={deciding.action} onClose={() => setDeciding(null)} />}
      {adding && <AddFolder fitout={fitout} onClose={() => setAdding(false)} />}
    </>
  );
}
