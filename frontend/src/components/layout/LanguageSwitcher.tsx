import { Suspense } from "react";
import { lazyNamed } from "../../config/lazy";

// antd's Select (with its option list, virtual scrolling and popups) is a chunk of its own: the
// login page shows its form without waiting for it.
const LanguageSelect = lazyNamed(() => import("./LanguageSelect"), "LanguageSelect");

/** The language switch; a box of its size holds the place while its code arrives, so nothing moves. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  return (
    <Suspense fallback={<div style={{ minWidth: compact ? 64 : 110, height: 32 }} />}>
      <LanguageSelect compact={compact} />
    </Suspense>
  );
}
