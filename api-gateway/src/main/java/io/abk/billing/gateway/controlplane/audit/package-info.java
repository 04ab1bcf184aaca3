/**
 * The control-plane audit log: one entry per change to merchants, API keys, the catalog, webhook endpoints and test
 * clocks (and per redelivery asked for), written in the same database transaction as the change, and listed newest
 * first for operators.
 */
@NullMarked
package io.abk.billing.gateway.controlplane.audit;

import org.jspecify.annotations.NullMarked;
