import type { ReactNode } from "react";
import { Button } from "antd";
import { PaperClipOutlined } from "@ant-design/icons";
import { downloadFile } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";

/**
 * A file of the deposit's records (a deduction's evidence, the waiver's approval), downloaded
 * through the deposit's own read rules (`tenant-project-deposit-files/:id/content`): the files
 * service lets only the uploader read a file back.
 */
export function DepositFileLink({ fileId, children, testId }: { fileId: number; children: ReactNode; testId: string }) {
  return (
    <Button
      type="link"
      size="small"
      icon={<PaperClipOutlined />}
      style={{ padding: 0 }}
      data-testid={testId}
      onClick={() => void downloadFile(`tenant-project-deposit-files/${fileId}/content`, {}, "file").catch((error) => notifyError("files.download", error))}
    >
      {children}
    </Button>
  );
}
