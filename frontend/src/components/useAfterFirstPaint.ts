import { useEffect, useState } from "react";

let appPainted = false;

/**
 * False until the app's first screen has been painted, then true (at once for what mounts later):
 * what that screen does not need (the language switch's select, the toasts' host) asks for its
 * code after the page shows, so the first screen waits for none of it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(appPainted);
  useEffect(() => {
    if (painted) return;
    // The frame after the next one: the current one has been painted by then.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        appPainted = true;
        setPainted(true);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  return painted;
}
