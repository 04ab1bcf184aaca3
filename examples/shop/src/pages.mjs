// The shop's pages, rendered on the server as plain HTML: landmarks, labelled fields, and stable data-* hooks
// (data-product, data-action, data-order-status) that tests and scripts may rely on.

const STATUS_TEXT = {
  pending: 'Pending: waiting for your payment. This page updates by itself once the payment arrives.',
  paid: 'Paid. Thank you!',
};

export function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function layout(title, body, { script } = {}) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Example Shop</title>
<link rel="stylesheet" href="/shop.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="/">Example Shop</a>
<span class="mode">Test mode</span>
</header>
${body}
<footer class="site">
<p>An example merchant of the USDC billing platform: payments go through its hosted checkout.</p>
</footer>
</body>
</html>
`;
}

/** What an interval says after an amount. */
function every(interval) {
  return interval === 'once' ? 'once' : `every ${interval}`;
}

/** The home page: each product with its buy form; `problem` is {product, wallet, message} after a refused form. */
export function homePage(catalog, problem = null) {
  const products = Object.values(catalog).map((product) => {
    const failed = problem && problem.product === product.key;
    const field = `wallet-${product.key}`;
    return `<section class="product" data-product="${escape(product.key)}" aria-labelledby="product-${escape(product.key)}">
<h2 id="product-${escape(product.key)}">${escape(product.title)}</h2>
<p>${escape(product.description)}</p>
<p class="price"><strong>${escape(product.amountUsdc)} USDC</strong> ${escape(every(product.interval))}</p>
<form method="post" action="/buy">
<input type="hidden" name="product" value="${escape(product.key)}">
<label for="${field}">Your wallet address</label>
<input id="${field}" name="wallet" type="text" required autocomplete="off" spellcheck="false"
 pattern="0x[0-9a-fA-F]{40}" aria-describedby="${field}-hint${failed ? ` ${field}-error` : ''}"${failed ? ' aria-invalid="true"' : ''}
 value="${failed ? escape(problem.wallet) : ''}">
<p class="hint" id="${field}-hint">The wallet you pay from on the checkout page: 0x and 40 hexadecimal digits.</p>
${failed ? `<p class="error" id="${field}-error" role="alert">${escape(problem.message)}</p>` : ''}
<button type="submit" data-action="buy">${product.interval === 'once' ? 'Buy' : 'Subscribe'} for ${escape(product.amountUsdc)} USDC</button>
</form>
</section>`;
  });
  return layout('Shop', `<main id="main" data-page="home">
<h1>Example Shop</h1>
<p>Choose a product, give the wallet you will pay from, and pay in USDC on the secure checkout page.</p>
<div class="products">
${products.join('\n')}
</div>
</main>`);
}

/** An order: its status (pending, then paid once the webhook came), what was bought and the way back to checkout. */
export function orderPage(order, product, { canceled = false } = {}) {
  const pending = order.status === 'pending';
  const rows = [
    ['Order', order.id],
    ['Product', product.title],
    ['Amount', `${product.amountUsdc} USDC ${every(product.interval)}`],
    ['Wallet', order.wallet],
    [product.interval === 'once' ? 'Payment' : 'Subscription', order.billingId || 'not created'],
  ];
  if (order.paidAt) {
    rows.push(['Paid at', order.paidAt]);
  }
  const next = pending
    ? `${canceled ? '<p class="notice">You left the checkout page before paying. Your order is kept: continue whenever you are ready.</p>' : ''}
${order.checkoutUrl ? `<p><a class="button" href="${escape(order.checkoutUrl)}" data-action="checkout">Continue to checkout</a></p>` : ''}`
    : `<p>${product.interval === 'once' ? 'Your sticker pack is on its way.' : 'Your Pro plan is active; it renews every month.'}</p>`;
  return layout(`Order ${order.id}`, `<main id="main" data-page="order" data-order-id="${escape(order.id)}">
<h1>Your order</h1>
<p class="status status-${escape(order.status)}" data-order-status="${escape(order.status)}" role="status">${escape(STATUS_TEXT[order.status])}</p>
<dl class="details">
${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('\n')}
</dl>
${next}
<p><a href="/">Back to the shop</a></p>
</main>`, { script: pending ? '/order.js' : null });
}

/** A page saying what went wrong, with the API's request id when there is one. */
export function problemPage(title, message, requestId) {
  return layout(title, `<main id="main" data-page="problem">
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
${requestId ? `<p>Request id: <code>${escape(requestId)}</code></p>` : ''}
<p><a href="/">Back to the shop</a></p>
</main>`);
}
