/** API keys and the operator token: hashing, lookup, rotation, revocation, and who is calling. */
@NullMarked
package io.abk.billing.gateway.auth;

import org.jspecify.annotations.NullMarked;
