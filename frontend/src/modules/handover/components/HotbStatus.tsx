import { StatusTag } from "../../../components/StatusTag";

/** A handover's status as a tag, in the reader's language. */
export function HotbStatus({ status }: { status: string }) {
  return (
    <span data-testid="hotb-status">
      <StatusTag status={status} resource="hotb" color={status === "UNSIGNED" ? "warning" : undefined} />
    </span>
  );
}
