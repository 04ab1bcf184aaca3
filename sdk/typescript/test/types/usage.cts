// The same declarations seen from a CommonJS consumer (require).
import billingModule = require('@abk/billing');

const billing = new billingModule.Billing({ apiKey: 'k' });
export const page: Promise<billingModule.Page<billingModule.Payment>> = billing.payments.list().firstPage();
