/**
 * Typed configuration of the gateway, validated at start, for the settings more than one area reads (an area's own
 * settings stay in its package), and the gateway's one wall clock.
 */
@NullMarked
package io.abk.billing.gateway.config;

import org.jspecify.annotations.NullMarked;
