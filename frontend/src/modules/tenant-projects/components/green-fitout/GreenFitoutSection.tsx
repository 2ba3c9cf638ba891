import { useState } from "react";
import { useRefetchOn } from "../../../../components/useRefetchOn";
import { useList } from "@refinedev/core";
import { Alert, Button, Card, Empty, Modal, Popconfirm, Space, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility, featureEnabled } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatCount } from "../../../../components/format";
import { greenFitoutWorkflow } from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitout.workflow";
import { greenFitoutFoldersPath, greenFitoutsPath } from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import { GuidelinesPanel } from "../GuidelinesPanel";
import { greenCall, statusColour, type GreenFitout, type GreenFolder } from "./greenApi";
import { GreenFolders } from "./GreenFolders";
import { GreenScorecard } from "./GreenScorecard";
import { GreenComments, GreenPointsHistory } from "./GreenHistory";

/** The scheme's own buttons (start, hold, resume, complete, cancel), as its table and the caller's rights open them; then the letter. */
function SchemeActions({ fitout }: { fitout: GreenFitout }) {
  const { t } = useTranslation("green-fitout");
  const ability = currentAbility();
  const [busy, setBusy] = useState(false);
  const [letter, setLetter] = useState<{ subject: string; text: string } | null>(null);
  const run = async (action: string) => {
    setBusy(true);
    try {
      const answer = await greenCall<GreenFitout & { letter?: { subject: string; text: string } }>(greenFitoutsPath, action, {
        id: fitout.id,
        updatedAt: fitout.updatedAt,
      });
      if (action === "preview") setLetter(answer.letter ?? null);
      else notifySuccess(t(`done.${action}`));
    } catch (error) {
      notifyError(`${greenFitoutsPath}.${action}`, error);
    } finally {
      setBusy(false);
    }
  };
  const actions = greenFitoutWorkflow.actionsFrom(fitout.status, { ...fitout }, { ability });
  const letterActions = fitout.status === "COMPLETED" ? (["preview", "send"] as const).filter((action) => ability.can(action, "green-fitouts")) : [];
  return (
    <Space wrap>
      {actions.map((action) => (
        <Popconfirm key={action} title={t(`confirm.${action}`)} onConfirm={() => run(action)} okText={t(`actions.${action}`)}>
          <Button
            size="small"
            type={action === "start" || action === "complete" ? "primary" : "default"}
            danger={action === "cancel"}
            loading={busy}
            data-testid={`green-${action}`}
          >
            {t(`actions.${action}`)}
          </Button>
        </Popconfirm>
      ))}
      {letterActions.map((action) => (
        <Button key={action} size="small" loading={busy} onClick={() => void run(action)} data-testid={`green-${action}`}>
          {t(action === "send" && fitout.sentAt ? "actions.resend" : `actions.${action}`)}
        </Button>
      ))}
      {letter && (
        <Modal open title={letter.subject} footer={null} onCancel={() => setLetter(null)}>
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{letter.text}</Typography.Paragraph>
        </Modal>
      )}
    </Space>
  );
}

/**
 * The project's green fit-out (spec §2 "Green Fit Out", tab type GREEN_FIT_OUT; issue 30 item 9),
 * in the project control, where the region runs GREEN_FIT_OUT: the scheme's status and total, its
 * folders with their points and buttons, the scorecard by category, the points record, the
 * history with its comments and the green fit-out guidelines. Updates live.
 */
export function GreenFitoutSection({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("green-fitout");
  const ability = currentAbility();
  const [busy, setBusy] = useState(false);
  const enabled = featureEnabled("GREEN_FIT_OUT");
  const { result, query } = useList<GreenFitout>({
    resource: greenFitoutsPath,
    filters: [
      { field: "projectId", operator: "eq", value: project.id },
      { field: "status", operator: "ne", value: "CANCEL" },
    ],
    pagination: { pageSize: 1 },
    liveMode: "auto",
    queryOptions: { enabled },
  });
  const fitout = result?.data?.[0];
  const { result: folderList } = useList<GreenFolder>({
    resource: greenFitoutFoldersPath,
    filters: [{ field: "greenFitoutId", operator: "eq", value: fitout?.id }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { pageSize: 100 },
    liveMode: "auto",
    queryOptions: { enabled: Boolean(fitout) },
  });
  // A folder's decision changes the scheme's total (summed on read): read the scheme again with its folders.
  const folders = folderList?.data ?? [];
  const folderVersion = folders.map((folder) => `${folder.id}:${folder.updatedAt}`).join("|");
  const version = `${fitout?.updatedAt ?? ""}|${folderVersion}`;
  useRefetchOn(folderVersion, query.refetch);
  if (!enabled) return null;
  const seesPoints = fitout?.totalPoints !== undefined;
  const create = async () => {
    setBusy(true);
    try {
      await api(greenFitoutsPath, { method: "POST", body: { projectId: project.id }, action: `${greenFitoutsPath}.create` });
      void query.refetch();
    } catch (error) {
      notifyError(`${greenFitoutsPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card id="greenFitout" title={t("title")} data-testid="green-fitout-card">
      {!fitout ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("none")}>
          {ability.can("start", "green-fitouts") && !query.isLoading && (
            <Button onClick={() => void create()} loading={busy} data-testid="green-create">
              {t("create")}
            </Button>
          )}
        </Empty>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Tag color={statusColour[fitout.status]} data-testid="green-status">
              {t(`status.${fitout.status}`)}
            </Tag>
            {fitout.onHold && <Tag color="warning">{t("onHold")}</Tag>}
            {fitout.status === "COMPLETED" && <Tag color={fitout.complied ? "green" : "default"}>{t(fitout.complied ? "complied" : "notComplied")}</Tag>}
            {fitout.status === "COMPLETED" && (
              <Tag color={fitout.recognised ? "green" : "default"}>{t(fitout.recognised ? "recognised" : "notRecognised")}</Tag>
            )}
            {seesPoints && (
              <Typography.Text strong data-testid="green-total-points">
                {t("total", { points: formatCount(fitout.totalPoints ?? 0) })}
              </Typography.Text>
            )}
            <SchemeActions fitout={fitout} />
          </Space>
          {fitout.onHold && <Alert type="info" showIcon message={t("onHoldNotice")} />}
          <Tabs
            items={[
              { key: "folders", label: t("tabs.folders"), children: <GreenFolders fitout={fitout} folders={folders} project={project} /> },
              ...(seesPoints
                ? [
                    { key: "scorecard", label: t("tabs.scorecard"), children: <GreenScorecard folders={folders} total={fitout.totalPoints ?? 0} /> },
                    { key: "points", label: t("tabs.points"), children: <GreenPointsHistory fitout={fitout} folders={folders} version={version} /> },
                  ]
                : []),
              { key: "comment", label: t("tabs.comment"), children: <GreenComments fitout={fitout} folders={folders} version={version} /> },
              { key: "guideline", label: t("tabs.guideline"), children: <GuidelinesPanel type="GREEN_FIT_OUT" /> },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
