/** Date and time as the settings screens show them; blank for no value (the one format module). */
export { formatDateTime } from "../format";
