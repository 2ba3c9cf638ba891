import { regionCurrency } from "../../../../backend/src/format/format.shared";
import { useSession } from "../../providers/session";

/** The current region's currency (spec section 9: USD when the region names none). */
export function useRegionCurrency(): string {
  return useSession((s) => regionCurrency(s.regions.find((region) => region.code === s.region)?.currency));
}

/** Code pattern the server accepts for building and location codes. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
