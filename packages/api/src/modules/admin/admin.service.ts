/**
 * The admin area's operations, one module per tab. Every call here is for admins only (the router
 * uses adminProcedure, the REST table auth 'admin'); every write records an audit entry in its own
 * transaction (audit.ts).
 */
export { dashboard } from './admin-dashboard.js';
export { listContactMessages, listReports, markContactHandled } from './admin-inbox.js';
export { archiveProduct, getProduct, listProducts, updateProduct } from './admin-products.js';
export { getUser, listUsers, reinstateUser, suspendUser } from './admin-users.js';
export { getVendor, listVendors, reinstateVendor, suspendVendor, verifyVendor } from './admin-vendors.js';
export { listAuditLog } from './audit.js';
