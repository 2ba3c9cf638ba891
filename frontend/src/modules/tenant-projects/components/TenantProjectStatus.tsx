import { StatusTag } from "../../../components/StatusTag";

/** A tenant project's status as a tag, in the reader's language (withdrawn reads as closed, like cancelled). */
export function TenantProjectStatus({ status }: { status: string }) {
  return (
    <span data-testid="tenant-project-status">
      <StatusTag status={status} resource="tenant-projects" color={status === "WITHDRAWN" ? "error" : undefined} />
    </span>
  );
}
