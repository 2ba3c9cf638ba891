import { useCallback, useEffect, useState } from "react";
import { useSubscription } from "@refinedev/core";
import { Alert, Button, Card, Modal, Space, Table, Typography } from "antd";
import { DownloadOutlined, EditOutlined, ReloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api, downloadFile } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { formatDateTime } from "../../../components/format";
import {
  hotbParties,
  hotbSignaturesPath,
  signableStates,
  type HotbParty,
} from "../../../../../backend/src/modules/handover/services/hotb-signatures/hotb-signatures.shared";
import { hotbActionsFor } from "./rules";

interface Signature {
  id: number;
  party: HotbParty;
  signerName: string;
  signedAt: string;
  method: string;
}

/**
 * The record's signatures and documents (issue 31 §7; spec §8 PDF types hotbSchedule, keyHotb):
 * who signed (party, name, time), for staff and the tenant alike; a staff member who may complete
 * a scheduled or unsigned record opens a signing link per party; the schedule and key PDFs, and
 * the sealed original once completed with both signatures.
 */
export function HotbSigning({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("hotb-signatures");
  const [signatures, setSignatures] = useState<Signature[]>([]);
  const [link, setLink] = useState<{ party: HotbParty; path: string; expiresAt: string } | null>(null);
  const [opening, setOpening] = useState<HotbParty | null>(null);
  const load = useCallback(() => {
    api<{ data: Signature[] }>(hotbSignaturesPath, { query: { hotbId: record.id } })
      .then((page) => setSignatures(page.data))
      .catch(() => setSignatures([]));
  }, [record.id]);
  // A party signing on the signing page (on another tab or device) shows at once: the record's readers hear of it.
  useSubscription({
    channel: `resources/${hotbSignaturesPath}`,
    types: ["*"],
    onLiveEvent: (event) => {
      if (String(event.payload.record?.hotbId ?? "") === String(record.id)) load();
    },
  });
  // Read again when the record changes, and when the page is shown again (events missed while the connection was down).
  useEffect(() => {
    load();
    const visible = () => document.visibilityState === "visible" && load();
    document.addEventListener("visibilitychange", visible);
    window.addEventListener("focus", load);
    return () => {
      document.removeEventListener("visibilitychange", visible);
      window.removeEventListener("focus", load);
    };
  }, [load, record.updatedAt, record.status]);

  const maySign = (signableStates as readonly string[]).includes(record.status) && hotbActionsFor(record).includes("complete");
  const open = async (party: HotbParty) => {
    setOpening(party);
    try {
      setLink(
        await api(hotbSignaturesPath, {
          method: "POST",
          body: { hotbId: record.id, party },
          headers: { "X-Service-Method": "open" },
          action: `${hotbSignaturesPath}.open`,
        }),
      );
    } catch (error) {
      notifyError(`${hotbSignaturesPath}.open`, error);
    } finally {
      setOpening(null);
    }
  };
  const download = (type: string) =>
    downloadFile(`documents/${type}/${record.id}`, {}, `${record.name}.pdf`).catch((error) => notifyError("documents.get", error));
  const bothSigned = hotbParties.every((party) => signatures.some((signature) => signature.party === party));

  return (
    <Card
      title={t("title")}
      data-testid="hotb-signing"
      extra={<Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t("refresh")} onClick={load} />}
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={signatures}
          locale={{ emptyText: t("empty") }}
          data-testid="hotb-signatures"
          columns={[
            { title: t("fields.party"), dataIndex: "party", render: (party: string) => t(`parties.${party}`) },
            { title: t("fields.signerName"), dataIndex: "signerName" },
            { title: t("fields.signedAt"), dataIndex: "signedAt", render: (value: string) => formatDateTime(value) },
          ]}
        />
        {maySign && bothSigned && <Alert type="success" showIcon message={t("bothSigned")} />}
        {maySign && (
          <Space wrap>
            {hotbParties.map((party) => (
              <Button key={party} icon={<EditOutlined />} loading={opening === party} onClick={() => void open(party)} data-testid={`hotb-sign-${party}`}>
                {t("open", { party: t(`parties.${party}`) })}
              </Button>
            ))}
          </Space>
        )}
        <Space wrap>
          <Typography.Text strong>{t("documents")}</Typography.Text>
          <Button icon={<DownloadOutlined />} onClick={() => void download("hotbSchedule")} data-testid="hotb-pdf-schedule">
            {t("schedulePdf")}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download("keyHotb")} data-testid="hotb-pdf-keys">
            {t("keysPdf")}
          </Button>
          {record.sealedSha256 && (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download("hotbSealed")} data-testid="hotb-pdf-sealed">
              {t("sealedPdf")}
            </Button>
          )}
        </Space>
        {record.sealedSha256 && (
          <Typography.Text type="secondary" style={{ wordBreak: "break-all" }}>
            {t("sealedAt", { time: formatDateTime(record.sealedAt) })} · {t("sealedHash")}: <code data-testid="hotb-sealed-hash">{record.sealedSha256}</code>
          </Typography.Text>
        )}
      </Space>
      <Modal
        open={Boolean(link)}
        title={link ? t("opened", { party: t(`parties.${link.party}`) }) : ""}
        onCancel={() => {
          setLink(null);
          load();
        }}
        footer={null}
        destroyOnHidden
      >
        {link && (
          <Space direction="vertical" style={{ width: "100%" }}>
            <Typography.Paragraph>{t("openedHint", { time: formatDateTime(link.expiresAt) })}</Typography.Paragraph>
            <Typography.Paragraph
              copyable={{ text: new URL(link.path, window.location.origin).toString() }}
              code
              style={{ wordBreak: "break-all" }}
              data-testid="hotb-signing-link"
            >
              {new URL(link.path, window.location.origin).toString()}
            </Typography.Paragraph>
            <Button type="primary" href={link.path} target="_blank" rel="noopener" data-testid="hotb-signing-open">
              {t("openPage")}
            </Button>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
