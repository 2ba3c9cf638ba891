import { useEffect, useMemo, useState } from "react";
import { Button, Empty, Input, List, Modal, Spin, Tag, Typography, theme } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { api, toQueryString } from "../../providers/api";
import { translate } from "../../providers/i18n";
import { resources, resourcePortal, type AppResource } from "../../config/resources";
import { SEARCH_MIN_LENGTH, searchPath, type SearchHit } from "../../../../backend/src/services/search/search.shared";
import type { Portal } from "../../types/session";

const DEBOUNCE_MS = 200;

/**
 * The screen a hit opens in this portal: the resource of that name with a `show` route whose
 * permanent filters the hit meets (the three account lists tell accounts apart by user type).
 * None: the portal has no screen for it, and the hit is not offered.
 */
function screenOf(hit: SearchHit, portal: Portal): { resource: AppResource; path: string } | undefined {
  const resource = resources().find(
    (candidate) =>
      candidate.name === hit.resource &&
      resourcePortal(candidate) === portal &&
      typeof candidate.show === "string" &&
      (candidate.meta.permanentFilter ?? []).every(({ field, operator, value }) => {
        const given = hit.extra?.[field];
        return operator === "in" ? (value as unknown[]).includes(given) : value === given;
      }),
  );
  if (!resource) return undefined;
  return { resource, path: (resource.show as string).replace(":id", encodeURIComponent(String(hit.id))) };
}

/**
 * The header's search (Ctrl+K or ⌘K anywhere): records of every module the user may read, found
 * by the server through each resource's own read rules, each opening its screen.
 */
export function GlobalSearch({ portal, compact = false }: { portal: Portal; compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [words, setWords] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    const trimmed = words.trim();
    if (trimmed.length < SEARCH_MIN_LENGTH) {
      setHits([]);
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      api<{ data: SearchHit[] }>(`${searchPath}?${toQueryString({ q: trimmed })}`)
        .then((answer) => current && (setHits(answer.data), setActive(0)))
        .catch(() => current && setHits([]))
        .finally(() => current && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [words]);

  const offered = useMemo(
    () =>
      hits.flatMap((hit) => {
        const screen = screenOf(hit, portal);
        return screen ? [{ hit, ...screen }] : [];
      }),
    [hits, portal],
  );

  const close = () => {
    setOpen(false);
    setWords("");
  };
  const go = (index: number) => {
    const choice = offered[index];
    if (!choice) return;
    close();
    navigate(choice.path);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((index) => Math.min(index + 1, offered.length - 1));
    else if (event.key === "ArrowUp") setActive((index) => Math.max(index - 1, 0));
    else if (event.key === "Enter") go(active);
    else return;
    event.preventDefault();
  };

  const typed = words.trim().length >= SEARCH_MIN_LENGTH;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t("globalSearch.button")}
        aria-keyshortcuts="Control+K"
        data-testid="global-search"
      >
        {compact ? null : t("globalSearch.button")}
      </Button>
      <Modal open={open} onCancel={close} footer={null} title={t("globalSearch.title")} destroyOnHidden width={560}>
        <Input
          autoFocus
          allowClear
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t("globalSearch.placeholder")}
          aria-label={t("globalSearch.placeholder")}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={offered.length > 0}
          aria-controls={offered.length > 0 ? "global-search-results" : undefined}
        />
        <Spin spinning={loading}>
          {/* A listbox only with options in it: an empty one is announced as a broken list. */}
          {offered.length === 0 ? (
            typed && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("globalSearch.nothing")} />
          ) : (
            <div id="global-search-results" role="listbox" aria-label={t("globalSearch.title")}>
              <List
                rowKey={({ hit }) => `${hit.resource}:${hit.id}`}
                style={{ marginTop: 12, minHeight: typed ? 48 : 0 }}
                dataSource={offered}
                renderItem={({ hit, resource }, index) => (
                  <List.Item
                    role="option"
                    aria-selected={index === active}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => go(index)}
                    style={{
                      cursor: "pointer",
                      paddingInline: 8,
                      borderRadius: 6,
                      background: index === active ? token.controlItemBgActive : undefined,
                    }}
                    data-testid="search-hit"
                  >
                    <List.Item.Meta
                      title={hit.title}
                      description={
                        hit.detail ? (
                          <Typography.Text type="secondary" ellipsis>
                            {hit.detail}
                          </Typography.Text>
                        ) : undefined
                      }
                    />
                    <Tag>{translate(resource.meta.labelKey)}</Tag>
                  </List.Item>
                )}
              />
            </div>
          )}
        </Spin>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("globalSearch.hint")}
        </Typography.Text>
      </Modal>
    </>
  );
}
