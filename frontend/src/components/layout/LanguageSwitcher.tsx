import { Suspense } from "react";
import { lazyNamed } from "../../config/lazy";
import { useAfterFirstPaint } from "../useAfterFirstPaint";

// antd's Select (with its option list, virtual scrolling and popups) is a chunk of its own: the
// login page shows its form without waiting for it, and asks for it once the form has painted.
const LanguageSelect = lazyNamed(() => import("./LanguageSelect"), "LanguageSelect");

/** The language switch; a box of its size holds the place while its code arrives, so nothing moves. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const painted = useAfterFirstPaint();
  const placeholder = <div style={{ minWidth: compact ? 64 : 110, height: 32 }} />;
  return painted ? (
    <Suspense fallback={placeholder}>
      <LanguageSelect compact={compact} />
    </Suspense>
  ) : (
    placeholder
  );
}
