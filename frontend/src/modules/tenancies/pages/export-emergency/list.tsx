import { ContactExportPage } from "../../components/ContactExports";

/** /export-emergency: the emergency contacts' spreadsheet and each building's call tree. */
export function ExportEmergencyList() {
  return <ContactExportPage kind="emergency" />;
}
