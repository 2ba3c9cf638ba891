import { useList, type BaseRecord } from "@refinedev/core";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

/**
 * Staff's notice on a project whose vendor named a user of another company its main contractor
 * (issue 27 item 8): that company reads the project's site part, so the person in charge sees who.
 * Nothing while the main contractor is of the vendor's own company or not invited.
 */
export function OutsideMainContractor({ projectId }: { projectId: string }) {
  const { t } = useTranslation("projects");
  const { result } = useList<BaseRecord>({
    resource: "project-contractors",
    filters: [
      { field: "projectId", operator: "eq", value: projectId },
      { field: "contractorType", operator: "eq", value: "MAIN" },
    ],
    pagination: { mode: "off" },
  });
  const main = (result?.data ?? []).find((row) => row.contactCompanyName);
  if (!main) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="outside-main-contractor"
      message={t("contractors.outsideMain", { user: `${main.firstName} ${main.lastName}`, company: main.contactCompanyName })}
      description={t("contractors.outsideMainDetail")}
    />
  );
}
