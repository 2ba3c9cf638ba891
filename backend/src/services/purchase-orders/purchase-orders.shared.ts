export const purchaseOrdersPath = 'purchase-orders'
export const purchaseOrdersMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export const purchaseChecksPath = 'purchase-checks'
