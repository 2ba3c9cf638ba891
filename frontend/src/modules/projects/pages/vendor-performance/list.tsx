// `/performance` (spec route "performance"): the screen lives with the module's other performance screens.
export { VendorPerformanceList } from "../../performance/PerformanceList";
