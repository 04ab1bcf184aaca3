/** The merchant's catalog of products and prices (control plane, PostgreSQL), scoped by merchant and mode. */
@NullMarked
package io.abk.billing.gateway.api.catalog;

import org.jspecify.annotations.NullMarked;
