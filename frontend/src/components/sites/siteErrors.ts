import type { HttpError, OpenNotificationParams } from "@refinedev/core";
import { isApiError } from "../../providers/api";
import i18n from "../../providers/i18n";

/**
 * The save toast of a site: 409 PHYSICAL_SITE_TAKEN names the building and the physical site that
 * already holds it; everything else keeps the catalogue text the data provider put on the error.
 */
export function siteErrorNotification(error?: HttpError): OpenNotificationParams {
  if (isApiError(error) && error.code === "PHYSICAL_SITE_TAKEN") {
    return {
      type: "error",
      message: i18n.t("sites:errors.physicalTaken", { building: error.data?.building ?? "", site: error.data?.site ?? "" }),
    };
  }
  const [message, ...rest] = (error?.message ?? "").split("\n");
  return { type: "error", message: message || i18n.t("errors:system"), description: rest.join("\n") || undefined };
}
