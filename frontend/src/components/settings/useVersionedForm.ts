import { useEffect, useState } from "react";
import { useForm, type UseFormProps } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";

/**
 * Refine's antd useForm for the settings screens. The form keeps the `updatedAt` of the record as it
 * was first loaded and sends that version with the save: a change made meanwhile by someone else
 * answers 410 (toast from the notification provider) instead of being overwritten, even when a
 * live event or a refetch has brought in a newer copy behind the user's back.
 */
export function useVersionedForm<TRecord extends BaseRecord = BaseRecord, TValues = Record<string, unknown>>(
  props: UseFormProps<TRecord, HttpError, TValues> = {},
) {
  const [version, setVersion] = useState<unknown>(undefined);
  const form = useForm<TRecord, HttpError, TValues>({
    liveMode: "off",
    redirect: "list",
    ...props,
    mutationMeta: { ...props.mutationMeta, ...(version !== undefined ? { updatedAt: version } : {}) },
    onMutationSuccess: (data, variables, context, isAutoSave) => {
      // After our own save the form continues from the saved version.
      const saved = (data?.data as BaseRecord | undefined)?.updatedAt;
      if (saved !== undefined) setVersion(saved);
      props.onMutationSuccess?.(data, variables, context, isAutoSave);
    },
  });
  const loaded = form.query?.data?.data?.updatedAt;
  useEffect(() => {
    if (version === undefined && loaded !== undefined) setVersion(loaded);
  }, [loaded, version]);
  return form;
}
