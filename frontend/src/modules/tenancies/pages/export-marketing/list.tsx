import { ContactExportPage } from "../../components/ContactExports";

/** /export-marketing: the marketing contacts' spreadsheet. */
export function ExportMarketingList() {
  return <ContactExportPage kind="marketing" />;
}
