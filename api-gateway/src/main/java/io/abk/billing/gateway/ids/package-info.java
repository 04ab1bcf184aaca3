/** Minting the ids of control-plane rows in creation order within this process. */
@NullMarked
package io.abk.billing.gateway.ids;

import org.jspecify.annotations.NullMarked;
