import { Space, Typography } from "antd";
import { TenderStatus } from "./TenderStatus";

/** The heading of a tender screen: what the screen is, the PR number and the status. */
export function TenderTitle({
  title,
  record,
}: {
  title: string;
  record: { prNumber?: string; status?: string; version?: number; addendumStatus?: string | null };
}) {
  return (
    <Space>
      <span>{title}</span>
      <Typography.Text type="secondary">{record.prNumber}</Typography.Text>
      <TenderStatus status={record.status ?? ""} version={record.version ?? 0} addendumStatus={record.addendumStatus} />
    </Space>
  );
}
