import { useNavigate } from "react-router";
import { useSession } from "../providers/session";
import { PORTAL_HOME, portalOf } from "../config/portals";

/**
 * Back, or home when there is nothing to go back to (a page opened from a mail link or a new
 * tab has a history of one or two entries; spec section 2).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return () => {
    if (window.history.length > 2) navigate(-1);
    else navigate(user ? PORTAL_HOME[portalOf(user)] : "/pub/login", { replace: true });
  };
}
