import { useEffect, useState } from "react";
import { Alert, Empty, List, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError } from "../../../providers/notifications";
import { tenderTermsOfTenderUrl, type TermItem } from "../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";

export interface TenderTermsResult {
  tenderId: string;
  /** Stamped on submit and on issue (spec §4); before that the latest version of the region and department. */
  stamped: boolean;
  version: number | null;
  items: TermItem[];
}

/** The terms of a tender (`GET tenders/:id/terms`), read again when `refreshKey` changes (e.g. after submit). */
export function useTenderTerms(tenderId: string | undefined, refreshKey?: unknown) {
  const [terms, setTerms] = useState<TenderTermsResult | null>(null);
  useEffect(() => {
    if (!tenderId) return;
    let live = true;
    api<TenderTermsResult>(tenderTermsOfTenderUrl(tenderId))
      .then((result) => live && setTerms(result))
      .catch((error) => notifyError("tender-terms.find", error));
    return () => {
      live = false;
    };
  }, [tenderId, refreshKey]);
  return terms;
}

/** The Terms tab: the version and its terms, title and text as entered in the terms library. */
export function TermsView({ terms }: { terms: TenderTermsResult | null }) {
  const { t } = useTranslation("tenders");
  if (!terms) return <Spin />;
  if (!terms.items.length) return <Empty description={t("terms.none")} />;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="terms-version"
        message={terms.stamped ? t("terms.stamped", { version: terms.version }) : t("terms.latest", { version: terms.version })}
      />
      <List
        data-testid="terms-list"
        rowKey="id"
        dataSource={terms.items}
        renderItem={(item, index) => (
          <List.Item>
            <List.Item.Meta
              title={`${index + 1}. ${item.title}`}
              description={<Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{item.text}</Typography.Paragraph>}
            />
          </List.Item>
        )}
      />
    </>
  );
}
