import { Suspense } from "react";
import { clientModules } from "../providers/modules";

/**
 * The fields other modules add to a dialog: each manifest's `slots[name]`, in the modules' order
 * (e.g. the vendors' standing that the projects module adds to the tender's issue dialog). A slot
 * is usually lazy (its code stays out of the first load): the dialog shows without it until it arrives.
 */
export function Slot({ name }: { name: string }) {
  return (
    <>
      {clientModules().map((module) => {
        const Fields = module.slots?.[name];
        return Fields ? (
          <Suspense key={module.name} fallback={null}>
            <Fields />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
