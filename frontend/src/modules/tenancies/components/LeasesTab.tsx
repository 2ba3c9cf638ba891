import { useState } from "react";
import { useCan, useInvalidate, useList, type BaseRecord } from "@refinedev/core";
import { Button, Input, Modal, Space, Table, Tag, Upload } from "antd";
import { LinkOutlined, UploadOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../components/format";
import { isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { importLeases, tenancyMethod } from "./api";
import { useUploadRules } from "../../../components/useUploadRules";

/**
 * The lease information tab (spec §2, §3, §7): the tenancy's leases in the spec's order; find
 * leases by tenant number and link them (a type or building that does not match asks to confirm
 * first); unlink; import a lease spreadsheet. Staff only: tenants never see it.
 */
export function LeasesTab({ record, onChanged }: { record: Record<string, any>; onChanged: () => void }) {
  const { t } = useTranslation("tenancies");
  const { data: mayLink } = useCan({ resource: "tenancies", action: "linkLeases" });
  const { data: mayImport } = useCan({ resource: "leases", action: "import" });
  const invalidate = useInvalidate();
  const refresh = () => {
    void invalidate({ resource: "leases", invalidates: ["list"] });
    onChanged();
  };
  const [tenantNo, setTenantNo] = useState("");
  const [searched, setSearched] = useState("");
  const linked = useList<BaseRecord>({
    resource: "leases",
    filters: [{ field: "tenancyId", operator: "eq", value: record.id }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const found = useList<BaseRecord>({
    resource: "leases",
    filters: [{ field: "tenantNo", operator: "eq", value: searched }],
    pagination: { pageSize: 100, mode: "server" },
    queryOptions: { enabled: Boolean(searched) },
  });

  const link = async (ids: number[], confirm = false): Promise<void> => {
    try {
      await tenancyMethod("linkLeases", { id: record.id, updatedAt: record.updatedAt, leaseIds: ids, ...(confirm ? { confirm: true } : {}) });
      notifySuccess(t("leases.linked"));
      refresh();
    } catch (error) {
      if (isApiError(error) && error.status === 428 && error.code === "LEASE_MISMATCH") {
        Modal.confirm({
          title: t("leases.mismatchTitle"),
          content: t("leases.mismatch"),
          okText: t("actions.confirm"),
          cancelText: t("actions.cancel"),
          onOk: () => link(ids, true),
        });
        return;
      }
      notifyError("tenancies.linkLeases", error);
    }
  };
  const unlink = async (id: number) => {
    try {
      await tenancyMethod("unlinkLeases", { id: record.id, updatedAt: record.updatedAt, leaseIds: [id] });
      notifySuccess(t("leases.unlinked"));
      refresh();
    } catch (error) {
      notifyError("tenancies.unlinkLeases", error);
    }
  };
  // A sheet uploaded as a file, then read by the server: xlsx only, one at a time, within the upload rules.
  const rules = useUploadRules({ maxCount: 1, types: ["xlsx"] });
  const upload = async (file: File) => {
    try {
      const result = await importLeases(file);
      notifySuccess(t("leases.imported", { created: result.created, updated: result.updated, rejected: result.rejected.length }));
      refresh();
    } catch (error) {
      notifyError("leases.import", error);
    }
  };

  const columns = (actions: (lease: BaseRecord) => React.ReactNode) => [
    { title: t("leases.number"), dataIndex: "number", render: (number: string, lease: BaseRecord) => <Link to={`/leases/view/${lease.id}`}>{number}</Link> },
    { title: t("leases.tenantNo"), dataIndex: "tenantNo" },
    { title: t("leases.type"), dataIndex: "leaseType", render: (value: string) => <Tag>{`${value} · ${t(`leaseTypes.${value}`)}`}</Tag> },
    { title: t("leases.label"), dataIndex: "label", render: (value: string | null) => (value ? t(`leaseLabels.${value}`) : "") },
    { title: t("leases.premises"), dataIndex: "premises" },
    { title: t("leases.building"), dataIndex: "buildingCode" },
    { title: t("leases.start"), dataIndex: "leaseStart", render: formatDate },
    { title: t("leases.end"), dataIndex: "leaseEnd", render: formatDate },
    { key: "actions", render: (_: unknown, lease: BaseRecord) => actions(lease) },
  ];

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <Table
        data-testid="linked-leases"
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 800 }}
        loading={linked.query.isLoading}
        dataSource={linked.result?.data ?? []}
        locale={{ emptyText: t("leases.none") }}
        columns={columns((lease) =>
          mayLink?.can ? (
            <Button size="small" danger onClick={() => unlink(Number(lease.id))}>
              {t("leases.unlink")}
            </Button>
          ) : null,
        )}
      />
      {mayLink?.can && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Input.Search
              aria-label={t("leases.tenantNo")}
              placeholder={t("leases.searchByTenantNo")}
              value={tenantNo}
              onChange={(event) => setTenantNo(event.target.value)}
              onSearch={(value) => setSearched(value.trim())}
              enterButton
              style={{ width: 280 }}
              data-testid="tenant-no-search"
            />
            {mayImport?.can && (
              <Upload accept={rules.accept ?? ".xlsx"} showUploadList={false} beforeUpload={rules.sendEach(upload)}>
                <Button icon={<UploadOutlined />}>{t("leases.import")}</Button>
              </Upload>
            )}
          </Space>
          {searched && (
            <Table
              data-testid="found-leases"
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 800 }}
              dataSource={found.result?.data ?? []}
              locale={{ emptyText: t("leases.noneFound") }}
              columns={columns((lease) =>
                lease.tenancyId === record.id ? (
                  <Tag color="green">{t("leases.isLinked")}</Tag>
                ) : (
                  <Button size="small" type="primary" icon={<LinkOutlined />} onClick={() => link([Number(lease.id)])}>
                    {t("leases.link")}
                  </Button>
                ),
              )}
            />
          )}
        </Space>
      )}
    </Space>
  );
}
