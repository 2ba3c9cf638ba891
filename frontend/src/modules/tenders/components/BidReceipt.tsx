import { useEffect, useRef, useState } from "react";
import { Descriptions, Result, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { checkReceiptAsync, type ReceiptCheck } from "../../../../../backend/src/modules/tenders/services/tenders/bid-receipt.shared";
import { formatDateTime } from "./format";

const COLORS: Record<ReceiptCheck, string> = { VERIFIED: "success", FAILED: "error", NO_NONCE: "default", NONE: "default" };

async function webSha256(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The receipt check of a bid as this browser computes it from the bid it holds (the canonical
 * form is bid-receipt.shared.ts): the reader need not trust the server's word. Where WebCrypto
 * is missing (a page served over plain HTTP to another host), the server's `receiptCheck`.
 */
export function useReceiptCheck(bid: Record<string, any> | undefined): ReceiptCheck | undefined {
  const [check, setCheck] = useState<ReceiptCheck | undefined>(undefined);
  // The check runs again when one of the fields it covers changes, not for each new copy of the bid.
  const key = bid ? `${bid.id}|${bid.updatedAt}|${bid.receiptDigest}|${bid.receiptNonce}|${bid.sealed}` : "";
  const latestBid = useRef(bid);
  useEffect(() => {
    latestBid.current = bid;
  });
  useEffect(() => {
    let current = true;
    setCheck(undefined);
    const bid = latestBid.current;
    if (!bid) return;
    const local =
      typeof crypto !== "undefined" && crypto.subtle
        ? checkReceiptAsync(bid, webSha256)
        : Promise.resolve((bid.receiptCheck as ReceiptCheck | undefined) ?? "NONE");
    local.then(
      (result) => current && setCheck(result),
      () => current && setCheck((bid.receiptCheck as ReceiptCheck | undefined) ?? "NONE"),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return check;
}

/** A tag saying whether the receipt matches the bid; nothing for a bid without one (or sealed). */
export function ReceiptCheckTag({ bid }: { bid: Record<string, any> }) {
  const { t } = useTranslation("bids");
  const check = useReceiptCheck(bid);
  if (check === "NONE") return null;
  return (
    <Tag color={check ? COLORS[check] : "processing"} data-testid="receipt-check" data-check={check ?? "CHECKING"}>
      {t(`receipt.check.${check ?? "CHECKING"}`)}
    </Tag>
  );
}

/** The vendor's receipt of a submitted bid: time, digest, nonce, and its check in this browser. */
export function BidReceipt({ bid }: { bid: Record<string, any> }) {
  const { t } = useTranslation("bids");
  return (
    <div data-testid="bid-receipt">
      <Result
        status="success"
        title={t("receipt.title")}
        subTitle={t("receipt.time", { time: formatDateTime(bid.submittedAt) })}
        extra={
          <Descriptions size="small" column={1} bordered style={{ textAlign: "left", maxWidth: 760, margin: "0 auto" }}>
            <Descriptions.Item label={t("receipt.digest")}>
              <span data-testid="receipt-digest">
                <Typography.Text code copyable>
                  {bid.receiptDigest}
                </Typography.Text>
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("receipt.nonce")}>
              <span data-testid="receipt-nonce">
                {bid.receiptNonce ? (
                  <Typography.Text code copyable>
                    {bid.receiptNonce}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t("receipt.beforeNonces")}</Typography.Text>
                )}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("receipt.submittedAt")}>
              <Typography.Text code copyable>
                {bid.submittedAt ? new Date(bid.submittedAt).toISOString() : ""}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={<ReceiptCheckTag bid={bid} />}>
              <Typography.Text type="secondary">{t("receipt.howTo")}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        }
      />
    </div>
  );
}
