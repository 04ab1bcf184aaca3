// What the shop sells, made sure of in the merchant's catalog on every start: each product is found again by its name
// (and its price by interval and amount) rather than made twice.

/** The shop's two products; `key` is the shop's own name for each (its pages' data-product). */
export const PRODUCTS = [
  {
    key: 'plan',
    title: 'Pro plan',
    name: 'Example Shop Pro plan',
    description: 'Every guide in the shop, with a new one each month.',
    amountUsdc: '12.5',
    interval: 'month',
  },
  {
    key: 'item',
    title: 'Sticker pack',
    name: 'Example Shop sticker pack',
    description: 'Ten stickers, one-time purchase.',
    amountUsdc: '4',
    interval: 'once',
  },
];

/** Every product of PRODUCTS with its price in the merchant's catalog, found or created: `{plan: {...}, item: {...}}`. */
export async function ensureCatalog(billing) {
  const existing = [];
  for await (const product of billing.products.list()) {
    existing.push(product);
  }
  const catalog = {};
  for (const spec of PRODUCTS) {
    catalog[spec.key] = { ...spec, ...(await ensureProduct(billing, spec, existing)) };
  }
  return catalog;
}

async function ensureProduct(billing, spec, existing) {
  const product = existing.find((candidate) => candidate.name === spec.name && candidate.active);
  if (!product) {
    // The key makes a retried start (or two starting at once) create the product once.
    const created = await billing.products.create(
      { name: spec.name, description: spec.description, prices: [{ amountUsdc: spec.amountUsdc, interval: spec.interval }] },
      { idempotencyKey: `example-shop-product-${spec.key}-${spec.interval}-${spec.amountUsdc}` },
    );
    return { productId: created.id, priceId: created.prices[0].id };
  }
  const price = product.prices.find(
    (candidate) => candidate.active && candidate.interval === spec.interval && sameAmount(candidate.amountUsdc, spec.amountUsdc),
  );
  if (price) {
    return { productId: product.id, priceId: price.id };
  }
  const created = await billing.products.createPrice(product.id, { amountUsdc: spec.amountUsdc, interval: spec.interval });
  return { productId: product.id, priceId: created.id };
}

/** Whether two decimal texts are the same amount ("12.5" and "12.500000"), compared as text: no float rounding. */
export function sameAmount(a, b) {
  return normalise(String(a)) === normalise(String(b));
}

function normalise(amount) {
  const [whole, fraction = ''] = amount.split('.');
  const digits = fraction.replace(/0+$/, '');
  return (whole.replace(/^0+(?=\d)/, '') || '0') + (digits ? '.' + digits : '');
}

/** The events the shop acts on. */
export const WEBHOOK_EVENTS = ['subscription.activated', 'invoice.paid', 'payment.paid'];

/**
 * The shop's webhook endpoint at its own URL and its signing secret: the endpoint with that URL is found again (enabled
 * again if it was disabled) and its secret read with revealSecret; with none, it is created.
 */
export async function ensureWebhookEndpoint(billing, url) {
  for await (const endpoint of billing.webhookEndpoints.list()) {
    if (endpoint.url !== url) {
      continue;
    }
    const missing = WEBHOOK_EVENTS.filter((type) => !endpoint.enabledEvents.includes(type) && !endpoint.enabledEvents.includes('*'));
    if (endpoint.disabled || missing.length > 0) {
      const events = endpoint.enabledEvents.includes('*') ? ['*'] : [...new Set([...endpoint.enabledEvents, ...missing])];
      await billing.webhookEndpoints.update(endpoint.id, { disabled: false, enabledEvents: events });
    }
    const { secret } = await billing.webhookEndpoints.revealSecret(endpoint.id);
    return { endpointId: endpoint.id, secret, found: true };
  }
  const { webhookEndpoint, secret } = await billing.webhookEndpoints.create({
    url,
    enabledEvents: WEBHOOK_EVENTS,
    description: 'Example shop: marks orders paid',
  });
  return { endpointId: webhookEndpoint.id, secret, found: false };
}
