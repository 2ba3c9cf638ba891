import type { ComponentType, ReactElement } from "react";
import type { AppResource } from "../config/resources";
import type { PageFiles } from "../config/resource-pages";
import type { Feature, Portal } from "../types/session";

/** A box on a portal's dashboard, shown when the module's feature is on (and `subject` readable, if named). */
export interface DashboardPanel {
  key: string;
  Panel: ComponentType<{ portal: Portal }>;
  /** CASL subject the user must be able to read for the panel to show. */
  subject?: string;
}

/**
 * A tab a module adds to another module's record page (the tenancy's projects on the tenancy
 * page), placed after the host's tab `after`, shown when the region has `feature` on and the user
 * may list `subject`. Data only, its Panel lazy: the manifests load with the sign-in page.
 */
export interface RecordTab {
  key: string;
  after: string;
  /** i18n key of its label, "<namespace>:<key>". */
  labelKey: string;
  feature: Feature;
  subject: string;
  /**
   * The field of the subject's records that names the host record (a tenancy's projects: `tenancyId`):
   * the tab shows when the user reads the subject's records of this host record, not merely some
   * record of the subject (one a user reads because it lists them).
   */
  scopedBy?: string;
  Panel: ComponentType<{ record: Record<string, any>; portal: Portal }>;
}

/** A module's page without an account: its path (react-router pattern) and its screen, loaded when first opened. */
export interface PublicPage {
  path: string;
  load: () => Promise<ComponentType>;
}

/**
 * Catalogue loaders by path, locales/<language>/<namespace>.json: what `import.meta.glob("./locales/*\/*.json")`
 * gives. A language's files are fetched when that language is first chosen.
 */
export type LocaleFiles = Record<string, () => Promise<unknown>>;

/**
 * What a module gives the browser shell. The shell reads every module from the one list in
 * modules/index.ts and never imports a module file otherwise. A module's files are evaluated
 * before the i18n provider finishes loading (it reads `locales` from here), so nothing in them
 * may translate at import time; translating while rendering is fine.
 */
export interface ClientModule {
  name: string;
  /** The region feature switch that turns the whole module on. */
  feature: Feature;
  /** Portals whose dashboard lists the module, and the CASL subjects any of which opens it. */
  portals: Portal[];
  subjects: string[];
  /** Where the module's dashboard card links to, per portal. */
  home?: Partial<Record<Portal, string>>;
  /** Refine resources with a menu entry or list/create/edit/show routes (meta.portal places them). */
  resources: AppResource[];
  /** Entries for the staff Settings menu (the shell sets their parent and portal). */
  settings?: AppResource[];
  /** The resources' screens, found by file name: `import.meta.glob("./pages/*\/{list,create,edit,show}.tsx")`. */
  pages: PageFiles;
  /** Screens beyond a resource's list/create/edit/show, as <Route> elements inside each portal's frame. */
  routes?: Partial<Record<Portal, ReactElement[]>>;
  /**
   * Pages without an account, outside every portal's frame (a signing link, a verify page): each
   * path and its screen's code, fetched with the modules' catalogues when first opened. Their
   * paths belong to no portal (config/portals.ts).
   */
  publicPages?: PublicPage[];
  /** Boxes on each portal's dashboard, above the module cards, in this order. */
  dashboard?: Partial<Record<Portal, DashboardPanel[]>>;
  /**
   * Form fields it adds to another module's dialog, by the slot that dialog names (e.g.
   * "tenders.issue": the vendors' standing under the vendors chosen), so no module imports another.
   */
  slots?: Partial<Record<string, ComponentType>>;
  /** Tabs it adds to another module's record page, by the page's name (e.g. "tenancies.view"), so no module imports another. */
  tabs?: Partial<Record<string, RecordTab[]>>;
  /** Its catalogues: locales/<language>/<namespace>.json. A namespace the platform also has is merged into it. */
  locales: LocaleFiles;
}
