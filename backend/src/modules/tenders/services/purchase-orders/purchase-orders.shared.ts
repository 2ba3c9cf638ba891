export const purchaseOrdersPath = 'purchase-orders'
export const purchaseOrdersMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export const purchaseChecksPath = 'purchase-checks'
/** The currencies a purchase form offers (spec §7 requests|orders|contracts/currencies). */
export const purchaseCurrenciesPath = 'purchase-currencies'
export const purchaseCurrencyKinds = ['PR', 'PO', 'CONTRACT'] as const
