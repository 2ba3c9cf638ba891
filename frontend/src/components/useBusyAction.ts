import { useState } from "react";
import { notifyError, notifySuccess } from "../providers/notifications";

/**
 * One action of a panel at a time: `run` marks `key` busy (its button shows the spinner), makes
 * the call, says it worked (`done`) and reads the panel again (`after`), or shows the server's
 * answer under the call's name (`operation`). Answers whether the call went through.
 */
export function useBusyAction(after: () => unknown) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, operation: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      notifySuccess(done);
      await after();
      return true;
    } catch (error) {
      notifyError(operation, error);
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
