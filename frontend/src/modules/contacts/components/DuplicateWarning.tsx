import { useEffect, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, List, Space, Tag } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { useSession } from "../../../providers/session";
import { checkChannels, type ContactChannel } from "./shared";

export interface DuplicateCandidate {
  id: number;
  firstName: string;
  lastName: string;
  companyName?: string | null;
  reasons: Array<"PHONE" | "EMAIL" | "NAME">;
}

interface Probe {
  id?: number | string;
  firstName?: string;
  lastName?: string;
  companyId?: number;
  channels?: ContactChannel[];
}

interface DuplicateQuestion {
  excludeId?: number | string;
  firstName?: string;
  lastName: string;
  companyId?: number;
  phone: string[];
  email: string[];
}

/** What the server is asked: the normalized phones and e-mails, and the trimmed name in its company. */
function duplicateQuestion(probe: Probe, region: string | null | undefined): DuplicateQuestion {
  const { channels } = checkChannels(probe.channels?.filter((channel) => channel?.value) ?? [], region);
  return {
    excludeId: probe.id,
    firstName: probe.firstName?.trim() || undefined,
    lastName: probe.lastName?.trim() ?? "",
    companyId: probe.companyId,
    phone: channels.filter((c) => (c.kind === "PHONE" || c.kind === "FAX") && c.normalized).map((c) => c.normalized!),
    email: channels.filter((c) => c.kind === "EMAIL" && c.normalized).map((c) => c.normalized!),
  };
}

const worthAsking = (question: DuplicateQuestion) =>
  question.phone.length > 0 || question.email.length > 0 || Boolean(question.firstName && question.companyId);

/** The value once it has stayed the same for `delayMs`, so typing asks the server once per pause. */
function useSettled<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return JSON.parse(settled) as T;
}

/**
 * The contacts that look like the one being entered (a phone or e-mail in common, or the same
 * name in the same company), asked of the server as the form changes and shown before saving,
 * each with a link to open it and, for staff, to merge. `base` is the portal's path prefix.
 */
export function DuplicateWarning({ probe, base = "", mayMerge = false }: { probe: Probe; base?: string; mayMerge?: boolean }) {
  const { t } = useTranslation("ccdcontacts");
  const region = useSession((s) => s.region);
  const question = duplicateQuestion(probe, region);
  const asked = useSettled(question, 300);
  const { data } = useQuery({
    queryKey: ["ccdcontact-duplicates", region, asked],
    queryFn: ({ signal }) => api<{ data: DuplicateCandidate[] }>("ccdcontact-duplicates", { query: { ...asked }, signal }),
    enabled: worthAsking(asked),
    // The warning stays while the next answer comes in, so it does not flicker on each keystroke.
    placeholderData: keepPreviousData,
    // A failed check only means no warning; the server still refuses nothing on it.
    retry: false,
  });
  // A question that is no longer worth asking clears the warning at once, without the delay.
  const hits = worthAsking(question) ? (data?.data ?? []) : [];

  if (!hits.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="duplicate-warning"
      style={{ marginBottom: 16 }}
      message={t("duplicates.title")}
      description={
        <>
          <div>{t("duplicates.help")}</div>
          <List
            rowKey="id"
            size="small"
            dataSource={hits}
            renderItem={(hit) => (
              <List.Item
                actions={[
                  <Link key="open" to={`${base}/ccdcontacts/detail/${hit.id}`}>
                    {t("duplicates.open")}
                  </Link>,
                  ...(mayMerge && probe.id
                    ? [
                        <Link key="merge" to={`/ccdcontacts/merge/${probe.id}?other=${hit.id}`}>
                          <Button size="small">{t("duplicates.merge")}</Button>
                        </Link>,
                      ]
                    : []),
                ]}
              >
                <Space wrap>
                  <strong>{`${hit.firstName} ${hit.lastName}`.trim()}</strong>
                  {hit.companyName && <span>{hit.companyName}</span>}
                  {hit.reasons.map((reason) => (
                    <Tag key={reason} color="orange">
                      {t(`duplicates.reasons.${reason}`)}
                    </Tag>
                  ))}
                </Space>
              </List.Item>
            )}
          />
        </>
      }
    />
  );
}
