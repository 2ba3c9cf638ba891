import { modules } from "./index";

/**
 * The fields other modules add to a dialog: each manifest's `slots[name]`, in the modules' order
 * (e.g. the vendors' standing that the projects module adds to the tender's issue dialog).
 */
export function Slot({ name }: { name: string }) {
  return (
    <>
      {modules.map((module) => {
        const Fields = module.slots?.[name];
        return Fields ? <Fields key={module.name} /> : null;
      })}
    </>
  );
}
