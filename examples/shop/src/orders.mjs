// The shop's orders, kept in one JSON file under its data directory and rewritten whole (through a temporary file and
// a rename, so a crash never leaves half a file) on each change. An example's store: one process, a few orders.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class Orders {
  constructor(dataDir) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'orders.json');
    this.orders = existsSync(this.file) ? JSON.parse(readFileSync(this.file, 'utf8')) : {};
  }

  /** A new pending order of the product for the buyer's wallet. */
  create(product, wallet) {
    const order = {
      id: 'ord_' + randomBytes(8).toString('hex'),
      product,
      wallet,
      status: 'pending',
      createdAt: new Date().toISOString(),
      paidAt: null,
      billingId: null,
      checkoutUrl: null,
      events: [],
    };
    this.orders[order.id] = order;
    this.save();
    return order;
  }

  get(id) {
    return Object.hasOwn(this.orders, id) ? this.orders[id] : null;
  }

  /** Records the subscription or payment made for the order and its checkout page. */
  attach(id, billingId, checkoutUrl) {
    Object.assign(this.orders[id], { billingId, checkoutUrl });
    this.save();
  }

  /**
   * Marks the order paid by the event, once per event id (deliveries are at least once). Returns whether the event
   * was new; an order stays paid whatever arrives after.
   */
  paidBy(id, event) {
    const order = this.orders[id];
    if (order.events.includes(event.id)) {
      return false;
    }
    order.events.push(event.id);
    if (order.status !== 'paid') {
      order.status = 'paid';
      order.paidAt = event.createdAt;
    }
    this.save();
    return true;
  }

  save() {
    const temporary = this.file + '.tmp';
    writeFileSync(temporary, JSON.stringify(this.orders, null, 2));
    renameSync(temporary, this.file);
  }
}
