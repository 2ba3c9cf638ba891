import { useLocation } from "react-router";

/** The portal's path prefix of the screen on show: '' for staff, '/vendors' for a vendor's contacts. */
export function usePortalBase(): string {
  return useLocation().pathname.startsWith("/vendors") ? "/vendors" : "";
}

export { primaryOf } from "../../../../../backend/src/modules/contacts/services/ccdcontacts/ccdcontacts.shared";
