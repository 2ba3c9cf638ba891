import { useState } from "react";
import { Alert, Button, Descriptions, Input, Result, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../../../components/auth/AuthCard";
import { api } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../../../backend/src/format/format.shared";
import { hotbSealChecksPath } from "../../../../../../backend/src/modules/handover/services/hotb-signatures/hotb-signatures.shared";

/** The SHA-256 of a file's bytes, in hex, computed in the browser: the file itself never leaves it. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * /verify/hotb (issue 31 §7): anyone checks whether a PDF (or its SHA-256) is a sealed original of
 * a handover/takeback. Only the hash is sent; the answer names what the certificate page prints.
 */
export function VerifyHotbPage() {
  const { t, i18n } = useTranslation("hotb-signatures");
  const { t: tHotb } = useTranslation("hotb");
  const [hash, setHash] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Record<string, any> | null>(null);

  const check = async (sha256: string) => {
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer({
        ...(await api<Record<string, any>>(`/v1/${hotbSealChecksPath}`, { method: "POST", region: null, token: null, authFlow: true, body: { sha256 } })),
        sha256,
      });
    } catch (error) {
      notifyError(`${hotbSealChecksPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  const chosen = async (file: File | undefined) => {
    // The last answer was about another file: it goes at once, not when this one's is in.
    setAnswer(null);
    if (!file) return;
    const sha256 = await sha256Of(file);
    setHash(sha256);
    await check(sha256);
  };
  const at = (value: unknown) => formatDateTime(value, { timeZone: answer?.timeZone, language: i18n.language });
  const validHash = /^[0-9a-fA-F]{64}$/.test(hash.trim());

  return (
    <AuthCard title={t("verify.title")} width={640}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("verify.intro")}</Typography.Text>
        <label>
          <Typography.Text strong>{t("verify.file")}</Typography.Text>
          <input
            type="file"
            accept="application/pdf,.pdf"
            data-testid="verify-file"
            style={{ display: "block", marginTop: 8 }}
            onChange={(event) => void chosen(event.target.files?.[0])}
          />
        </label>
        <Space.Compact style={{ width: "100%" }}>
          <Input
            placeholder={t("verify.hash")}
            aria-label={t("verify.hash")}
            value={hash}
            onChange={(event) => {
              setHash(event.target.value);
              setAnswer(null);
            }}
            data-testid="verify-hash"
            style={{ fontFamily: "monospace" }}
          />
          <Button type="primary" disabled={!validHash} loading={busy} onClick={() => void check(hash.trim().toLowerCase())} data-testid="verify-check">
            {t("verify.check")}
          </Button>
        </Space.Compact>
        {answer &&
          (answer.sealed ? (
            <div data-testid="verify-sealed">
              <Result
                status="success"
                title={t("verify.sealed")}
                style={{ padding: "16px 0" }}
                extra={
                  <Descriptions size="small" bordered column={1} style={{ textAlign: "left" }}>
                    <Descriptions.Item label={t("verify.name")}>{answer.name}</Descriptions.Item>
                    <Descriptions.Item label={t("verify.type")}>{tHotb(`types.${answer.type}`)}</Descriptions.Item>
                    <Descriptions.Item label={t("verify.company")}>{[answer.companyName, answer.tradeName].filter(Boolean).join(" / ")}</Descriptions.Item>
                    <Descriptions.Item label={t("verify.premises")}>{(answer.premises ?? []).join(", ")}</Descriptions.Item>
                    <Descriptions.Item label={t("verify.sealedAt")}>{at(answer.sealedAt)}</Descriptions.Item>
                    <Descriptions.Item label={t("verify.signers")}>
                      {(answer.signers ?? []).map((signer: any) => (
                        <div key={signer.party}>
                          {t(`parties.${signer.party}`)}: {signer.signerName} · {at(signer.signedAt)} · {t(`methods.${signer.method}`)}
                        </div>
                      ))}
                    </Descriptions.Item>
                    <Descriptions.Item label={t("verify.contentHash")}>
                      <Typography.Text code style={{ wordBreak: "break-all" }}>
                        {answer.contentSha256}
                      </Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                }
              />
            </div>
          ) : (
            <Alert type="error" showIcon message={t("verify.notSealed")} description={t("verify.notSealedHint")} data-testid="verify-not-sealed" />
          ))}
        {answer && (
          <Typography.Text type="secondary" style={{ wordBreak: "break-all" }}>
            {t("verify.fileHash")}: <code>{answer.sha256}</code>
          </Typography.Text>
        )}
      </Space>
    </AuthCard>
  );
}
