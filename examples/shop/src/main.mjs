// The shop's start: settings from the environment, its catalog and webhook endpoint made sure of, then its server.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Billing } from '@abk/billing';
import { ensureCatalog, ensureWebhookEndpoint } from './catalog.mjs';
import { Orders } from './orders.mjs';
import { createShopServer } from './server.mjs';
import { settingsFrom } from './settings.mjs';

const started = Date.now();
let settings;
try {
  settings = settingsFrom(process.env, dirname(dirname(fileURLToPath(import.meta.url))));
} catch (error) {
  console.error(`example shop: ${error.message}`);
  process.exit(2);
}
const billing = new Billing({ apiKey: settings.apiKey, baseUrl: settings.baseUrl });
let catalog;
let endpoint;
try {
  catalog = await ensureCatalog(billing);
  endpoint = await ensureWebhookEndpoint(billing, `${settings.publicUrl}/webhooks`);
} catch (error) {
  console.error(`example shop: cannot set up the catalog and webhook endpoint at ${settings.baseUrl}: ${error.message}`
    + (error.requestId ? ` (request id ${error.requestId})` : '')
    + '\nIs `./billing run` up, and is BILLING_API_KEY its demo test key?');
  process.exit(1);
}
const products = Object.values(catalog).map((p) => `${p.key}=${p.priceId}`).join(' ');
console.log(`event=catalog_ready ${products}`);
console.log(`event=webhook_endpoint_ready endpointId=${endpoint.endpointId} found=${endpoint.found}`);

const orders = new Orders(settings.dataDir);
const server = createShopServer({ billing, catalog, orders, webhookSecret: endpoint.secret, publicUrl: settings.publicUrl });
server.listen(settings.port, settings.host, () => {
  console.log(`event=shop_ready url=${settings.publicUrl} port=${server.address().port} ms=${Date.now() - started}`);
  console.log(`\n  Example Shop: open ${settings.publicUrl}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
