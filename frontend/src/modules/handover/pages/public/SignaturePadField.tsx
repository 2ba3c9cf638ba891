import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { theme } from "antd";

/**
 * A box to draw a signature in (signature_pad): finger, pen or mouse. Gives its pad to the form
 * through `onReady`.
 */
export function SignaturePadField({ onReady, height = 200 }: { onReady: (pad: SignaturePad) => void; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const pad = new SignaturePad(element, { penColor: "#1f1f1f", minWidth: 0.8, maxWidth: 2.4 });
    // The canvas's pixels follow its box and the screen's density, so strokes land under the pointer.
    // A phone's address bar coming and going resizes the window, not the box: only a new width
    // refits, and what was drawn is drawn again at the new scale.
    let fitted = { width: -1, ratio: -1 };
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      if (fitted.width === element.offsetWidth && fitted.ratio === ratio) return;
      fitted = { width: element.offsetWidth, ratio };
      const drawn = pad.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      if (drawn.length) pad.fromData(drawn);
    };
    fit();
    onReady(pad);
    window.addEventListener("resize", fit);
    return () => {
      window.removeEventListener("resize", fit);
      pad.off();
    };
  }, [onReady]);
  return (
    <canvas
      ref={canvas}
      data-testid="signature-pad"
      style={{
        width: "100%",
        height,
        display: "block",
        touchAction: "none",
        background: "#fff",
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadius,
      }}
    />
  );
}
