import { useState } from "react";
import { useCan, useList, useMany, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { Badge, Card, Col, Empty, List, Row, Space, Statistic, Tag, Typography } from "antd";
import { ClockCircleOutlined, FileProtectOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { formatCount, formatDateTime } from "../components/format";
import type { StaffTenderStats } from "../../../../../backend/src/modules/tenders/services/tender-stats/tender-stats.shared";
import { useTenderStats } from "./useTenderStats";
import { bidDisplayStatus, type BidState, type TenderState } from "../components/rules";
import { TenderStatus } from "../components/TenderStatus";
import { awaitingApprovalOf, awaitingMyApprovalPath, tenderPath } from "../components/paths";

const DAY = 86_400_000;
const PANEL_SIZE = 5;

/** "in 3 days" / "in 5 hours" until an instant, in the reader's language. */
function useTimeLeft() {
  const { t } = useTranslation("dashboard");
  return (instant: unknown) => {
    const ms = new Date(instant as string).getTime() - Date.now();
    if (!Number.isFinite(ms) || ms <= 0) return t("closed");
    return ms >= DAY ? t("inDays", { count: Math.floor(ms / DAY) }) : t("inHours", { count: Math.max(1, Math.floor(ms / 3_600_000)) });
  };
}

/** How many records match: one row read, the total from the server. */
function useCount(resource: string, filters: CrudFilter[]) {
  const { result, query } = useList({ resource, filters, pagination: { currentPage: 1, pageSize: 1 } });
  return { count: result?.total ?? 0, loading: query.isLoading };
}

const TENDER_STAGES = ["DRAFT", "WAPPR", "REJECTED", "ISSUED", "READY", "REVIEW"] as const;

/**
 * The staff home for tenders: the tenders I read by stage, what waits for me to approve, and what
 * closes within the week. Each list refreshes live when someone else moves a tender.
 */
export function StaffTenderPanels() {
  const { t } = useTranslation(["dashboard", "tenders"]);
  const userId = useSession((s) => s.user?.id);
  const timeLeft = useTimeLeft();
  // The stages of the tenders the user reads: the whole region for those who read any tender
  // (the administrator), the tenders in their charge for the others.
  const { stats, loading: statsLoading } = useTenderStats<StaffTenderStats>();
  const awaiting = awaitingApprovalOf(userId);
  const approvals = useList({
    resource: "tenders",
    filters: awaiting.tenders,
    sorters: [{ field: "updatedAt", order: "asc" }],
    pagination: { currentPage: 1, pageSize: PANEL_SIZE },
  });
  // Addenda wait for approval on an ISSUED tender (their own cycle, addendumStatus WAPPR).
  const addendumApprovals = useList({
    resource: "tenders",
    filters: awaiting.addenda,
    sorters: [{ field: "updatedAt", order: "asc" }],
    pagination: { currentPage: 1, pageSize: PANEL_SIZE },
  });
  // The week is fixed when the panel opens: a window read from the clock at each render would
  // change the query at each render, and the list would refetch without end.
  const [from] = useState(() => Date.now());
  const closing = useList({
    resource: "tenders",
    filters: [
      { field: "status", operator: "eq", value: "ISSUED" },
      { field: "closingAt", operator: "gte", value: new Date(from).toISOString() },
      { field: "closingAt", operator: "lt", value: new Date(from + 7 * DAY).toISOString() },
    ],
    sorters: [{ field: "closingAt", order: "asc" }],
    pagination: { currentPage: 1, pageSize: PANEL_SIZE },
  });

  // The panel shows the oldest of each kind; the count says how many wait in all, and "View all"
  // opens the tender list on exactly those.
  const waiting = (approvals.result?.total ?? 0) + (addendumApprovals.result?.total ?? 0);

  const tenderItem = (tender: BaseRecord, extra: React.ReactNode) => (
    <List.Item extra={extra}>
      <List.Item.Meta
        title={<Link to={tenderPath(tender)}>{tender.prNumber}</Link>}
        description={
          <Typography.Text type="secondary" ellipsis>
            {tender.prDescription}
          </Typography.Text>
        }
      />
    </List.Item>
  );

  return (
    <Row gutter={[16, 16]} data-testid="staff-tender-panels">
      <Col xs={24}>
        <Card title={stats?.scope === "all" ? t("regionTenders") : t("myTenders")} extra={<FileProtectOutlined />} data-testid="tender-stages">
          <Row gutter={[12, 12]}>
            {TENDER_STAGES.map((status) => (
              <Col key={status} xs={12} sm={8} md={4}>
                <Statistic
                  title={t(`tenders:status.${status}`)}
                  value={stats?.pipeline.find((row) => row.status === status)?.count ?? 0}
                  formatter={(value) => formatCount(value)}
                  loading={statsLoading}
                  data-testid={`stage-${status}`}
                />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={
            <Space>
              {t("waitingForMyApproval")}
              {waiting > 0 && <Badge count={waiting} overflowCount={999} color="blue" data-testid="approvals-count" />}
            </Space>
          }
          extra={waiting > 0 && <Link to={awaitingMyApprovalPath}>{t("viewAll")}</Link>}
          data-testid="approvals"
        >
          <List
            rowKey="id"
            loading={approvals.query.isLoading || addendumApprovals.query.isLoading}
            dataSource={[...(approvals.result?.data ?? []), ...(addendumApprovals.result?.data ?? [])]}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("nothingToApprove")} /> }}
            renderItem={(tender) => tenderItem(tender, <TenderStatus status={tender.status} version={tender.version} addendumStatus={tender.addendumStatus} />)}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t("closingThisWeek")} extra={<ClockCircleOutlined />} data-testid="closing-soon">
          <List
            rowKey="id"
            loading={closing.query.isLoading}
            dataSource={closing.result?.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("nothingClosing")} /> }}
            renderItem={(tender) =>
              tenderItem(
                tender,
                <span title={formatDateTime(tender.closingAt)}>
                  <Tag icon={<ClockCircleOutlined />}>{timeLeft(tender.closingAt)}</Tag>
                </span>,
              )
            }
          />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * The vendor's home: the invitations still open for a bid (soonest closing first), the queries
 * waiting for an answer, and how many bids are in.
 */
export function VendorTenderPanels() {
  const { t } = useTranslation(["dashboard", "bids"]);
  const timeLeft = useTimeLeft();
  const open = useList({
    resource: "bids",
    filters: [{ field: "status", operator: "in", value: ["INVITED", "DRAFT", "REOPEN"] }],
    pagination: { mode: "off" },
  });
  const bids = open.result?.data ?? [];
  const { result: tenders } = useMany({
    resource: "tenders",
    ids: [...new Set(bids.map((bid) => bid.tenderId as string))],
    queryOptions: { enabled: bids.length > 0 },
  });
  const tenderOf = (bid: BaseRecord) => tenders?.data.find((tender) => tender.id === bid.tenderId);
  const now = Date.now();
  const invitations = bids
    .filter((bid) => {
      const tender = tenderOf(bid);
      return tender?.status === "ISSUED" && new Date(tender.closingAt).getTime() > now;
    })
    .sort((a, b) => new Date(tenderOf(a)!.closingAt).getTime() - new Date(tenderOf(b)!.closingAt).getTime());
  // A sub-account's Tenders toggle reads tenders and bids, not queries: asked only of who may read them (a 403 toast otherwise).
  const { data: queriesReadable } = useCan({ resource: "queries", action: "read" });
  const mayReadQueries = Boolean(queriesReadable?.can);
  const queries = useList({
    resource: "tender-queries",
    filters: [{ field: "status", operator: "eq", value: "ISSUED" }],
    sorters: [{ field: "closingAt", order: "asc" }],
    pagination: { currentPage: 1, pageSize: PANEL_SIZE },
    queryOptions: { enabled: mayReadQueries },
  });
  const submitted = useCount("bids", [{ field: "status", operator: "eq", value: "SUBMITTED" }]);

  return (
    <Row gutter={[16, 16]} data-testid="vendor-tender-panels">
      <Col xs={24} lg={14}>
        <Card title={t("openInvitations")} extra={<Link to="/vendors/tenders">{t("allInvitations")}</Link>} data-testid="open-invitations">
          <List
            rowKey="id"
            loading={open.query.isLoading}
            dataSource={invitations}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noOpenInvitations")} /> }}
            renderItem={(bid) => {
              const tender = tenderOf(bid)!;
              const status = bidDisplayStatus(
                { status: bid.status as BidState },
                { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus },
              );
              return (
                <List.Item
                  extra={
                    <span title={formatDateTime(tender.closingAt)}>
                      <Tag icon={<ClockCircleOutlined />} color="orange">
                        {timeLeft(tender.closingAt)}
                      </Tag>
                    </span>
                  }
                >
                  <List.Item.Meta
                    title={<Link to={`/vendors/tender-bid/${bid.id}`}>{tender.prNumber}</Link>}
                    description={
                      <>
                        <Typography.Text type="secondary">{tender.prDescription}</Typography.Text>{" "}
                        <Tag>{t(`bids:status.${status}`, { defaultValue: status })}</Tag>
                      </>
                    }
                  />
                </List.Item>
              );
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <Card>
              <Row>
                <Col span={12}>
                  <Statistic title={t("openInvitations")} value={invitations.length} loading={open.query.isLoading} data-testid="open-count" />
                </Col>
                <Col span={12}>
                  <Statistic title={t("submittedBids")} value={submitted.count} loading={submitted.loading} />
                </Col>
              </Row>
            </Card>
          </Col>
          {mayReadQueries && (
            <Col xs={24}>
              <Card title={t("queriesToAnswer")} extra={<QuestionCircleOutlined />} data-testid="queries-to-answer">
                <List
                  rowKey="id"
                  loading={queries.query.isLoading}
                  dataSource={queries.result?.data ?? []}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noQueries")} /> }}
                  renderItem={(query) => (
                    <List.Item extra={<Tag icon={<ClockCircleOutlined />}>{timeLeft(query.closingAt)}</Tag>}>
                      <Link to={`/vendors/tender-bid/${query.bidId}`}>
                        <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                          {query.question}
                        </Typography.Text>
                      </Link>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          )}
        </Row>
      </Col>
    </Row>
  );
}
