/** Merchants (control plane): their names, display names and default payout addresses. */
@NullMarked
package io.abk.billing.gateway.controlplane.merchant;

import org.jspecify.annotations.NullMarked;
