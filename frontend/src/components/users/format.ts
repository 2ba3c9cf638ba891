import dayjs from "dayjs";

/** Date and time as the settings screens show them; blank for no value. */
export const formatDateTime = (value: unknown) => (value ? dayjs(value as string).format("YYYY-MM-DD HH:mm") : "");
