import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { AuthActionResponse } from "@refinedev/core";
import { authProvider, type LoginParams } from "../../providers/auth-provider";
import { notificationProvider } from "../../providers/notifications";

/**
 * Signs in through the auth provider as Refine's useLogin would (the public pages render without
 * Refine, so the login page loads none of it): on success to where the provider says, replacing
 * the history entry; on failure one "login-error" toast, replaced by the next.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (params: LoginParams, options?: { onSuccess?: (result: AuthActionResponse) => void }) => {
      setPending(true);
      void authProvider
        .login(params)
        .catch((error: Error): AuthActionResponse => ({ success: false, error }))
        .then((result) => {
          const { success, error, redirectTo } = result;
          setPending(false);
          options?.onSuccess?.(result);
          if (success) {
            notificationProvider.close?.("login-error");
            if (redirectTo) void navigate(redirectTo, { replace: true });
          } else {
            notificationProvider.open?.({
              key: "login-error",
              type: "error",
              message: error?.name || "Login Error",
              description: error?.message || "Invalid credentials",
            });
          }
        });
    },
    [navigate],
  );
  return { mutate, isPending };
}
