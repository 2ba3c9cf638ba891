import { useEffect, useState } from "react";
import { api, isApiError } from "../../providers/api";

/** How often the lock is renewed while the form is open (spec: edit keep-alive gap 30 s). */
export const KEEP_ALIVE_MS = 30_000;

export type EditLockState = { status: "pending" } | { status: "held" } | { status: "taken"; username: string };

/**
 * Takes the edit lock of a record while its edit form is open, renews it every 30 seconds and
 * releases it when the form closes. When someone else holds it, says who, so the form can be
 * read-only instead of failing on save (the server refuses the save with 423 anyway).
 */
export function useEditLock(resource: string, recordId: string | number | undefined): EditLockState {
  const [state, setState] = useState<EditLockState>({ status: "pending" });
  useEffect(() => {
    if (recordId === undefined || recordId === "") return;
    const id = `${resource}:${recordId}`;
    let stopped = false;
    const claim = async (renew: boolean) => {
      try {
        if (renew) await api(`edit-locks/${id}`, { method: "PATCH", body: {} });
        else await api("edit-locks", { method: "POST", body: { resource, recordId: String(recordId) } });
        if (!stopped) setState({ status: "held" });
      } catch (error) {
        if (!stopped && isApiError(error) && error.status === 423) {
          setState({ status: "taken", username: String((error.data as any)?.username ?? "") });
        }
      }
    };
    void claim(false);
    const timer = window.setInterval(() => void claim(true), KEEP_ALIVE_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      void api(`edit-locks/${id}`, { method: "DELETE" }).catch(() => {});
    };
  }, [resource, recordId]);
  return state;
}
