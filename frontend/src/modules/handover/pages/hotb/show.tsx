import { HotbView } from "../../components/HotbView";

/** A handover or takeback for staff (spec /handover-takeback/{id}). */
export function HotbShow() {
  return <HotbView staff />;
}
