/**
 * The calling team member's own settings under {@code /v1/me}: their second factor. A member's call only (through the
 * dashboard); an API key acts for no person, so it is refused.
 */
@NullMarked
package io.abk.billing.gateway.api.me;

import org.jspecify.annotations.NullMarked;
