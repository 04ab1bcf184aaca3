/**
 * API keys and the operator token: hashing, lookup, rotation, revocation, and the filters that find out who is calling
 * (the {@code Caller} of a key, the {@code Operator} of the token) before a route runs.
 */
@NullMarked
package io.abk.billing.gateway.controlplane.auth;

import org.jspecify.annotations.NullMarked;
