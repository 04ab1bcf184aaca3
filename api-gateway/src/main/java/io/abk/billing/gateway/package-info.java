/**
 * The api-gateway: the merchant REST API ({@code /v1}), the operator API ({@code /admin/v1}), public checkout
 * routes, and the read model projected from Kafka. Writes go to Kafka as commands; reads come from PostgreSQL.
 *
 * <p>Its packages sit in areas that depend on each other one way (docs/architecture.md, "The gateway's areas"):
 * {@code operator} and {@code checkout} above {@code api}, then {@code command}, {@code readmodel},
 * {@code controlplane}, {@code platform} and {@code config}.
 */
@NullMarked
package io.abk.billing.gateway;

import org.jspecify.annotations.NullMarked;
