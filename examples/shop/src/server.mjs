// The shop's HTTP server (node:http, no framework): the pages, the buy form that sends the buyer to the hosted
// checkout, and the webhook receiver that marks orders paid.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { BillingError, SignatureVerificationError } from '@abk/billing';
import { homePage, orderPage, problemPage } from './pages.mjs';

const PUBLIC = new URL('../public/', import.meta.url);
const STATIC = {
  '/shop.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('shop.css', PUBLIC)) },
  '/order.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('order.js', PUBLIC)) },
};
// Everything the pages load comes from the shop itself; the buy form's answer is a redirect to the checkout.
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};
/** A form or a webhook delivery is small; a larger body is refused before it is read to the end. */
const MAX_BODY_BYTES = 1024 * 1024;
const WALLET = /^0x[0-9a-fA-F]{40}$/;

/**
 * @param {object} shop
 * @param {import('@abk/billing').Billing} shop.billing the client, with the shop's key
 * @param {object} shop.catalog ensureCatalog's answer
 * @param {import('./orders.mjs').Orders} shop.orders
 * @param {string} shop.webhookSecret the endpoint's whsec_ secret
 * @param {string} shop.publicUrl where buyers and the webhook sender reach the shop
 * @param {(line: string) => void} [shop.log]
 */
export function createShopServer(shop) {
  const log = shop.log || ((line) => console.log(line));
  return createServer(async (request, response) => {
    try {
      await route(shop, log, request, response);
    } catch (error) {
      log(`event=request_failed method=${request.method} path=${request.url} error=${JSON.stringify(error.message)}`);
      if (!response.headersSent) {
        send(response, 500, html(problemPage('Something went wrong', 'The shop could not answer. Try again in a moment.')));
      }
    }
  });
}

async function route(shop, log, request, response) {
  const url = new URL(request.url, 'http://shop.invalid');
  const path = url.pathname;
  if (request.method === 'GET' && path === '/') {
    return send(response, 200, html(homePage(shop.catalog)));
  }
  if (request.method === 'GET' && path === '/favicon.ico') {
    return send(response, 204, {}); // the shop has no icon; browsers ask anyway
  }
  if (request.method === 'GET' && Object.hasOwn(STATIC, path)) {
    return send(response, 200, { type: STATIC[path].type, body: STATIC[path].body });
  }
  if (request.method === 'POST' && path === '/buy') {
    return buy(shop, log, await readBody(request), response);
  }
  if (request.method === 'POST' && path === '/webhooks') {
    return webhook(shop, log, request, await readBody(request), response);
  }
  const order = /^\/orders\/(ord_[0-9a-f]{16})(\/status)?$/.exec(path);
  if (request.method === 'GET' && order && shop.orders.get(order[1])) {
    const found = shop.orders.get(order[1]);
    if (order[2]) {
      return send(response, 200, { type: 'application/json', body: JSON.stringify({ id: found.id, status: found.status }) });
    }
    return send(response, 200, html(orderPage(found, shop.catalog[found.product], { canceled: url.searchParams.has('canceled') })));
  }
  return send(response, 404, html(problemPage('Not found', 'There is no such page in the shop.')));
}

/** The buy form: a pending order, then the subscription or payment for it, then off to the hosted checkout. */
async function buy(shop, log, body, response) {
  const form = new URLSearchParams(body.toString('utf8'));
  const key = form.get('product');
  const wallet = (form.get('wallet') || '').trim();
  const product = Object.hasOwn(shop.catalog, key) ? shop.catalog[key] : null;
  if (!product) {
    return send(response, 400, html(problemPage('Unknown product', 'The shop does not sell that product.')));
  }
  if (!WALLET.test(wallet)) {
    const message = 'Enter a wallet address: 0x followed by 40 hexadecimal digits.';
    return send(response, 400, html(homePage(shop.catalog, { product: key, wallet, message })));
  }
  const order = shop.orders.create(key, wallet);
  const request = {
    merchantRef: order.id,
    customerWallet: wallet,
    priceId: product.priceId,
    metadata: { shopOrderId: order.id },
    successUrl: `${shop.publicUrl}/orders/${order.id}`,
    cancelUrl: `${shop.publicUrl}/orders/${order.id}?canceled`,
  };
  // The order's id as the key: a retried call makes one subscription or payment, never two.
  const options = { idempotencyKey: `example-shop-${order.id}` };
  try {
    const created = product.interval === 'once'
      ? await shop.billing.payments.create(request, options)
      : await shop.billing.subscriptions.create(request, options);
    const billingId = (created.subscription || created.payment).id;
    shop.orders.attach(order.id, billingId, created.checkoutUrl);
    log(`event=order_created orderId=${order.id} product=${key} billingId=${billingId}`);
    return send(response, 303, { location: created.checkoutUrl });
  } catch (error) {
    if (!(error instanceof BillingError)) {
      throw error;
    }
    log(`event=order_refused orderId=${order.id} code=${error.code} requestId=${error.requestId}`);
    return send(response, 502, html(problemPage('The payment could not be started', error.message, error.requestId)));
  }
}

/** A webhook delivery: verified on the raw body, then the order it names marked paid. */
async function webhook(shop, log, request, body, response) {
  let event;
  try {
    event = await shop.billing.webhooks.constructEvent(body, request.headers, shop.webhookSecret);
  } catch (error) {
    if (error instanceof SignatureVerificationError) {
      log(`event=webhook_refused code=${error.code}`);
      return send(response, 400, { type: 'text/plain', body: error.code });
    }
    throw error;
  }
  const paid = paidOrder(event);
  const order = paid && shop.orders.get(paid.orderId);
  // The reference is the shop's order only when the resource is the one the order made.
  if (order && order.billingId === paid.billingId) {
    const applied = shop.orders.paidBy(order.id, event);
    log(`event=webhook_applied eventId=${event.id} type=${event.type} orderId=${order.id} new=${applied}`);
  } else {
    log(`event=webhook_ignored eventId=${event.id} type=${event.type}`);
  }
  return send(response, 204, {});
}

/** The order an event pays, by the merchantRef the shop gave: {orderId, billingId}, or null. */
export function paidOrder(event) {
  const data = event.data || {};
  const resource = {
    'subscription.activated': data.subscription,
    'invoice.paid': data.subscription,
    'payment.paid': data.payment,
  }[event.type];
  return resource ? { orderId: resource.merchantRef, billingId: resource.id } : null;
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function html(body) {
  return { type: 'text/html; charset=utf-8', body };
}

function send(response, status, { type, body, location }) {
  const headers = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
  if (type) headers['content-type'] = type;
  if (location) headers.location = location;
  response.writeHead(status, headers);
  response.end(body);
}
