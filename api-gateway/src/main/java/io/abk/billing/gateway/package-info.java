/**
 * The api-gateway: the merchant REST API ({@code /v1}), the operator API ({@code /admin/v1}), public checkout
 * routes, and the read model projected from Kafka. Writes go to Kafka as commands; reads come from PostgreSQL.
 */
@NullMarked
package io.abk.billing.gateway;

import org.jspecify.annotations.NullMarked;
