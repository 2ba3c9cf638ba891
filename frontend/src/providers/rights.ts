import { api, setRightsRenewer } from "./api";
import { session } from "./session";
import { translate } from "./i18n";
import { notifyInfo } from "./notifications";
import { regionCode } from "./regions";
import type { AuthPayload } from "../types/session";

let renewing: Promise<boolean> | null = null;

/**
 * Takes the rights an administrator just gave or took (groups, perms, toggles, company) into the
 * open session, without a new sign-in (issue 27 item 20): the server renews the session's token
 * under the user's permission version now and answers the new rules; the session store then
 * rebuilds the menus and abilities, every screen reads again (SessionBridges) and the live
 * connection signs in anew with the new token (live-provider.ts), so its events follow the new
 * rights too. Called when the server says so on the live connection ('rights') and when a request
 * meets 403 PERMISSION_UPDATED (api.ts); one renewal at a time. When the server refuses (the
 * session ended, the account was locked), the spec's "permission updated, sign in again" dialog
 * is the fallback. Answers whether the session now holds the new rights.
 */
export function renewRights(): Promise<boolean> {
  renewing ??= renew().finally(() => {
    renewing = null;
  });
  return renewing;
}

async function renew(): Promise<boolean> {
  const { token, region } = session.get();
  if (!token) return false;
  try {
    const payload = await api<AuthPayload>("/v1/authentication", {
      method: "POST",
      body: { strategy: "renew", accessToken: token },
      authFlow: true,
      token: null,
      headers: region ? { "X-Region": region } : undefined,
    });
    // Signed out (or in as someone else) while the answer was on its way: it is not this session's.
    if (session.get().token !== token || !payload.accessToken) return false;
    session.set({
      token: payload.accessToken,
      user: payload.user,
      rules: payload.rules ?? [],
      region: regionCode(payload.region ?? null) ?? region,
      permissionUpdated: false,
    });
    notifyInfo(translate("permissionUpdated.live.title"), translate("permissionUpdated.live.message"));
    return true;
  } catch {
    if (session.get().token === token) session.set({ permissionUpdated: true });
    return false;
  }
}

setRightsRenewer(renewRights);
