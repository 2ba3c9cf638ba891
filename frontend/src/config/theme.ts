import type { ThemeConfig } from "antd";

/**
 * The portal's one Ant Design theme. Ant's defaults give read text too little contrast for WCAG 2.1
 * AA (4.5:1 for normal text, issue 10): secondary and description text at 45% black (3.3:1 on the
 * grey layout), links and info tags in #1677ff (4.1:1), danger buttons and errors in #ff4d4f
 * (3.3:1), the status and preset tag colours (green, gold, orange, cyan, lime text on their light
 * backgrounds, 2.2 to 4.2:1). Each is darkened here once, so no page sets a colour of its own;
 * tests/e2e/platform/accessibility.spec.ts checks every menu page with axe-core.
 */
const brand = "#1f5fa8"; // 6.4:1 on white, 5.9:1 on the layout grey
/**
 * Under the pointer a link or a primary button darkens instead of Ant's lighter shade (#6195c2 from
 * the brand: 3.2:1 on white, and white text on it alike): text stays readable while it is pointed at.
 */
const brandHover = "#174a85"; // 8.6:1 on white
const brandActive = "#123a69"; // 11:1 on white

/** 60% black: 5.3:1 on the layout grey (#f5f5f5), 5.7:1 on white. */
const readableGrey = "rgba(0, 0, 0, 0.6)";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand,
    colorInfo: brand,
    colorLink: brand,
    colorLinkHover: brandHover,
    colorLinkActive: brandActive,
    colorPrimaryHover: brandHover,
    colorPrimaryActive: brandActive,
    // Red-7 (5.6:1 on white) rather than #ff4d4f (3.3:1): danger buttons, form errors, error text.
    colorError: "#cf1322",
    borderRadius: 6,
    colorTextSecondary: readableGrey,
    colorTextTertiary: readableGrey,
    colorTextDescription: readableGrey,
    // Select placeholders ("Search and choose") are read to know what to pick: #bfbfbf is 1.8:1.
    colorTextPlaceholder: readableGrey,
  },
  components: {
    // Status tags write colorSuccess/Warning/Error on their light backgrounds, preset tags the
    // palette's shade 7 on its shade 1: the shades below reach 4.5:1 (green 5.4, gold 6.5 ...).
    // Icons, alerts and buttons elsewhere keep Ant's colours: they are not text to read.
    Tag: {
      colorSuccess: "#237804",
      colorWarning: "#874d00",
      colorError: "#cf1322",
      green7: "#237804",
      gold7: "#874d00",
      orange7: "#ad4e00",
      volcano7: "#ad2102",
      cyan7: "#006d75",
      lime7: "#3f6600",
      yellow7: "#876800",
    },
    // A disabled select still shows its value to be read (a single region, a locked form).
    Select: { colorTextDisabled: readableGrey },
    // An empty table says so ("No documents yet") in the disabled grey, 1.8:1: it is text to read.
    Table: { colorTextDisabled: readableGrey },
    // So does an empty list ("No documents." in a dialog).
    List: { colorTextDisabled: readableGrey },
    // A locked form still reads its number fields' units ("days" beside a disabled number, 1.8:1).
    InputNumber: { colorTextDisabled: readableGrey },
  },
};

/**
 * Chart colours: the theme's contrast-safe shades (each 4.5:1 or more on white, like the tags
 * above), so a bar, a legend entry or a value label in a series' colour reads as well as text.
 * Axis and label text is the readable grey.
 */
export const chartColors = {
  primary: brand,
  success: "#237804",
  warning: "#874d00",
  error: "#cf1322",
  neutral: "#595959",
  cyan: "#006d75",
  text: readableGrey,
  grid: "#d9d9d9",
} as const;
