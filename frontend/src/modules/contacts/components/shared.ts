// The server's browser-safe contact files, in one place for the screens.
export {
  channelKinds,
  channelTypes,
  contactGenders,
  contactPrefixes,
  contactRoleTypes,
  contactStatuses,
  type ChannelKind,
  type ContactChannel,
} from "../../../../../backend/src/modules/contacts/services/ccdcontacts/ccdcontacts.shared";
export { checkChannels } from "../../../../../backend/src/modules/contacts/services/ccdcontacts/contact-rules.shared";
export { normalisePhone } from "../../../../../backend/src/modules/contacts/services/ccdcontacts/phone.shared";
export { companyTypes, companyStatuses } from "../../../../../backend/src/services/companies/companies.shared";
export { usesDefaultAddress } from "../../../../../backend/src/modules/contacts/services/ccdcompanies/ccdcompanies.shared";
