import { useList } from "@refinedev/core";
import { Button, Space, Spin } from "antd";
import { FilePdfOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";
import { currentAbility } from "../../../../providers/access-control";
import { session } from "../../../../providers/session";
import { deductionsPath, depositsPath, managementFeesPath, refundsPath } from "./ledgerApi";
import { DepositCard } from "./DepositCard";
import { LedgerTable } from "./LedgerTable";
import { RefundCard } from "./RefundCard";
import { ManagementFeeCard } from "./ManagementFeeCard";

const one = (resource: string, projectId: number) => ({
  resource,
  filters: [{ field: "projectId", operator: "eq" as const, value: projectId }],
  pagination: { mode: "off" as const },
});

/** The project control tab's ledger (spec §2 anchors deposit, managementFee; issue 30 items 1 to 4). */
export default function ProjectControl({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("project-control");
  const deposits = useList<Record<string, any>>(one(depositsPath, project.id));
  const refunds = useList<Record<string, any>>(one(refundsPath, project.id));
  const fees = useList<Record<string, any>>(one(managementFeesPath, project.id));
  const ability = currentAbility();
  const asRecord = { region: project.region, tenancyId: project.tenancyId, projectId: project.id };
  const can = (action: string, resource: string) => ability.can(action, subject(resource, { ...asRecord }) as any);
  const tenantSide = session.get().user?.portal === "tenants";
  const refresh = () => Promise.all([deposits.query.refetch(), refunds.query.refetch(), fees.query.refetch()]);
  if (deposits.query.isLoading) return <Spin style={{ display: "block", margin: 24 }} />;
  const deposit = deposits.result?.data?.[0] ?? null;
  const currency = deposit?.currency ?? "HKD";
  const statement = () =>
    void downloadFile(`documents/tenant-deposit-statement/${project.id}`, {}, `deposit-statement-${project.id}.pdf`).catch((error) =>
      notifyError("documents.get", error),
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="project-control">
      <DepositCard
        projectId={project.id}
        deposit={deposit}
        currency={currency}
        mayRecord={can("create", depositsPath)}
        mayNotify={can("notify", depositsPath)}
        tenantSide={tenantSide && can("update", depositsPath)}
        onChanged={refresh}
      />
      {deposit && deposit.amountCents != null && (
        <>
          <LedgerTable
            projectId={project.id}
            deposit={deposit}
            mayDeduct={can("create", deductionsPath) && refunds.result?.data?.[0]?.status !== "CONFIRMED"}
            onChanged={refresh}
          />
          <Space>
            <Button icon={<FilePdfOutlined />} onClick={statement} data-testid="deposit-statement">
              {t("statement")}
            </Button>
          </Space>
        </>
      )}
      <RefundCard projectId={project.id} refund={refunds.result?.data?.[0] ?? null} deposit={deposit} mayRequest={tenantSide} onChanged={refresh} />
      <ManagementFeeCard
        projectId={project.id}
        fee={fees.result?.data?.[0] ?? null}
        currency={currency}
        mayRecord={can("create", managementFeesPath)}
        onChanged={refresh}
      />
    </Space>
  );
}
