/** The ten region feature switches, from the backend's shared list. */
export { regionFeatures as REGION_FEATURES } from "../../../../backend/src/services/regions/regions.shared";
