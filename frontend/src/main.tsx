// Must come first: lets antd 5 render with React 19.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./providers/i18n";
import App from "./App";
import { keepSelectAriaRequiredOnInput } from "./config/selectAria";

keepSelectAriaRequiredOnInput(document.body);

// The chosen language's catalogues arrive before the first render, so no screen shows bare keys.
void initI18n().then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
