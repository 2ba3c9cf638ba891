import { useEffect, useState } from "react";
import { Alert, Button, Progress, Space, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { ExportJob } from "../../../../backend/src/services/exports/exports.shared";
import { api, downloadFile } from "../../providers/api";
import { liveClient } from "../../providers/live-provider";
import { notifyError } from "../../providers/notifications";

const STAGE: Record<ExportJob["status"], number> = { QUEUED: 0, RUNNING: 1, DONE: 2, FAILED: 2 };

/** The later of two states of a job: an answer may arrive after an event that was sent after it. */
const later = (current: ExportJob, next: ExportJob) =>
  STAGE[next.status] > STAGE[current.status] || (STAGE[next.status] === STAGE[current.status] && next.done >= current.done) ? next : current;

/**
 * A long list's export as it is built on the server: its progress, told live (the job's events
 * reach only its requester), then the download of the finished file.
 */
export function ExportJobProgress({ job: started }: { job: ExportJob }) {
  const { t } = useTranslation();
  const [job, setJob] = useState(started);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const service = liveClient()?.service("export-jobs");
    const heard = (next: ExportJob) => {
      if (next.id === started.id) setJob((current) => later(current, next));
    };
    service?.on("patched", heard);
    // What happened before this listener was attached.
    api<ExportJob>(`export-jobs/${started.id}`)
      .then((fresh) => setJob((current) => later(current, fresh)))
      .catch(() => undefined);
    return () => {
      service?.removeListener("patched", heard);
    };
  }, [started.id]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`export-files/${job.id}`, {}, job.filename ?? `${job.resource}.xlsx`);
    } catch (error) {
      notifyError(`${job.resource}.export`, error);
    } finally {
      setDownloading(false);
    }
  };

  if (job.status === "FAILED") return <Alert type="error" showIcon message={t("exportJob.failed")} />;
  if (job.status === "DONE") {
    return (
      <Space direction="vertical" data-testid="export-ready">
        <Typography.Text>{t("exportJob.ready", { count: job.rowCount ?? job.total })}</Typography.Text>
        <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          {t("exportJob.download")}
        </Button>
      </Space>
    );
  }
  const percent = job.total ? Math.floor((job.done * 100) / job.total) : 0;
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="export-progress">
      <Typography.Text type="secondary">{t("exportJob.queued", { total: job.total })}</Typography.Text>
      <Progress percent={percent} status="active" />
      <Typography.Text>{t("exportJob.progress", { done: job.done, total: job.total })}</Typography.Text>
    </Space>
  );
}
