/**
 * What every area of the gateway shares and none owns: the HTTP conventions and filters, exact JSON reading, R2DBC
 * helpers, id minting, in-process caches, rate limits, health checks and the API description. It depends on no
 * other area but {@code config}.
 */
@NullMarked
package io.abk.billing.gateway.platform;

import org.jspecify.annotations.NullMarked;
