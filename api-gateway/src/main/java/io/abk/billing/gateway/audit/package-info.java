/**
 * The control-plane audit log: one entry per change to merchants, API keys and the catalog, written in the
 * same database transaction as the change, and listed newest first for operators.
 */
@NullMarked
package io.abk.billing.gateway.audit;

import org.jspecify.annotations.NullMarked;
