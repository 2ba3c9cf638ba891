import { BankOutlined, ContactsOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";

const MergeContacts = lazyNamed(() => import("./components/MergeContacts"), "MergeContacts");

/**
 * The central contacts database (spec §2): staff keep companies and contacts (/contacts,
 * /companies/..., /ccdcontacts/...) and merge duplicates; a vendor keeps its own company's contacts
 * under /vendors/contacts. Always on (spec §6: Contact is an always-on group), so no dashboard card.
 */
export const contacts: ClientModule = {
  name: "contacts",
  feature: "TENANCY_RECORDS",
  portals: [],
  subjects: ["ccdcontacts", "ccdcompanies"],
  resources: [
    {
      name: "ccdcontacts",
      list: "/contacts",
      create: "/ccdcontacts/create",
      edit: "/ccdcontacts/edit/:id",
      show: "/ccdcontacts/detail/:id",
      meta: { labelKey: "ccdcontacts.menu", icon: <ContactsOutlined />, portal: "staff" },
    },
    {
      name: "ccdcompanies",
      list: "/companies",
      create: "/companies/create",
      edit: "/companies/edit/:id",
      show: "/companies/detail/:id",
      meta: { labelKey: "ccdcompanies.menu", icon: <BankOutlined />, portal: "staff" },
    },
    {
      name: "ccdcontacts",
      identifier: "vendor-ccdcontacts",
      list: "/vendors/contacts",
      create: "/vendors/ccdcontacts/create",
      edit: "/vendors/ccdcontacts/edit/:id",
      show: "/vendors/ccdcontacts/detail/:id",
      meta: { labelKey: "vendor-ccdcontacts.menu", icon: <ContactsOutlined />, portal: "vendors", subject: "ccdcontacts" },
    },
  ],
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  routes: { staff: [<Route key="ccdcontacts-merge" path="/ccdcontacts/merge/:id" element={<MergeContacts />} />] },
  locales: import.meta.glob("./locales/*/*.json"),
};
