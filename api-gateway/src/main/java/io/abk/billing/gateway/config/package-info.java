/** Typed configuration of the gateway, validated at start. */
@NullMarked
package io.abk.billing.gateway.config;

import org.jspecify.annotations.NullMarked;
