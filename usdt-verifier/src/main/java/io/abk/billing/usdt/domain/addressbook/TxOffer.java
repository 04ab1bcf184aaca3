package io.abk.billing.usdt.domain.addressbook;

/**
 * A transaction a poll sent to an open intent as a confirm, whose answer has not come back: until the intent is
 * confirmed (it leaves the book) or reopened (it joins the book again), the intent is offered no other transaction
 * and the transaction no other intent.
 */
public record TxOffer(String intentId, String txHash) {}
