import { Space } from "antd";
import { FinalDocumentsCard } from "./FinalDocumentsCard";
import { InspectionsCard } from "./InspectionsCard";
import { InsuranceCard } from "./InsuranceCard";
import { GreenFitoutSection } from "../green-fitout/GreenFitoutSection";
import { PostFitoutCard } from "../post-fitout/PostFitoutCard";

/**
 * The project control's inspections, final documents and insurance (issue 30 items 5 to 7), in the
 * projectControl tab (index 4) below the deposit, ledger, refund and management fee.
 */
export function ProjectControlExtras({ project, onProjectChanged }: { project: Record<string, any>; onProjectChanged: () => void }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%", marginTop: 16 }} data-testid="project-control-extras">
      <InspectionsCard project={project} />
      <FinalDocumentsCard project={project} />
      <PostFitoutCard project={project} />
      <InsuranceCard project={project} onChanged={onProjectChanged} />
      <GreenFitoutSection project={project} />
    </Space>
  );
}
