/** Small helpers shared by the gateway's R2DBC repositories. */
@NullMarked
package io.abk.billing.gateway.platform.db;

import org.jspecify.annotations.NullMarked;
