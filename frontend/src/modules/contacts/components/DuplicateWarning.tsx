import { useEffect, useState } from "react";
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

/**
 * The contacts that look like the one being entered (a phone or e-mail in common, or the same
 * name in the same company), asked of the server as the form changes and shown before saving,
 * each with a link to open it and, for staff, to merge. `base` is the portal's path prefix.
 */
export function DuplicateWarning({ probe, base = "", mayMerge = false }: { probe: Probe; base?: string; mayMerge?: boolean }) {
  const { t } = useTranslation("ccdcontacts");
  const region = useSession((s) => s.region);
  const [hits, setHits] = useState<DuplicateCandidate[]>([]);
  const { channels } = checkChannels(probe.channels?.filter((channel) => channel?.value) ?? [], region);
  const phones = channels.filter((c) => (c.kind === "PHONE" || c.kind === "FAX") && c.normalized).map((c) => c.normalized!);
  const emails = channels.filter((c) => c.kind === "EMAIL" && c.normalized).map((c) => c.normalized!);
  const key = JSON.stringify([probe.id, probe.firstName?.trim(), probe.lastName?.trim(), probe.companyId, phones, emails]);

  useEffect(() => {
    const [id, firstName, lastName, companyId] = JSON.parse(key) as [number | undefined, string | undefined, string | undefined, number | undefined];
    if (!phones.length && !emails.length && !(firstName && companyId)) {
      setHits([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api<{ data: DuplicateCandidate[] }>("ccdcontact-duplicates", {
        // The key went through JSON: an unknown id or company came back as null.
        query: {
          firstName: firstName ?? undefined,
          lastName: lastName ?? "",
          companyId: companyId ?? undefined,
          excludeId: id ?? undefined,
          phone: phones,
          email: emails,
        },
      })
        .then((answer) => current && setHits(answer.data))
        .catch(() => current && setHits([]));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The key holds everything the question depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

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
